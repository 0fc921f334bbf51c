/// Why `vitrine init` wrote nothing (or, for `cannotWrite`, stopped).
public enum ShopStarterError: Error, Equatable, CustomStringConvertible {
    case notEmpty(String, entries: [String])
    case notAFolder(String)
    case cannotWrite(String, reason: String)

    public var description: String {
        switch self {
        case .notEmpty(let folder, let entries):
            let shown = entries.prefix(5).joined(separator: ", ") + (entries.count > 5 ? ", …" : "")
            return "\(folder) is not empty (\(shown)); choose an empty folder, or pass --force to write the new shop's files over it"
        case .notAFolder(let path):
            return "\(path) is a file, not a folder"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
