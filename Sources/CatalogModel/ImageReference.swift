/// A picture: a file under the content's `images/` folder, or a picture hosted elsewhere.
public enum ImageReference: Sendable, Hashable {
    /// Path relative to the content folder, always starting with `images/`; published at the same path.
    case local(String)
    case remote(String)

    /// The URL relative to the site root (no leading slash) or the absolute URL.
    public var sitePath: String {
        switch self {
        case .local(let path): path
        case .remote(let url): url
        }
    }

    /// Vector pictures, which merchant platforms do not take as product images.
    public var isSVG: Bool {
        let path = sitePath.split(separator: "?").first.map(String.init) ?? sitePath
        return path.lowercased().hasSuffix(".svg")
    }

    public var isLocal: Bool { if case .local = self { true } else { false } }

    /// Parses a content value; the error text says what would be right.
    public static func parse(_ text: String) -> Result<ImageReference, FieldError> {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            return WebURL.problem(with: text).map { .failure(FieldError($0)) } ?? .success(.remote(text))
        }
        var path = text
        if path.hasPrefix("/") { path.removeFirst() }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.first == "images", segments.count > 1,
            !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else {
            return .failure(
                FieldError("\"\(text)\" is neither a path under images/ nor an absolute URL; write e.g. images/\(segments.last ?? "photo.png") or https://…"))
        }
        return .success(.local(path))
    }
}

/// Checks for absolute http(s) URLs, the only kind a published shop can link to.
public enum WebURL {
    public static func problem(with text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            return "\"\(text)\" is not an absolute http(s) URL; write e.g. https://example.com/"
        }
        let rest = text.drop(while: { $0 != "/" }).dropFirst(2)
        let host = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        if host.isEmpty || host.contains(" ") || text.contains(where: { $0.isWhitespace }) {
            return "\"\(text)\" is not an absolute http(s) URL with a host; write e.g. https://example.com/"
        }
        return nil
    }
}

/// Why a field's value was refused; the loader adds the position.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
