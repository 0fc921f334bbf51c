import ArgumentParser
import CatalogModel
import CheckoutService
import Foundation
import Orders
import SiteBuilder
import SiteRenderer

extension Vitrine {
    struct Checkout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve signed checkout links for carts, priced only from the catalog.",
            discussion: """
                Loads the content like `vitrine build` and refuses to start when it is invalid.
                Links are signed with HMAC-SHA256 using the VITRINE_CHECKOUT_SECRET environment
                variable (at least 32 bytes; the same on every instance). The service keeps no state,
                so any number of instances with the same secret can run behind a load balancer.

                Payments: with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and --orders, the summary
                page's Pay button opens a Stripe Checkout Session priced from the catalog, Stripe's
                events (POST /webhooks/stripe) settle the orders kept in the --orders SQLite file,
                and the site's checkout/success/ page reads the order back. STRIPE_API_BASE points
                the service at another API (a local stand-in in tests). Without a key the summary
                page is the last step and no order is kept.

                Reviews: with --orders, a paid order's JSON (GET /api/orders/<session>) lists a
                review link per line (GET /reviews/<token>, signed with a key derived from
                VITRINE_CHECKOUT_SECRET, valid for --review-link-days after payment). The buyer's
                review is kept as pending in the orders file until staff approve it in the editor
                (`vitrine serve --edit --orders FILE`). `vitrine reviews links` makes links for
                past orders.

                Routes: GET /cart/<sku>:<qty>[,…][?code=CODE] (303 to the summary),
                POST /api/checkout-links, GET /checkout/<token>, GET /api/checkout/<token>,
                POST /checkout/<token>/pay, POST /webhooks/stripe, GET /api/orders/<session>,
                GET and POST /reviews/<token>, GET /healthz, GET /openapi.json.

                Examples:
                  VITRINE_CHECKOUT_SECRET="$(openssl rand -base64 48)" vitrine checkout --content Content
                  vitrine checkout --dev --port 8081
                  vitrine checkout --dev --clock 2026-12-01T12:00:00Z   # promotions as on that day
                  vitrine checkout --dev --verbose --log-level debug    # every request, and the HTTP library's debugging
                  STRIPE_SECRET_KEY=sk_test_… STRIPE_WEBHOOK_SECRET=whsec_… VITRINE_CHECKOUT_SECRET=… \
                    vitrine checkout --orders /var/lib/vitrine/orders.sqlite
                """)

        @Option(name: .long, help: ArgumentHelp("Content folder (site.json, brands/, products/, …).", valueName: "DIR"))
        var content: String = "Content"

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The shop's theme folder: its i18n/<language>.json tables word the summary page and refusals.", valueName: "DIR"))
        var templates: String = "Templates"

        @OptionGroup var listen: ListenOptions
        var host: String { listen.host }
        var port: Int { listen.port(default: 8080) }

        @Flag(name: .long, help: "Allow starting without VITRINE_CHECKOUT_SECRET, with an ephemeral signing key.")
        var dev = false

        @Option(
            name: .customLong("public-url"),
            help: ArgumentHelp(
                "URL the service is reached at, for the links it returns; default: site.json's checkoutURL, else http://HOST:PORT/.",
                valueName: "URL"))
        var publicURL: String?

        @Option(
            name: .customLong("token-lifetime"),
            help: ArgumentHelp("Minutes a checkout link stays valid (1–1440).", valueName: "MINUTES"))
        var tokenLifetime: Int = 30

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Start the service's clock at this moment (ISO 8601) instead of now, for testing promotions; it runs on from there.",
                valueName: "ISO8601"))
        var clock: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "SQLite file the paid orders are kept in (created if missing); required with STRIPE_SECRET_KEY.", valueName: "FILE"))
        var orders: String?

        @Option(
            name: .customLong("review-link-days"),
            help: ArgumentHelp("Days a paid order's review links stay valid, from payment (1–3650).", valueName: "DAYS"))
        var reviewLinkDays: Int = 90

        @Flag(name: [.short, .long], help: "Log every request (the HTTP library's own lines keep to --log-level).")
        var verbose = false

        @OptionGroup var log: LogOptions

        func validate() throws {
            guard (1...1440).contains(tokenLifetime) else { throw ValidationError("--token-lifetime must be 1–1440 minutes") }
            guard (1...3650).contains(reviewLinkDays) else { throw ValidationError("--review-link-days must be 1–3650 days") }
            if case .failure(let error) = CatalogClock.moment(option: clock) { throw ValidationError(error.message) }
            if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
                throw ValidationError("--public-url must be an absolute http(s) URL, e.g. https://checkout.example.com/")
            }
        }

        func run() async throws {
            let signer: TokenSigner
            switch TokenSigner.resolve(secret: Environment.value(TokenSigner.secretVariable), dev: dev) {
            case .failure(let problem):
                Console.error("error: \(problem)")
                throw ExitCode.failure
            case .success(let resolved):
                signer = resolved.signer
                if let note = resolved.note { Console.error("warning: \(note)") }
            }
            let payments: Payments?
            switch StripeSettings.resolve(ProcessInfo.processInfo.environment) {
            case .failure(let problem):
                Console.error("error: \(problem)")
                throw ExitCode.failure
            case .success(nil):
                if orders != nil {
                    Console.error("warning: --orders is unused without \(StripeSettings.secretKeyVariable): no payment is taken, so no order is kept")
                }
                payments = nil
            case .success(let settings?):
                guard let orders else {
                    Console.error("error: --orders FILE is required with \(StripeSettings.secretKeyVariable): paid orders are kept there, e.g. --orders orders.sqlite")
                    throw ExitCode.failure
                }
                do {
                    payments = Payments(
                        settings: settings, store: try OrderStore(path: orders), reviewLinkLifetime: TimeInterval(reviewLinkDays) * 86_400)
                } catch {
                    Console.error("error: cannot open the orders file: \(error)")
                    throw ExitCode.failure
                }
            }
            // The same loading and validation as `vitrine check`, without templates.
            let loaded = SiteBuilder.check(content: URL(fileURLWithPath: content), templates: nil, strict: false)
            DiagnosticPrinter(format: .text, content: content, templates: nil).print(loaded.diagnostics)
            guard let catalog = loaded.catalog else {
                Console.error(loaded.diagnostics.summary(fileCount: loaded.contentFileCount))
                Console.error("error: the content is invalid; the checkout service did not start")
                throw ExitCode.failure
            }
            let start = try CatalogClock.moment(option: clock).get()
            let links = CheckoutLinks(
                catalog: catalog, signer: signer, lifetime: TimeInterval(tokenLifetime * 60),
                publicURL: publicURL ?? catalog.site.checkoutURL ?? "http://\(host):\(port)/")
            // The shop's string tables over the built-in theme's; a theme that does not load leaves the built-in words.
            let theme = TemplateLibrary.load(from: SiteBuilder.theme(overrides: URL(fileURLWithPath: templates)))
            if theme.library == nil {
                Console.error("warning: the theme in \(templates) does not load; the checkout pages use the built-in theme's words")
            }
            let configuration = CheckoutConfiguration(
                host: host, port: port, clock: CatalogClock.running(from: start), verbose: verbose, logLevel: log.level,
                payments: payments, messageTables: theme.library?.messageTables)
            try await runCheckoutService(links: links, configuration: configuration) { [host] boundPort in
                Console.error(
                    "vitrine checkout: \(catalog.products.count) products, catalog \(links.version), "
                        + (payments.map { "payments through \($0.settings.apiBase), orders in \($0.store.path), " } ?? "")
                        + "listening on http://\(host):\(boundPort)/")
            }
        }
    }
}
