/// Why a deploy stopped. Each says what would be right, since the person reading it is usually
/// looking at a CI log.
public enum DeployError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case tooManyDeletions(count: Int, limit: Int, examples: [String])
    case target(String)
    case hostLimits([String])
    case remote(command: String, status: Int32, output: String)
    case noRelease(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        case .tooManyDeletions(let count, let limit, let examples):
            return "this deploy would delete \(count) files, more than --max-deletes \(limit) (\(examples.joined(separator: ", "))…); "
                + "check that the right site was built, or raise --max-deletes"
        case .target(let reason):
            return reason
        case .hostLimits(let problems):
            return "the site does not fit the host's limits, nothing was sent:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
        case .remote(let command, let status, let output):
            let detail = output.split(separator: "\n").suffix(5).joined(separator: "\n  ")
            return "\(command) failed with status \(status)" + (detail.isEmpty ? "" : ":\n  " + detail)
        case .noRelease(let reason):
            return reason
        }
    }
}
