/// A place in a content or template file. Diagnostics carry one so an editor can jump to it.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Path as the user should see it: relative to the content folder's parent.
    public var path: String
    /// 1-based; 0 when only the file is known.
    public var line: Int
    /// 1-based, in Unicode scalars; 0 when unknown.
    public var column: Int

    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String {
        switch (line, column) {
        case (0, _): return path
        case (_, 0): return "\(path):\(line)"
        default: return "\(path):\(line):\(column)"
        }
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
