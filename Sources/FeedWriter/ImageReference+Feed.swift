import CatalogModel

extension ImageReference {
    /// Absolute URL for a feed. A local file's path is percent-encoded segment by segment (a space
    /// or an accent in a file name is legal on disk but not in a URL); a remote URL is kept as written.
    func absoluteURL(in site: Site) -> String {
        switch self {
        case .remote(let url):
            return url
        case .local(let path):
            return site.baseURL + path.split(separator: "/", omittingEmptySubsequences: false)
                .map { Self.percentEncoded(String($0)) }.joined(separator: "/")
        }
    }

    /// Whether merchant platforms take it as a product image: Google refuses SVG (and AVIF).
    var isMerchantImage: Bool { mediaType != "image/svg+xml" && mediaType != "image/avif" }

    /// The MIME type its file name suggests, for an RSS enclosure.
    var mediaType: String {
        var path = sitePath
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<end]) }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "svg": return "image/svg+xml"
        default: return "application/octet-stream"
        }
    }

    /// RFC 3986 path segment: unreserved characters and sub-delimiters stay, the rest becomes `%XX` of UTF-8.
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where "-._~!$&'()*+,;=:@".utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
