import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stripe's REST API, the one call the service makes: Foundation's URLSession (libcurl on Linux)
/// rather than an HTTP client package, which would add minutes to every clean build for one POST.
struct StripeClient: Sendable {
    let settings: StripeSettings
    /// Stripe answers session creation in well under a second; a shopper should not wait for longer than this.
    let timeout: TimeInterval
    /// A session of its own: the request timeout alone is per attempt, and libcurl tries a POST
    /// again on a new connection when the first one drops, so the whole exchange gets the
    /// resource timeout too.
    private let session: URLSession

    init(settings: StripeSettings, timeout: TimeInterval = 20) {
        self.settings = settings
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        session = URLSession(configuration: configuration)
    }

    /// A created session: where to send the shopper, and the id Stripe's events will name.
    struct CreatedSession: Decodable, Sendable, Hashable {
        var id: String
        var url: String
    }

    /// Why Stripe did not give a session. None of these is the shopper's doing.
    enum Failure: Error, Sendable, Hashable {
        /// Stripe refused the request (4xx): the shop's settings or this code are wrong.
        case refused(status: Int, message: String)
        /// Stripe had a problem (5xx) or its answer could not be read.
        case unavailable(status: Int, message: String)
        /// No answer at all.
        case unreachable(String)
    }

    func createCheckoutSession(_ request: CheckoutSessionRequest) async throws(Failure) -> CreatedSession {
        guard let url = URL(string: settings.apiBase + "/v1/checkout/sessions") else { throw .unreachable("bad API base URL") }
        var http = URLRequest(url: url, timeoutInterval: timeout)
        http.httpMethod = "POST"
        http.setValue("Bearer \(settings.secretKey)", forHTTPHeaderField: "Authorization")
        http.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        // A retried Pay press, or a second instance, gets the same session rather than a second one.
        http.setValue(request.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        http.httpBody = Data(request.form.encoded.utf8)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: http)
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let message = Self.errorMessage(in: data) ?? "HTTP \(status)"
            throw (400..<500).contains(status) ? .refused(status: status, message: message) : .unavailable(status: status, message: message)
        }
        guard let session = try? JSONDecoder().decode(CreatedSession.self, from: data), session.url.hasPrefix("http") else {
            throw .unavailable(status: status, message: "the answer is not a Checkout Session with a url")
        }
        return session
    }

    /// Stripe's `{"error": {"message": …}}`.
    static func errorMessage(in data: Data) -> String? {
        struct Body: Decodable {
            struct Detail: Decodable {
                var message: String?
                var code: String?
                var param: String?
            }
            var error: Detail
        }
        guard let body = try? JSONDecoder().decode(Body.self, from: data) else { return nil }
        return [body.error.message, body.error.code.map { "code \($0)" }, body.error.param.map { "param \($0)" }]
            .compactMap { $0 }.joined(separator: "; ")
    }
}
