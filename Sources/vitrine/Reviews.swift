import ArgumentParser
import CatalogModel
import CheckoutService
import Foundation
import Orders

extension Vitrine {
    struct Reviews: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Collect reviews from the shop's buyers.",
            discussion: """
                The checkout service makes a signed review link for each line of a paid order \
                (GET /api/orders/<session> lists them) and keeps the review a buyer sends as pending \
                in its orders file; staff approve, answer or reject it in the editor \
                (`vitrine serve --edit --orders FILE`, at /_vitrine/edit/reviews/), and approving \
                appends it to Content/reviews/. `vitrine reviews links` makes the same kind of links \
                for orders paid before, to send by email.

                Examples:
                  vitrine reviews links --orders orders.sqlite > review-links.csv
                  vitrine reviews links --orders orders.sqlite --since 2026-11-01 --format json
                """,
            subcommands: [Links.self])
    }
}

extension Vitrine.Reviews {
    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a review link for every line of the paid orders, to send to buyers.",
            discussion: """
                One row per line of each paid order, newest order first: the order number, its line \
                (from 0), the buyer's email when Stripe reported one, the SKU, the product as ordered, \
                the link and when it expires. Links are signed like the service's own, with a key \
                derived from VITRINE_CHECKOUT_SECRET (the service's secret: set the same one), and \
                point at --public-url, else site.json's checkoutURL. The file is only read, so this \
                is safe while the service writes it.

                csv: RFC 4180 with a header row and CRLF line ends (order, line, email, sku, product, \
                url, expires_at). json: a list of objects with the same fields (expiresAt).

                Examples:
                  VITRINE_CHECKOUT_SECRET=… vitrine reviews links --orders orders.sqlite > review-links.csv
                  vitrine reviews links --orders orders.sqlite --since 2026-11-01 --format json
                  vitrine reviews links --orders orders.sqlite --public-url https://checkout.example.com/ --review-link-days 30
                  vitrine reviews links --orders orders.sqlite --clock 2026-12-01T00:00:00Z   # links as made on that day
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case csv, json
        }

        @Option(name: .long, help: ArgumentHelp("The checkout service's orders file (its --orders).", valueName: "FILE"))
        var orders: String

        @Option(
            name: .long,
            help: ArgumentHelp("Only orders paid on or after this date (ISO 8601, e.g. 2026-11-01; UTC).", valueName: "DATE"))
        var since: String?

        @Option(name: .long, help: ArgumentHelp("csv or json.", valueName: "FORMAT"))
        var format: Format = .csv

        @Option(
            name: .customLong("public-url"),
            help: ArgumentHelp("Where the checkout service is reached; default: site.json's checkoutURL.", valueName: "URL"))
        var publicURL: String?

        @Option(name: .long, help: ArgumentHelp("Content folder whose site.json names the checkoutURL.", valueName: "DIR"))
        var content: String = "Content"

        @Option(
            name: .customLong("review-link-days"),
            help: ArgumentHelp("Days the links stay valid, from now (1–3650).", valueName: "DAYS"))
        var reviewLinkDays: Int = 90

        @Option(
            name: .long,
            help: ArgumentHelp("Make the links as if it were this moment (ISO 8601); they expire --review-link-days after it.", valueName: "ISO8601"))
        var clock: String?

        func validate() throws {
            guard (1...3650).contains(reviewLinkDays) else { throw ValidationError("--review-link-days must be 1–3650 days") }
            if case .failure(let error) = CatalogClock.moment(option: clock) { throw ValidationError(error.message) }
            if let since, case .failure(let error) = Timestamp.parse(since) {
                throw ValidationError("--since: \(error.message); write a date such as 2026-11-01")
            }
            if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
                throw ValidationError("--public-url must be an absolute http(s) URL, e.g. https://checkout.example.com/")
            }
        }

        func run() throws {
            let signer: TokenSigner
            switch TokenSigner.resolve(secret: Environment.value(TokenSigner.secretVariable), dev: false) {
            case .failure(let problem):
                Console.error("error: \(problem.description.replacingOccurrences(of: ", or pass --dev for an ephemeral key", with: "")); "
                    + "review links are signed with the checkout service's secret, so set the one it runs with")
                throw ExitCode.failure
            case .success(let resolved): signer = resolved.signer
            }
            let base = try resolvedPublicURL()
            let store = try Vitrine.Orders.open(orders)
            let now = (try? CatalogClock.moment(option: clock).get()) ?? Date()
            let earliest = since.flatMap { try? Timestamp.parse($0).get().date }
            let links = ReviewLinks(checkoutSigner: signer, publicURL: base, lifetime: TimeInterval(reviewLinkDays) * 86_400)
            let paid: [Order]
            do {
                paid = try store.orders(status: .paid).filter { order in earliest.map { (order.paidAt ?? order.updatedAt) >= $0 } ?? true }
            } catch {
                Console.error("error: cannot read the orders file: \(error)")
                throw ExitCode.failure
            }
            let expiry = now.addingTimeInterval(links.lifetime)
            let rows = paid.flatMap { order in links.links(for: order, expiringAt: expiry).map { (order, $0) } }
            if expiry <= Date() { Console.error("warning: these links expired at \(Timestamp.rfc3339(expiry)) and will be refused (410)") }
            switch format {
            case .csv:
                var text = OrdersCSV.row(["order", "line", "email", "sku", "product", "url", "expires_at"])
                for (order, link) in rows {
                    text += OrdersCSV.row([
                        String(order.number), String(link.line), order.email ?? "", link.sku, link.name, link.url,
                        Timestamp.rfc3339(link.expiresAt),
                    ])
                }
                FileHandle.standardOutput.write(Data(text.utf8))
            case .json:
                let list = JSONValue.array(rows.map { order, link in
                    [
                        "order": .int(order.number), "line": .int(link.line), "email": order.email.map(JSONValue.string) ?? .null,
                        "sku": .string(link.sku), "product": .string(link.name), "url": .string(link.url),
                        "expiresAt": .string(Timestamp.rfc3339(link.expiresAt)),
                    ]
                })
                FileHandle.standardOutput.write(Data(list.prettyEncodedBytes() + [0x0A]))
            }
            if rows.isEmpty { Console.error("No paid orders\(since.map { " since \($0)" } ?? ""): no links.") }
        }

        /// `--public-url`, else the checkoutURL in site.json: the one key needed, so the catalog is not loaded.
        private func resolvedPublicURL() throws -> String {
            if let publicURL { return publicURL }
            let path = URL(fileURLWithPath: content).appendingPathComponent("site.json").path
            guard let data = FileManager.default.contents(atPath: path),
                let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let url = settings["checkoutURL"] as? String, url.hasPrefix("http://") || url.hasPrefix("https://")
            else {
                Console.error("error: \(path) names no checkoutURL; pass --public-url with the checkout service's address, e.g. https://checkout.example.com/")
                throw ExitCode.failure
            }
            return url
        }
    }
}
