import CatalogModel
public import Foundation
import HTTPTypes
public import Hummingbird
public import Logging
public import NIOCore
import Orders
public import ShopStrings

/// How one instance of the service runs. Nothing here is per-shopper state.
public struct CheckoutConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The service's clock: decides which promotions are active and when links expire.
    public var clock: @Sendable () -> Date
    /// Log every request, not only problems: Vitrine's own line per request, shown at any `logLevel`.
    public var verbose: Bool
    /// How much the service's log says, the HTTP library's and service lifecycle's lines included:
    /// warnings and errors unless asked for more (`--log-level debug`), `verbose` or not.
    public var logLevel: Logger.Level
    /// `CartRules.idleTimeout` and `CartRules.bodyDeadline`; shorter in tests.
    public var idleTimeout: Duration
    public var bodyDeadline: Duration
    /// Stripe Checkout and the orders file; nil: the summary page is the last step, as without a payment provider.
    public var payments: Payments?
    /// The machine's clock, for Stripe's signature timestamps: `clock` may be set to another day
    /// to try promotions, but a signature is fresh or stale by the real time.
    public var wallClock: @Sendable () -> Date
    /// The theme's string tables, which the summary page and the refusals a shopper reads are
    /// written from; nil: the built-in theme's.
    public var messageTables: [String: MessageTable]?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, clock: @escaping @Sendable () -> Date = { Date() },
        verbose: Bool = false, logLevel: Logger.Level = .warning, idleTimeout: Duration = CartRules.idleTimeout,
        bodyDeadline: Duration = CartRules.bodyDeadline, payments: Payments? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() }, messageTables: [String: MessageTable]? = nil
    ) {
        self.messageTables = messageTables
        self.host = host
        self.port = port
        self.clock = clock
        self.verbose = verbose
        self.logLevel = logLevel
        self.idleTimeout = idleTimeout
        self.bodyDeadline = bodyDeadline
        self.payments = payments
        self.wallClock = wallClock
    }
}

/// The whole service, ready to `runService()`; tests call it without a socket through `app.test(.router)`.
public func buildApplication(
    links: CheckoutLinks, configuration: CheckoutConfiguration,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    var logger = Logger(label: "vitrine-checkout")
    logger.logLevel = configuration.logLevel
    return Application(
        router: buildRouter(
            links: links, clock: configuration.clock, logRequests: configuration.verbose, bodyDeadline: configuration.bodyDeadline,
            payments: configuration.payments, wallClock: configuration.wallClock, messageTables: configuration.messageTables),
        server: .http1(configuration: .init(idleTimeout: .nanoseconds(Int64(configuration.idleTimeout / .nanoseconds(1))))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "vitrine-checkout"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// Runs the service until SIGTERM or SIGINT, then lets open requests finish.
public func runCheckoutService(
    links: CheckoutLinks, configuration: CheckoutConfiguration, onServerRunning: @escaping @Sendable (Int) async -> Void
) async throws {
    try await buildApplication(links: links, configuration: configuration, onServerRunning: onServerRunning).runService()
}

/// Every route of `CheckoutRoute.all`. The OpenAPI document in Resources/openapi.json describes the same.
public func buildRouter(
    links: CheckoutLinks, clock: @escaping @Sendable () -> Date, logRequests: Bool = false,
    bodyDeadline: Duration = CartRules.bodyDeadline, payments: Payments? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
    messageTables: [String: MessageTable]? = nil
) -> Router<CheckoutRequestContext> {
    let router = Router(context: CheckoutRequestContext.self)
    func on(
        _ route: CheckoutRoute,
        _ handler: @escaping @Sendable (Request, CheckoutRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(route.pattern), method: HTTPRequest.Method(route.method)!, use: handler)
    }
    if logRequests { router.add(middleware: RequestLogMiddleware()) }
    let page = SummaryPage(catalog: links.catalog, payments: payments?.settings, tables: messageTables)
    router.add(middleware: CheckoutErrorMiddleware(page: page))
    let health: JSONValue = [
        "status": "ok", "catalogVersion": .string(links.version), "products": .int(links.catalog.products.count),
    ]

    on(CheckoutRoute.health) { _, _ in
        Responses.json(health, status: .ok)
    }
    on(CheckoutRoute.openAPI) { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_json)))
    }
    // The site's Buy links and the bag's checkout button: a plain GET a browser can follow.
    on(CheckoutRoute.cart) { request, context in
        let segment = try context.parameters.require(CheckoutRoute.cart.parameter)
        let query = request.uri.queryParameters
        let cart = try CartRequest.parse(
            path: segment, code: query["code"].map(String.init), storefront: query["storefront"].map(String.init))
        let link = try links.link(for: cart, at: clock())
        let location = CheckoutRoute.summary.link(link.token, from: CheckoutRoute.cart)
        return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
    on(CheckoutRoute.createLink) { request, context in
        let buffer = try await collectBody(of: request, within: bodyDeadline)
        let cart = try CartRequest.decode(json: Data(buffer.readableBytesView))
        let link: CheckoutLinks.Link
        do {
            link = try links.link(for: cart, at: clock())
        } catch let error as CheckoutError {
            throw error.about(storefront: cart.storefront)
        }
        let url = links.url(forToken: link.token)
        var response = Responses.json(CheckoutLinkBody(link, url: url).json, status: .created)
        response.headers[.location] = url
        return response
    }
    on(CheckoutRoute.summary) { _, context in
        let token = try context.parameters.require(CheckoutRoute.summary.parameter)
        let link = try links.cart(forToken: token[...], at: clock())
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                // The token in the URL must not leak to the shop or anyone linked from the page.
                .referrerPolicy: "no-referrer",
                .contentSecurityPolicy: page.contentSecurityPolicy,
            ],
            body: .init(byteBuffer: ByteBuffer(string: page.render(link, jsonURL: CheckoutRoute.summaryJSON.link(link.token, from: CheckoutRoute.summary)))))
    }
    // The Pay button. The cart is read back from its token exactly as the summary page read it,
    // so an expired, altered or outdated link is refused here too, before Stripe is asked.
    on(CheckoutRoute.pay) { _, context in
        guard let payments else { throw CheckoutError.paymentsNotConfigured }
        let token = try context.parameters.require(CheckoutRoute.pay.parameter)
        let link = try links.cart(forToken: token[...], at: clock())
        let started: (url: String, order: Order)
        do {
            started = try await payments.startCheckout(link, links: links, now: wallClock(), logger: context.logger)
        } catch let error as CheckoutError {
            throw error.about(storefront: link.cart.storefront)
        }
        return Response(status: .seeOther, headers: [.location: started.url, .cacheControl: "no-store", .referrerPolicy: "no-referrer"])
    }
    on(CheckoutRoute.stripeWebhook) { request, _ in
        guard let payments else { throw CheckoutError.paymentsNotConfigured }
        let buffer = try await collectBody(of: request, within: bodyDeadline)
        let answer = try await payments.receive(
            payload: Array(buffer.readableBytesView), signature: request.headers[.stripeSignature], now: wallClock())
        return Responses.json(answer, status: .ok)
    }
    let reviewLinks = ReviewLinks(
        checkoutSigner: links.signer, publicURL: links.publicURL, lifetime: payments?.reviewLinkLifetime ?? ReviewLinks.defaultLifetime)
    // Read by the site's success page from the shop's origin: allowed from there alone.
    let siteOrigin = WebOrigin.of(links.catalog.site.baseURL)
    on(CheckoutRoute.order) { _, context in
        guard let payments else { throw CheckoutError.paymentsNotConfigured }
        let session = try context.parameters.require(CheckoutRoute.order.parameter)
        guard CartRules.isSessionID(session), let order = try await payments.order(sessionID: session) else {
            throw CheckoutError.unknownOrder
        }
        let body = OrderBody(order: order, locale: links.catalog.site.locale, reviewLinks: reviewLinks.links(for: order))
        var response = Responses.json(body.json, status: .ok)
        if let siteOrigin {
            response.headers[.accessControlAllowOrigin] = siteOrigin
            response.headers[.vary] = "Origin"
        }
        return response
    }
    on(CheckoutRoute.summaryJSON) { _, context in
        let token = try context.parameters.require(CheckoutRoute.summaryJSON.parameter)
        let link = try links.cart(forToken: token[...], at: clock())
        return Responses.json(CheckoutLinkBody(link, url: links.url(forToken: link.token)).json, status: .ok)
    }
    let reviews = ReviewDesk(links: reviewLinks, payments: payments, page: page, clock: wallClock, bodyDeadline: bodyDeadline)
    on(CheckoutRoute.reviewForm) { request, context in
        try await reviews.form(
            token: try context.parameters.require(CheckoutRoute.reviewForm.parameter), storefront: request.storefrontParameter)
    }
    on(CheckoutRoute.reviewSubmit) { request, context in
        try await reviews.submit(
            request, token: try context.parameters.require(CheckoutRoute.reviewSubmit.parameter),
            address: context.remoteAddress?.ipAddress ?? "unknown", storefront: request.storefrontParameter)
    }
    return router
}

/// Hummingbird's basic context and the client's address: the review form's flood guard counts
/// per address. Behind a reverse proxy this is the proxy's address, shared by every client.
public struct CheckoutRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// JSON responses, written with sorted keys so the same cart always gives the same bytes.
enum Responses {
    static func json(_ value: JSONValue, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: value.encodedBytes())))
    }
}

/// The request's body, at most `CartRules.maximumBodyBytes` (413 above), or 408 when it has not
/// all arrived by `deadline`: the idle timeout alone would let a body trickle in forever.
func collectBody(of request: Request, within deadline: Duration) async throws -> ByteBuffer {
    let body = request.body
    return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
        group.addTask { try await body.collect(upTo: CartRules.maximumBodyBytes) }
        group.addTask {
            try await Task.sleep(for: deadline)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let buffer = first else { throw CheckoutError.bodyTimeout }
        return buffer
    }
}
