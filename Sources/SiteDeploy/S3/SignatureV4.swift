import Crypto
public import Foundation

/// AWS Signature Version 4 with S3's rules, in the Authorization header: the one request signing
/// every S3-compatible store accepts (AWS, MinIO, Cloudflare R2, moto).
///
/// Written here rather than taken from the AWS SDK, which would bring a large dependency tree for
/// two request kinds. It is held to AWS's published examples (SignatureV4Tests). The path is
/// encoded once, as S3 wants; other AWS services encode it twice, which only differs for paths
/// that hold a `%`, and this signer is not meant for them.
public struct SignatureV4: Sendable {
    public var accessKeyID: String
    var secretAccessKey: String
    /// For temporary credentials (an assumed role, GitHub's OIDC): sent and signed as
    /// `x-amz-security-token`.
    public var sessionToken: String?
    public var region: String
    public var service: String

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil, region: String, service: String = "s3") {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }

    /// SHA-256 of no bytes, the payload hash of a GET or DELETE.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// The headers to add to a request so it is signed: `x-amz-date`, `x-amz-security-token` with
    /// temporary credentials, and `Authorization`.
    ///
    /// Every header in `headers` is signed, with `Host` from `url` unless given; S3 also wants
    /// `x-amz-content-sha256`, which the caller passes because only it knows whether the payload
    /// is signed. `payloadHash` is the SHA-256 of the body in lowercase hex.
    public func authorization(method: String, url: URL, headers: [String: String], payloadHash: String, date: Date) -> [String: String] {
        let stamp = Self.timestamp(date)
        let day = String(stamp.prefix(8))
        var added = ["x-amz-date": stamp]
        if let sessionToken { added["x-amz-security-token"] = sessionToken }
        let all = headers.merging(added) { _, new in new }
        let canonical = canonicalRequest(method: method, url: url, headers: all, payloadHash: payloadHash)
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let toSign = stringToSign(canonicalRequest: canonical.text, timestamp: stamp, scope: scope)
        let signature = HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: signingKey(day: day))
        added["Authorization"] =
            "AWS4-HMAC-SHA256 Credential=\(accessKeyID)/\(scope), SignedHeaders=\(canonical.signedHeaders), Signature=\(Self.hex(signature))"
        return added
    }
}

// MARK: The steps, as AWS names them

extension SignatureV4 {
    /// Method, URI, query, headers, the list of signed header names and the payload hash, one a
    /// line, each in the one spelling the receiver computes too.
    func canonicalRequest(method: String, url: URL, headers: [String: String], payloadHash: String) -> (text: String, signedHeaders: String) {
        var canonicalHeaders: [String: [String]] = [:]
        for (name, value) in headers { canonicalHeaders[name.lowercased(), default: []].append(Self.trimmed(value)) }
        if canonicalHeaders["host"] == nil, let host = url.host {
            canonicalHeaders["host"] = [url.port.map { "\(host):\($0)" } ?? host]
        }
        let names = canonicalHeaders.keys.sorted()
        let signedHeaders = names.joined(separator: ";")
        var text = method.uppercased() + "\n" + Self.canonicalURI(url) + "\n" + Self.canonicalQuery(url) + "\n"
        for name in names { text += name + ":" + canonicalHeaders[name]!.joined(separator: ",") + "\n" }
        text += "\n" + signedHeaders + "\n" + payloadHash
        return (text, signedHeaders)
    }

    func stringToSign(canonicalRequest: String, timestamp: String, scope: String) -> String {
        "AWS4-HMAC-SHA256\n\(timestamp)\n\(scope)\n" + Self.hex(SHA256.hash(data: Data(canonicalRequest.utf8)))
    }

    /// The secret never signs a request itself: a key for the day, region and service is derived
    /// from it, so a leaked derived key is worth one day of one service in one region.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data(("AWS4" + secretAccessKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// `20130524T000000Z`, in UTC whatever the machine's zone.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 1970)" + two(parts.month) + two(parts.day)
            + "T" + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }
}

// MARK: Encoding

extension SignatureV4 {
    /// Each path segment decoded, then encoded once with AWS's rules, whatever spelling the URL
    /// used (`$` or `%24`). S3 computes its side from the path as it arrived, so a request must
    /// also be sent in this spelling, which `S3Location.url(for:)` makes.
    static func canonicalURI(_ url: URL) -> String {
        let path = url.path(percentEncoded: true)
        guard !path.isEmpty else { return "/" }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { segment in uriEncode(String(segment).removingPercentEncoding ?? String(segment)) }
            .joined(separator: "/")
    }

    /// Parameters sorted by encoded name, then value; a parameter without `=` gets an empty value
    /// (`?lifecycle` signs as `lifecycle=`).
    static func canonicalQuery(_ url: URL) -> String {
        guard let query = url.query(percentEncoded: true), !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&").map { item -> (String, String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func encoded(_ part: Substring) -> String { uriEncode(String(part).removingPercentEncoding ?? String(part)) }
            return (encoded(parts[0]), parts.count > 1 ? encoded(parts[1]) : "")
        }
        return pairs.sorted { $0 < $1 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// RFC 3986's unreserved characters kept, every other byte of the UTF-8 as `%XX` in capitals;
    /// not Foundation's `addingPercentEncoding`, whose sets keep `$`, `+`, `!` and more.
    static func uriEncode(_ text: String, keepingSlashes: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                result.append("/")
            default:
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// Leading and trailing spaces removed, inner runs of spaces made one.
    static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(64)
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }
}
