extension Diagnostic {
    /// The diagnostic for editors and other tools (`--diagnostics json`): severity, path, line,
    /// column and message. Line and column are left out when unknown rather than written as 0,
    /// which no editor could jump to.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "severity": .string(severity.rawValue), "path": .string(location.path), "message": .string(message),
        ]
        if location.line > 0 { members["line"] = .int(location.line) }
        if location.column > 0 { members["column"] = .int(location.column) }
        return .object(members)
    }
}
