import CatalogModel
import Foundation
public import Hummingbird

/// Serves the built site from the output folder: the right content type, `index.html` for
/// folders, the site's own 404 page, no caching (every reload shows the latest build), and the
/// live-reload script added to HTML. Paths under `/_vitrine/` go on to the router.
public struct SiteFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let site: PreviewSite

    public init(site: PreviewSite) { self.site = site }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let path = request.uri.path
        if path.hasPrefix("/_vitrine/") { return try await next(request, context) }
        guard request.method == .get || request.method == .head else {
            return Self.plain(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: [.allow: "GET, HEAD"])
        }
        let root = site.outputFolder
        let basePath = await site.basePath
        let response: Response
        switch SitePath.resolve(path, basePath: basePath, root: root) {
        case .file(let file):
            response = await serve(file, status: .ok, root: root)
        case .redirect(let location):
            var headers = HTTPFields()
            headers[.location] = location
            headers[.cacheControl] = "no-store"
            response = Response(status: .movedPermanently, headers: headers)
        case .notFound:
            response = await notFound(root: root, basePath: basePath)
        case .badRequest(let reason):
            response = Self.plain(.badRequest, "Bad request: \(reason).\n")
        }
        return request.method == .head ? Self.headOnly(response) : response
    }

    private func serve(_ file: String, status: HTTPResponse.Status, root: URL) async -> Response {
        guard var data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) else {
            return Self.plain(.notFound, "Not found.\n")
        }
        let ext = (file as NSString).pathExtension.lowercased()
        // Hummingbird's table has no AVIF, which the build derives for every photo.
        var type = ext == "avif" ? "image/avif" : MediaType.getMediaType(forExtension: ext)?.description ?? "application/octet-stream"
        if ext == "html" || ext == "htm" {
            data = Data(LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self)).utf8)
        }
        if type.hasPrefix("text/") || ["js", "json", "xml", "svg", "webmanifest"].contains(ext), !type.contains("charset") {
            type += "; charset=utf-8"
        }
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The site's 404 page with status 404, or a plain message (with the live-reload script, so a
    /// fix shows up) when there is no site yet.
    private func notFound(root: URL, basePath: String) async -> Response {
        if SitePath.isInside("404.html", root: root) { return await serve("404.html", status: .notFound, root: root) }
        var errors = ""
        if let failure = await site.failure {
            // Wrapped: a diagnostic's path and message are one long line, which at phone width
            // made the whole page scroll sideways.
            errors = "<pre style=\"white-space: pre-wrap; overflow-wrap: anywhere\">"
                + failure.map { Self.escapeHTML($0.description) }.joined(separator: "\n") + "</pre>"
        }
        let page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Not found</title></head><body>"
            + "<h1>Not found</h1>\(errors)</body></html>"
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = LiveReloadScript.inject(into: page)
        return Response(status: .notFound, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func headOnly(_ response: Response) -> Response {
        Response(status: response.status, headers: response.headers, body: .init())
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
