import BuildEngine
import Crypto
import Foundation
import Hummingbird

/// Who may use the editor and which writes are the page's own. Each browser gets a session
/// cookie; every form carries a token made from it with a key that lives only as long as the
/// server, and a write must also come from the editor's own origin. With an access token (for
/// a host other than loopback) every request must show it, once in the link and then as a cookie.
struct EditorSecurity: Sendable {
    static let sessionCookie = "vitrine-edit-session"
    static let tokenCookie = "vitrine-edit-token"
    static let cookiePath = "/_vitrine/edit"

    private let key = SymmetricKey(size: .bits256)
    let accessToken: String?

    init(accessToken: String?) {
        self.accessToken = accessToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func newSession() -> String {
        SymmetricKey(size: .bits128).withUnsafeBytes { ContentDigest.hex($0) }
    }

    func session(of request: Request) -> String? {
        guard let value = request.cookies[Self.sessionCookie]?.value, value.count == 32,
            value.allSatisfy({ $0.isHexDigit })
        else { return nil }
        return value
    }

    func csrfToken(session: String) -> String {
        ContentDigest.hex(HMAC<SHA256>.authenticationCode(for: Data(session.utf8), using: key))
    }

    /// Whether a write carries the form token of its session and comes from the editor's origin.
    func allowsWrite(_ request: Request, token: String?) -> WriteRefusal? {
        guard let session = session(of: request) else { return .noSession }
        guard let token, Self.equal(token, csrfToken(session: session)) else { return .badToken }
        guard let authority = request.head.authority else { return .badOrigin }
        let origin = request.headers[.origin] ?? request.headers[.referer].flatMap(Self.origin(ofURL:))
        guard let origin, origin == "http://" + authority || origin == "https://" + authority else { return .badOrigin }
        return nil
    }

    enum WriteRefusal: Error {
        case noSession, badToken, badOrigin

        var message: String {
            switch self {
            case .noSession: "The editor's session cookie is missing. Open the editor again and repeat the change."
            case .badToken: "The form's token does not match this session (the server restarted, or the form is not the editor's). Reload the form and save again."
            case .badOrigin: "The request did not come from the editor's own pages. Open the editor and save from there."
            }
        }
    }

    /// Whether a request may see the editor at all: always without an access token; with one,
    /// when its cookie or `token` query parameter holds it.
    func admits(_ request: Request) -> Bool {
        guard let accessToken else { return true }
        if let cookie = request.cookies[Self.tokenCookie]?.value, Self.equal(cookie, accessToken) { return true }
        if let query = request.uri.queryParameters["token"], Self.equal(String(query), accessToken) { return true }
        return false
    }

    /// `https://host:8000/path` → `https://host:8000`.
    static func origin(ofURL text: String) -> String? {
        guard let url = URLComponents(string: text), let scheme = url.scheme, let host = url.host else { return nil }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// Compares in time that does not depend on where the texts differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
