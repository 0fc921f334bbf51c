/// A theme file that cannot be parsed, with the place a theme author has to look.
public struct TemplateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based, in the file's own text.
    public let line: Int
    public let column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(message)" }
}
