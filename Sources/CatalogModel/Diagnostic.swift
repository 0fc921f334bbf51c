/// One problem found in the input, printed as `path:line:column: error: message`.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}

extension Array where Element == Diagnostic {
    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }

    /// `--strict`: every warning becomes an error, with the same position and text.
    public func promotingWarnings() -> [Diagnostic] {
        map { var d = $0; d.severity = .error; return d }
    }

    /// `3 errors, 1 warning in 212 files`
    public func summary(fileCount: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n.formatted()) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errorCount, "error")), \(plural(warningCount, "warning")) in \(plural(fileCount, "file"))"
    }
}

extension Int {
    /// Thousands grouped with commas whatever the machine's locale, so output is the same everywhere.
    public func formatted() -> String {
        let digits = String(self.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return self < 0 ? "-" + out : out
    }
}
