import CatalogModel
public import Foundation
public import Hummingbird
import ContentLoader
public import Orders

/// `vitrine serve --edit`: the catalog's own editor at `/_vitrine/edit/`, beside the preview.
/// Forms come from the model's key table; a save validates the whole catalog with the change
/// before a byte is written, then writes atomically, and the preview's watcher rebuilds.
public struct ContentEditor: Sendable {
    let folder: ContentFolder
    let security: EditorSecurity
    /// The largest request a form may send, photo included.
    public let uploadLimit: Int
    /// Where a record's page is in the preview (the site's base path comes from the last build).
    let basePath: @Sendable () async -> String
    /// Held while a save checks the file's version and writes it.
    let writeLock = NSLock()
    let summaryCache = SummaryCache()
    /// Pictures of forms that were sent but not saved, waiting for the next try.
    let staged = StagedUploads()
    /// The checkout service's orders, read-only (`serve --edit --orders`): staff see what was
    /// paid where they edit what is sold. Nil, and no orders pages, without one.
    let orders: OrderStore?
    /// The same file opened for writing, for staff's decisions on buyers' reviews.
    let reviewStore: ReviewStore?

    public init(
        contentFolder: URL, accessToken: String? = nil, uploadLimit: Int = 25 << 20,
        basePath: @escaping @Sendable () async -> String = { "/" }, orders: OrderStore? = nil
    ) {
        self.folder = ContentFolder(root: contentFolder)
        self.security = EditorSecurity(accessToken: accessToken)
        self.uploadLimit = uploadLimit
        self.basePath = basePath
        self.orders = orders
        self.reviewStore = orders.map(ReviewStore.init(orders:))
    }

    /// Adds the editor's routes under `/_vitrine/edit/`.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        let group = router.group("_vitrine/edit").add(middleware: EditorAccess<Context>(security: security))
        group.get("/") { request, _ in self.index(request) }
        group.get("editor.css") { _, _ in Self.asset(EditorAssets.css, type: "text/css; charset=utf-8") }
        group.get("editor.js") { _, _ in Self.asset(EditorAssets.javascript, type: "text/javascript; charset=utf-8") }
        group.get("_slug") { request, _ in self.slugProposal(request) }
        // The preview's home page, wherever the site's base path puts it.
        group.get("_site") { _, _ in Self.redirect(await self.basePath()) }
        group.post("_preview") { request, _ in try await self.markdownPreview(request) }
        group.get("_staged/{token}") { request, context in self.stagedPicture(request, token: context.parameters.get("token") ?? "") }
        if let orders, let reviewStore {
            // Constant segments win over `{kind}` in the router, so no record kind can shadow these.
            group.get("orders") { request, _ in self.orderList(request, store: orders) }
            group.get("orders/{number}") { request, context in
                self.orderPage(request, store: orders, number: context.parameters.get("number") ?? "")
            }
            group.get("reviews") { request, _ in self.reviewList(request, desk: reviewStore) }
            group.post("reviews/{id}") { request, context in
                try await self.reviewAction(request, desk: reviewStore, id: context.parameters.get("id") ?? "")
            }
        }
        group.get("translations") { request, _ in self.translationList(request) }
        group.get("{kind}") { request, context in
            guard let kind = Self.kind(context.parameters.get("kind")) else { return self.notFound(request) }
            return self.list(request, kind: kind)
        }
        group.get("{kind}/_new") { request, context in
            guard let kind = Self.kind(context.parameters.get("kind")) else { return self.notFound(request) }
            return await self.newForm(request, kind: kind, from: nil)
        }
        group.post("{kind}/_new") { request, context in
            guard let kind = Self.kind(context.parameters.get("kind")) else { return self.notFound(request) }
            return try await self.save(request, kind: kind, file: nil)
        }
        group.get("{kind}/{slug}") { request, context in
            guard let (kind, file) = self.record(context.parameters) else { return self.notFound(request) }
            return await self.editForm(request, kind: kind, file: file)
        }
        group.post("{kind}/{slug}") { request, context in
            guard let (kind, file) = self.record(context.parameters) else { return self.notFound(request) }
            return try await self.save(request, kind: kind, file: file)
        }
        group.get("{kind}/{slug}/duplicate") { request, context in
            guard let (kind, file) = self.record(context.parameters) else { return self.notFound(request) }
            return await self.newForm(request, kind: kind, from: file)
        }
        group.get("{kind}/{slug}/translations/{language}") { request, context in
            guard let (kind, file) = self.record(context.parameters), let language = context.parameters.get("language")
            else { return self.notFound(request) }
            return await self.translationForm(request, kind: kind, file: file, language: language)
        }
        group.post("{kind}/{slug}/translations/{language}") { request, context in
            guard let (kind, file) = self.record(context.parameters), let language = context.parameters.get("language")
            else { return self.notFound(request) }
            return try await self.saveTranslation(request, kind: kind, file: file, language: language)
        }
        group.get("{kind}/{slug}/delete") { request, context in
            guard let (kind, file) = self.record(context.parameters) else { return self.notFound(request) }
            return self.deleteForm(request, kind: kind, file: file, errors: [], status: .ok)
        }
        group.post("{kind}/{slug}/delete") { request, context in
            guard let (kind, file) = self.record(context.parameters) else { return self.notFound(request) }
            return try await self.delete(request, kind: kind, file: file)
        }
    }

    static func kind(_ folderName: String?) -> RecordKind? {
        ContentFolder.kinds.first { $0.folder == folderName }
    }

    private func record(_ parameters: Parameters) -> (RecordKind, ContentFolder.RecordFile)? {
        guard let kind = Self.kind(parameters.get("kind")), let slug = parameters.get("slug"),
            let file = folder.file(kind: kind, slug: slug)
        else { return nil }
        return (kind, file)
    }

    // MARK: Responses

    /// The layout with this editor's navigation: Orders and Reviews only when it was given an orders file.
    func layout(
        title: String, current: RecordKind? = nil, inOrders: Bool = false, inReviews: Bool = false, inTranslations: Bool = false,
        main: String
    ) -> String {
        EditorPage.layout(
            title: title, current: current, orders: orders == nil ? .hidden : inOrders ? .current : .shown,
            reviews: orders == nil ? .hidden : inReviews ? .current : .shown,
            translations: folder.translationLanguages().isEmpty ? .hidden : inTranslations ? .current : .shown, main: main)
    }

    /// An HTML page for this browser's session, starting one (a cookie) when it has none.
    func page(_ request: Request, status: HTTPResponse.Status = .ok, _ build: (_ csrf: String) -> String) -> Response {
        var headers = HTTPFields()
        let session: String
        if let existing = security.session(of: request) {
            session = existing
        } else {
            session = EditorSecurity.newSession()
            headers[.setCookie] = "\(EditorSecurity.sessionCookie)=\(session); Path=\(EditorSecurity.cookiePath); HttpOnly; SameSite=Strict"
        }
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.init("X-Frame-Options")!] = "DENY"
        headers[.init("Content-Security-Policy")!] = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: build(security.csrfToken(session: session)))))
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(_ location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    func notFound(_ request: Request) -> Response {
        page(request, status: .notFound) { _ in
            layout(title: "Not found", main: "<h1>Not found</h1><p>No such record. <a href=\"\(EditorPage.root)\">Back to the editor</a>.</p>")
        }
    }

    func refused(_ request: Request, _ refusal: EditorSecurity.WriteRefusal) -> Response {
        page(request, status: .forbidden) { _ in
            layout(title: "Refused", main: "<h1>Not saved</h1><p>\(EditorPage.escape(refusal.message))</p><p><a href=\"\(EditorPage.root)\">Back to the editor</a></p>")
        }
    }

    /// Where a record's page is in the preview, when the record has one.
    /// - Parameter storefront: the storefront's folder (`ko-kr/`) for a page in another language.
    func previewPath(kind: RecordKind, slug: String, storefront: String = "") async -> String? {
        guard let slug = Slug(slug) else { return nil }
        let route: String
        switch kind {
        case .product: route = Routes.product(slug)
        case .brand: route = Routes.brand(slug)
        case .promotion: route = Routes.promotion(slug)
        case .category: route = Routes.category(slug)
        case .page: route = Routes.page(slug)
        case .site: return nil
        }
        return await basePath() + storefront + route
    }
}

/// Admits a request to the editor when the server needs no access token or the request shows
/// it; a link with the token sets it as a cookie and goes on without it in the address.
struct EditorAccess<Context: RequestContext>: RouterMiddleware {
    let security: EditorSecurity

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard security.admits(request) else {
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .unauthorized, headers: headers, body: .init(byteBuffer: ByteBuffer(
                string: "The editor needs its access token: open the link `vitrine serve --edit` printed.\n")))
        }
        if let token = security.accessToken, request.uri.queryParameters["token"] != nil {
            var headers = HTTPFields()
            headers[.location] = request.uri.path
            headers[.setCookie] = "\(EditorSecurity.tokenCookie)=\(token); Path=\(EditorSecurity.cookiePath); HttpOnly; SameSite=Strict"
            return Response(status: .seeOther, headers: headers)
        }
        return try await next(request, context)
    }
}
