import Crypto
public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two requests a deploy makes of S3, PUT Object and DELETE Object, signed, and tried again
/// when S3 or the network had a passing problem.
///
/// Foundation's URLSession (libcurl on Linux), as the checkout's Stripe client: an HTTP client
/// package would add minutes to every clean build for two request kinds. One DELETE a file
/// rather than the batch DeleteObjects: a deploy deletes a handful of files, and the batch needs
/// a Content-MD5 and an XML body that some S3-compatible servers handle differently.
public struct S3Client: Sendable {
    public let location: S3Location
    let signature: SignatureV4
    let transport: Transport
    /// The wait before each retry: three retries, the last after 3.5 s in all, which outlasts
    /// S3's usual `SlowDown` and a dropped connection without holding a failed deploy for long.
    let retryDelays: [Duration]

    /// One exchange: the answer's status and body, or a thrown error when there was none.
    typealias Transport = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    public init(location: S3Location, credentials: S3Credentials, timeout: TimeInterval = 60) {
        self.init(location: location, credentials: credentials, transport: Self.urlSession(timeout: timeout))
    }

    init(
        location: S3Location, credentials: S3Credentials, transport: @escaping Transport,
        retryDelays: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2)]
    ) {
        self.location = location
        self.signature = credentials.signature(region: location.region)
        self.transport = transport
        self.retryDelays = retryDelays
    }

    /// Sends one file of the site with the headers `PublishRules` gives its path. The bytes are
    /// checked against the plan's digest first: a file rewritten since the scan would otherwise
    /// be recorded as deployed with bytes it no longer has.
    public func put(_ upload: DeployPlan.Upload) async throws {
        let body: Data
        do {
            body = try Data(contentsOf: upload.source)
        } catch {
            throw DeployError.unreadable(path: upload.source.path, reason: "\(error.localizedDescription)")
        }
        guard SignatureV4.hex(SHA256.hash(data: body)) == upload.digest else {
            throw DeployError.unreadable(path: upload.source.path, reason: "changed since the site was scanned; build again, then deploy")
        }
        let headers = [
            "Content-Type": PublishRules.contentType(for: upload.path),
            "Cache-Control": PublishRules.cacheControl(for: upload.path),
            "x-amz-content-sha256": upload.digest,
        ]
        try await send("PUT", path: upload.path, headers: headers, body: body, payloadHash: upload.digest)
    }

    /// Removes one file of the site; S3 answers the same whether or not it was there.
    public func delete(_ path: String) async throws {
        try await send(
            "DELETE", path: path, headers: ["x-amz-content-sha256": SignatureV4.emptyPayloadHash], body: nil,
            payloadHash: SignatureV4.emptyPayloadHash)
    }
}

private extension S3Client {
    /// Signs afresh for every attempt, since S3 refuses a signature more than 15 minutes old.
    func send(_ method: String, path: String, headers: [String: String], body: Data?, payloadHash: String) async throws(S3Error) {
        let url = location.url(for: path)
        var attempt = 0
        while true {
            var request = URLRequest(url: url)
            request.httpMethod = method
            let signed = signature.authorization(method: method, url: url, headers: headers, payloadHash: payloadHash, date: Date())
            for (name, value) in headers.merging(signed, uniquingKeysWith: { _, new in new }) {
                request.setValue(value, forHTTPHeaderField: name)
            }
            if let body {
                request.httpBody = body
                request.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
            }
            let failure: S3Error
            do {
                let (data, response) = try await transport(request)
                if (200..<300).contains(response.statusCode) { return }
                failure = S3Error(
                    method: method, bucket: location.bucket, key: location.key(for: path), status: response.statusCode,
                    body: String(decoding: data, as: UTF8.self))
            } catch {
                failure = S3Error(
                    method: method, bucket: location.bucket, key: location.key(for: path), status: 0, code: "NoResponse",
                    message: error.localizedDescription)
            }
            guard failure.isTransient, attempt < retryDelays.count, !Task.isCancelled else { throw failure }
            try? await Task.sleep(for: retryDelays[attempt])
            attempt += 1
        }
    }

    static func urlSession(timeout: TimeInterval) -> Transport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        // Above S3Publisher's default concurrency, so uploads never queue for a connection.
        configuration.httpMaximumConnectionsPerHost = 16
        let session = URLSession(configuration: configuration)
        // A data task with a completion handler, not `session.data(for:)`: cancelling the Swift
        // task of that one can deadlock on Linux (swift-corelibs-foundation#5412), which a deploy
        // did when it stopped at a refused upload with others in flight. A request sent is never
        // cancelled; the timeout bounds it.
        return { request in
            try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }.resume()
            }
        }
    }
}
