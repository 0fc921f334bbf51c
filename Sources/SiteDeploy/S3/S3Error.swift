import Foundation

/// A request S3 refused or never answered, with what a person reading a CI log needs to act:
/// which object, S3's own code and message, and for the usual codes what to check.
public struct S3Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// `PUT` or `DELETE`.
    public var method: String
    public var bucket: String
    public var key: String
    /// 0 when there was no answer (`code` is then `NoResponse`).
    public var status: Int
    /// S3's `<Code>`, like `AccessDenied` or `SignatureDoesNotMatch`.
    public var code: String
    public var message: String

    public init(method: String, bucket: String, key: String, status: Int, code: String, message: String) {
        self.method = method
        self.bucket = bucket
        self.key = key
        self.status = status
        self.code = code
        self.message = message
    }

    /// From an error answer's body: S3's `<Error><Code>…</Code><Message>…</Message></Error>`, or
    /// for a body that is not that (a proxy's HTML page), the status alone.
    init(method: String, bucket: String, key: String, status: Int, body: String) {
        let code = Self.element("Code", in: body) ?? "HTTP\(status)"
        let message = Self.element("Message", in: body) ?? (body.isEmpty || body.hasPrefix("<") ? "" : String(body.prefix(200)))
        self.init(method: method, bucket: bucket, key: key, status: status, code: code, message: message)
    }

    /// 5xx (S3's `InternalError` and `SlowDown`) and no answer pass if tried again; a 4xx says
    /// the request itself is wrong and would be refused again.
    public var isTransient: Bool { status == 0 || status >= 500 }

    public var description: String {
        let answer = status == 0 ? "no answer" : "\(status) \(code)"
        var text = "\(method) s3://\(bucket)/\(key): \(answer)" + (message.isEmpty ? "" : ": \(message)")
        if let hint { text += "; " + hint }
        return text
    }

    var hint: String? {
        switch code {
        case "SignatureDoesNotMatch": "check AWS_SECRET_ACCESS_KEY"
        case "InvalidAccessKeyId": "check AWS_ACCESS_KEY_ID"
        case "InvalidToken", "ExpiredToken": "AWS_SESSION_TOKEN is not valid any more; get new temporary credentials"
        case "AccessDenied": "the key needs s3:PutObject and s3:DeleteObject on s3://\(bucket)/*"
        case "NoSuchBucket": "create the bucket or check the s3:// address and --endpoint"
        case "AuthorizationHeaderMalformed", "PermanentRedirect": "set AWS_REGION to the bucket's region"
        case "RequestTimeTooSkewed": "this machine's clock is off; sync it"
        case "XAmzContentSHA256Mismatch", "BadDigest": "the file changed while it was sent; build again and deploy"
        default: nil
        }
    }

    /// The text of the first `<name>` element, entities decoded; enough for S3's flat error bodies.
    static func element(_ name: String, in body: String) -> String? {
        guard let open = body.range(of: "<\(name)>"), let close = body.range(of: "</\(name)>", range: open.upperBound..<body.endIndex) else {
            return nil
        }
        return String(body[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
