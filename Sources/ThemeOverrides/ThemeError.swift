/// Why `vitrine theme copy` or `vitrine theme diff` did nothing.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    /// Names no built-in file; `suggestions` are the closest built-in paths (all of them when none is close).
    case unknownFile(String, suggestions: [String])
    /// Files the copy would overwrite, by their path in the templates folder.
    case wouldOverwrite([String])
    case cannotWrite(String, reason: String)
    /// The `diff` program could not be run.
    case diffFailed(String)

    public var description: String {
        switch self {
        case .unknownFile(let name, let suggestions):
            return "`\(name)` is not a file of the built-in theme; "
                + (suggestions.count <= 5
                    ? "did you mean " + suggestions.map { "`\($0)`" }.joined(separator: " or ") + "?"
                    : "its files are: " + suggestions.joined(separator: ", "))
        case .wouldOverwrite(let paths):
            return (paths.count == 1 ? "\(paths[0]) already exists" : "these files already exist: " + paths.joined(separator: ", "))
                + "; nothing was copied. Pass --force to replace \(paths.count == 1 ? "it" : "them") with the built-in version (your changes there are lost)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .diffFailed(let reason):
            return "cannot compare files with diff: \(reason)"
        }
    }
}
