import Foundation

/// `https://shop.example.com` from a site's base URL: what a browser sends as `Origin`.
enum WebOrigin {
    static func of(_ baseURL: String) -> String? {
        guard let url = URL(string: baseURL), let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
