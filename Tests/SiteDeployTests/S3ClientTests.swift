import Crypto
import Foundation
import Testing

@testable import SiteDeploy

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client against a transport that answers from a script, so what is sent, retried and
/// reported is checked without a server (scripts/e2e-s3.sh runs it against moto).
@Suite struct S3ClientTests {
    /// Records each request and answers with the next scripted status and body; `nil` drops the
    /// connection.
    actor Exchange {
        var answers: [(Int, String)?]
        var requests: [URLRequest] = []
        init(_ answers: [(Int, String)?]) { self.answers = answers }

        func answer(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
            requests.append(request)
            guard let next = answers.isEmpty ? (200, "") : answers.removeFirst() else { throw URLError(.networkConnectionLost) }
            return (Data(next.1.utf8), HTTPURLResponse(url: request.url!, statusCode: next.0, httpVersion: "HTTP/1.1", headerFields: [:])!)
        }
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("s3client-\(UUID().uuidString)")
    let credentials = S3Credentials(accessKeyID: "AKID", secretAccessKey: "secret")

    func client(_ exchange: Exchange, prefix: String = "shop/") throws -> S3Client {
        let location = try S3Location(bucket: "bucket", prefix: prefix, endpoint: "http://127.0.0.1:9000", region: "eu-west-1")
        return S3Client(
            location: location, credentials: credentials, transport: { try await exchange.answer($0) }, retryDelays: [.zero, .zero, .zero])
    }

    /// The plan of a folder holding `files`, as a deploy makes it.
    func upload(_ path: String, _ text: String) throws -> DeployPlan.Upload {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        let plan = DeployPlan.between(deployed: nil, current: try DeployManifest.scan(folder), folder: folder)
        return try #require(plan.uploads.first { $0.path == path })
    }

    static let internalError =
        "<?xml version=\"1.0\"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>"

    @Test func putSendsTheFileWithItsHeadersSignedToItsPathStyleURL() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = try upload("pictures/a b.webp", "RIFF....WEBP")
        let exchange = Exchange([])
        try await client(exchange).put(upload)
        let requests = await exchange.requests
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.httpMethod == "PUT")
        #expect(request.url?.absoluteString == "http://127.0.0.1:9000/bucket/shop/pictures/a%20b.webp")
        #expect(request.httpBody == Data("RIFF....WEBP".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "12")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == PublishRules.contentType(for: "pictures/a b.webp"))
        #expect(request.value(forHTTPHeaderField: "Cache-Control") == PublishRules.immutable)
        #expect(request.value(forHTTPHeaderField: "x-amz-content-sha256") == SignatureV4.hex(SHA256.hash(data: Data("RIFF....WEBP".utf8))))

        // The Authorization is the one a receiver computes from the headers as they arrive.
        let date = try #require(request.value(forHTTPHeaderField: "x-amz-date"))
        let authorization = try #require(request.value(forHTTPHeaderField: "Authorization"))
        #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKID/\(date.prefix(8))/eu-west-1/s3/aws4_request, "))
        #expect(authorization.contains("SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,"))
        let signed = ["cache-control", "content-type", "x-amz-content-sha256"].reduce(into: [String: String]()) {
            $0[$1] = request.value(forHTTPHeaderField: $1)
        }
        let parts = try #require(Self.instant(ofAmzDate: date))
        let receiver = SignatureV4(accessKeyID: "AKID", secretAccessKey: "secret", region: "eu-west-1")
        let expected = receiver.authorization(method: "PUT", url: request.url!, headers: signed, payloadHash: upload.digest, date: parts)
        #expect(authorization == expected["Authorization"])
    }

    @Test func putRefusesAFileChangedSinceTheScanWithoutSendingIt() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = try upload("index.html", "<p>old</p>")
        try Data("<p>new</p>".utf8).write(to: upload.source)
        let exchange = Exchange([])
        await #expect(throws: DeployError.self) { try await client(exchange).put(upload) }
        #expect(await exchange.requests.isEmpty)
    }

    @Test func deleteSendsASignedDeleteOfTheKey() async throws {
        let exchange = Exchange([(204, "")])
        try await client(exchange).delete("products/old/index.html")
        let request = try #require(await exchange.requests.first)
        #expect(request.httpMethod == "DELETE")
        #expect(request.url?.absoluteString == "http://127.0.0.1:9000/bucket/shop/products/old/index.html")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "x-amz-content-sha256") == SignatureV4.emptyPayloadHash)
        #expect(request.value(forHTTPHeaderField: "Authorization")?.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date,") == true)
    }

    @Test func triesAgainAfterServerErrorsAndDroppedConnections() async throws {
        let exchange = Exchange([(503, "<Error><Code>SlowDown</Code></Error>"), nil, (500, Self.internalError), (204, "")])
        try await client(exchange).delete("a.html")
        #expect(await exchange.requests.count == 4)
    }

    @Test func givesUpAfterThreeRetriesWithS3sCodeAndMessage() async throws {
        let exchange = Exchange(Array(repeating: (500, Self.internalError), count: 5))
        let error = await #expect(throws: S3Error.self) { try await client(exchange).delete("a.html") }
        #expect(await exchange.requests.count == 4)
        #expect(
            error
                == S3Error(
                    method: "DELETE", bucket: "bucket", key: "shop/a.html", status: 500, code: "InternalError",
                    message: "We encountered an internal error."))
    }

    @Test func neverRetriesARefusal() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = try upload("index.html", "<p>hi</p>")
        let body =
            "<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match &amp; so on</Message></Error>"
        let exchange = Exchange([(403, body), (200, "")])
        let error = await #expect(throws: S3Error.self) { try await client(exchange, prefix: "").put(upload) }
        #expect(await exchange.requests.count == 1)
        #expect(error?.key == "index.html")
        #expect(error?.status == 403)
        #expect(error?.code == "SignatureDoesNotMatch")
        #expect(error?.message == "The request signature we calculated does not match & so on")
        #expect(error?.description.contains("check AWS_SECRET_ACCESS_KEY") == true)
    }

    @Test func anAnswerWithoutS3sErrorBodyIsReportedByItsStatus() {
        let error = S3Error(method: "PUT", bucket: "b", key: "k", status: 502, body: "<html>Bad Gateway</html>")
        #expect(error.code == "HTTP502")
        #expect(error.isTransient)
        #expect(!S3Error(method: "PUT", bucket: "b", key: "k", status: 404, body: "").isTransient)
    }

    /// The instant an `x-amz-date` (`20150830T123600Z`) names.
    static func instant(ofAmzDate stamp: String) -> Date? {
        let digits = stamp.filter(\.isNumber).map { Int(String($0))! }
        guard digits.count == 14 else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(
                year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10), minute: number(10..<12),
                second: number(12..<14)))
    }
}
