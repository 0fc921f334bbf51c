import CatalogModel

extension ImageReference {
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
}
