public import Foundation

/// Where a site goes in S3: a bucket, a key prefix inside it, and the server that holds it.
///
/// Requests are always path-style (`endpoint/bucket/key`): it works the same on AWS, MinIO,
/// Cloudflare R2 and moto, and with bucket names holding dots, which break TLS in the
/// virtual-hosted style (`bucket.endpoint/key`).
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    public var bucket: String
    /// Empty, or the keys' common start ending in `/` (`shop/` for `s3://bucket/shop`).
    public var prefix: String
    public var region: String
    /// Without a trailing `/`.
    public var endpoint: URL

    /// `bucket` and `prefix` as `DeployTarget.s3` holds them; `endpoint` for an S3-compatible
    /// server (`http://127.0.0.1:9000`), else AWS's endpoint of the region.
    public init(bucket: String, prefix: String = "", endpoint: String? = nil, region: String = "us-east-1") throws(DeployError) {
        let segments = prefix.split(separator: "/", omittingEmptySubsequences: true)
        // libcurl resolves `.` and `..` in a path before sending it, so S3 would get another key
        // than the one signed.
        if let bad = segments.first(where: { $0 == "." || $0 == ".." }) {
            throw .target("s3://\(bucket)/\(prefix): the prefix may not hold a \"\(bad)\" folder")
        }
        guard !region.isEmpty, region.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else {
            throw .target("\"\(region)\" is not an AWS region (like eu-west-1); set AWS_REGION")
        }
        var server = endpoint ?? "https://s3.\(region).amazonaws.com"
        while server.hasSuffix("/") { server.removeLast() }
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        else { throw .target("--endpoint \(endpoint ?? server): give the server as http(s)://HOST[:PORT]") }
        self.bucket = bucket
        self.prefix = segments.isEmpty ? "" : segments.joined(separator: "/") + "/"
        self.region = region
        self.endpoint = url
    }

    /// The region from `AWS_REGION` or `AWS_DEFAULT_REGION` (what the AWS CLI reads), else us-east-1.
    public static func region(in environment: [String: String]) -> String {
        [environment["AWS_REGION"], environment["AWS_DEFAULT_REGION"]].compactMap { $0 }.first { !$0.isEmpty } ?? "us-east-1"
    }

    /// The object key of a file of the site.
    public func key(for path: String) -> String { prefix + path }

    /// The request URL of a file, its key encoded as the signature encodes it, so the path S3
    /// receives is the one that was signed.
    public func url(for path: String) -> URL {
        let encoded = ([bucket] + key(for: path).split(separator: "/", omittingEmptySubsequences: false).map(String.init))
            .map { SignatureV4.uriEncode($0) }.joined(separator: "/")
        return URL(string: endpoint.absoluteString + "/" + encoded)!
    }

    public var description: String { "s3://\(bucket)/\(prefix)" }
}
