import Crypto
import Foundation

/// Where `vitrine deploy` publishes, as its first argument names it.
public enum DeployTarget: Sendable, Equatable, CustomStringConvertible {
    /// A folder of releases on a server, reached with ssh and rsync.
    case ssh(user: String?, host: String, port: Int?, path: String)
    /// The same layout on this machine (a mounted share, or the folder a host's own CLI uploads).
    case folder(path: String)
    /// An S3 bucket, or any server that speaks its API, under an optional key prefix.
    case s3(bucket: String, prefix: String)

    /// `ssh://[user@]host[:port]/absolute/path`, `s3://bucket[/prefix]`, `file:///path`, or a path.
    public static func parse(_ text: String) throws(DeployError) -> DeployTarget {
        if text.hasPrefix("ssh://") {
            guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
                throw .target("\(text) is not an ssh target; write e.g. ssh://deploy@shop.example.com/srv/shop")
            }
            let path = url.path
            guard path.hasPrefix("/"), path.count > 1 else {
                throw .target("\(text) names no folder on the server; write its absolute path, e.g. ssh://\(host)/srv/shop")
            }
            return .ssh(user: url.user, host: host, port: url.port, path: trimmed(path))
        }
        if text.hasPrefix("s3://") {
            let rest = text.dropFirst("s3://".count)
            let bucket = String(rest.prefix { $0 != "/" })
            guard isBucketName(bucket) else {
                throw .target("\(text) names no valid bucket (3–63 lowercase letters, digits, dots and hyphens); write e.g. s3://my-shop/site")
            }
            let prefix = rest.dropFirst(bucket.count).split(separator: "/").joined(separator: "/")
            return .s3(bucket: bucket, prefix: prefix.isEmpty ? "" : prefix + "/")
        }
        if text.hasPrefix("file://") {
            return .folder(path: trimmed(URL(string: text)?.path ?? String(text.dropFirst("file://".count))))
        }
        if let scheme = text.range(of: "://") {
            throw .target("\(text): \(text[..<scheme.lowerBound]):// is not a deploy target; use ssh://, s3://, or a folder path")
        }
        guard !text.isEmpty else { throw .target("name a target, e.g. ssh://deploy@shop.example.com/srv/shop") }
        return .folder(path: trimmed(URL(fileURLWithPath: text).standardizedFileURL.path))
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func isBucketName(_ name: String) -> Bool {
        (3...63).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") }
            && name.first!.isLetterOrNumber && name.last!.isLetterOrNumber
    }

    public var description: String {
        switch self {
        case .ssh(let user, let host, let port, let path):
            "ssh://" + (user.map { $0 + "@" } ?? "") + host + (port.map { ":\($0)" } ?? "") + path
        case .folder(let path): path
        case .s3(let bucket, let prefix): "s3://\(bucket)/\(prefix)"
        }
    }

    /// The name of this target's record beside the output: readable, and safe as a file name.
    /// `server` is an S3-compatible server's address: the same bucket name elsewhere is another target.
    func recordName(server: String? = nil) -> String {
        let description = description + (server.map { " " + $0 } ?? "")
        let readable = description.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let digest = SHA256.hash(data: Data(description.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
        return String(String(readable).prefix(80)) + "-" + digest
    }
}

private extension Character {
    var isLetterOrNumber: Bool { isLetter || isNumber }
}
