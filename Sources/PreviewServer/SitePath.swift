import Foundation

/// Maps a request's path to a file of the built site, refusing anything that could reach outside
/// it: `..` and `.` segments (also percent-encoded, `%2e%2e`), encoded slashes and backslashes
/// (`%2f`, `%5c`), NUL, and malformed escapes are a bad request; hidden names (`.x`) are not
/// found. The site is served under its base path (`/shop/` for `https://example.com/shop/`).
enum SitePath {
    enum Resolution: Sendable, Equatable {
        /// A file, relative to the output folder.
        case file(String)
        /// A folder asked for without its trailing slash, or the base path without it.
        case redirect(String)
        case notFound
        case badRequest(String)
    }

    static func resolve(_ rawPath: String, basePath: String, root: URL) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .badRequest("the path must start with /") }
        var segments: [String] = []
        for raw in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(raw).removingPercentEncoding else {
                return .badRequest("malformed percent-encoding in the path")
            }
            if decoded.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                return .badRequest("encoded slashes are not allowed in the path")
            }
            if decoded == "." || decoded == ".." { return .badRequest("the path may not contain . or .. segments") }
            segments.append(decoded)
        }
        let asksForFolder = rawPath.hasSuffix("/")
        let base = basePath.split(separator: "/").map(String.init)
        guard segments.count >= base.count, Array(segments.prefix(base.count)) == base else { return .notFound }
        let inside = Array(segments.dropFirst(base.count))
        if inside.isEmpty, !asksForFolder, !base.isEmpty { return .redirect(url(base, folder: true)) }
        if inside.contains(where: { $0.hasPrefix(".") }) { return .notFound }

        let relative = inside.joined(separator: "/")
        let file: String
        if asksForFolder || inside.isEmpty {
            file = relative.isEmpty ? "index.html" : relative + "/index.html"
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder)
            else { return .notFound }
            if isFolder.boolValue { return .redirect(url(base + inside, folder: true)) }
            file = relative
        }
        return isInside(file, root: root) ? .file(file) : .notFound
    }

    /// Whether the file, symbolic links resolved, is an existing regular file under the root.
    static func isInside(_ relative: String, root: URL) -> Bool {
        let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
        let filePath = root.appendingPathComponent(relative).resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        guard filePath.hasPrefix(rootPath + "/"), FileManager.default.fileExists(atPath: filePath, isDirectory: &isFolder)
        else { return false }
        return !isFolder.boolValue
    }

    private static func url(_ segments: [String], folder: Bool) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return "/" + encoded.joined(separator: "/") + (folder && !segments.isEmpty ? "/" : "")
    }
}
