import ArgumentParser
import CatalogModel
import CheckoutService
import Foundation
import SiteBuilder

extension Vitrine {
    struct Checkout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve signed checkout links for carts, priced only from the catalog.",
            discussion: """
                Loads the content like `vitrine build` and refuses to start when it is invalid.
                Links are signed with HMAC-SHA256 using the VITRINE_CHECKOUT_SECRET environment
                variable (at least 32 bytes; the same on every instance). The service keeps no state,
                so any number of instances with the same secret can run behind a load balancer.

                Routes: GET /cart/<sku>:<qty>[,…][?code=CODE] (303 to the summary),
                POST /api/checkout-links, GET /checkout/<token>, GET /api/checkout/<token>,
                GET /healthz, GET /openapi.json.

                Examples:
                  VITRINE_CHECKOUT_SECRET="$(openssl rand -base64 48)" vitrine checkout --content Content
                  vitrine checkout --dev --port 8081
                  vitrine checkout --dev --clock 2026-12-01T12:00:00Z   # promotions as on that day
                  vitrine checkout --dev --verbose --log-level debug    # every request, and the HTTP library's debugging
                """)

        @Option(name: .long, help: ArgumentHelp("Content folder (site.json, brands/, products/, …).", valueName: "DIR"))
        var content: String = "Content"

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

        @Flag(name: [.short, .long], help: "Log every request (the HTTP library's own lines keep to --log-level).")
        var verbose = false

        @OptionGroup var log: LogOptions

        func validate() throws {
            guard (1...1440).contains(tokenLifetime) else { throw ValidationError("--token-lifetime must be 1–1440 minutes") }
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
            let configuration = CheckoutConfiguration(
                host: host, port: port, clock: CatalogClock.running(from: start), verbose: verbose, logLevel: log.level)
            try await runCheckoutService(links: links, configuration: configuration) { [host] boundPort in
                Console.error(
                    "vitrine checkout: \(catalog.products.count) products, catalog \(links.version), "
                        + "listening on http://\(host):\(boundPort)/")
            }
        }
    }
}
