import CatalogModel
@testable import ContentEditor
import Foundation
import Hummingbird
import HummingbirdTesting
import Orders
import Testing
import VitrineTestSupport

/// An orders file as the checkout service leaves it, in a folder of its own: orders recorded,
/// then settled by Stripe's events, as they would be in a shop.
final class OrdersFile {
    let folder: URL
    var path: String { folder.appendingPathComponent("orders.sqlite").path }
    let writer: OrderStore
    static let now = Date(timeIntervalSince1970: 1_764_590_400)  // 2025-12-01T12:00:00Z
    private var events = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("editor-orders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        writer = try OrderStore(path: folder.appendingPathComponent("orders.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// What the editor opens: the file read-only, as `serve --edit --orders` does.
    func reader() throws -> OrderStore { try OrderStore(path: path, readOnly: true) }

    /// A serum at 75.60 after 8.40 off, and two masks at 8.50: 92.60 of goods.
    @discardableResult
    func record(_ session: String, name: String = "Clear Improvement mask") throws -> Order {
        try writer.record(Order(
            sessionID: session, cartReference: "ref-\(session)", currency: .usd,
            lines: [
                .init(sku: "EST-ANR-50", name: "Advanced Night Repair 50 ml", quantity: 1, unitAmount: 7560, discountAmount: 840, total: 7560),
                .init(sku: "ORG-CIMK-100", name: name, quantity: 2, unitAmount: 850, discountAmount: 0, total: 1700),
            ],
            shippingOptions: [.init(country: "US", service: "Standard", amount: 0), .init(country: "US", service: "Express", amount: 1200)],
            subtotal: 10100, discount: 840, goodsTotal: 9260, code: "XMAS10", catalogVersion: "abc123", createdAt: Self.now))
    }

    /// Stripe's word on a session: `paid` 92.60 by default; another amount flags the order.
    func settle(
        _ session: String, kind: PaymentEvent.Kind = .completed, paymentStatus: String = "paid", paid: Int64 = 9260,
        shipping: Int64 = 0, email: String = "ada@example.com", country: String = "US"
    ) throws {
        events += 1
        _ = try writer.apply(
            PaymentEvent(
                id: "evt_\(events)", kind: kind, sessionID: session, cartReference: "ref-\(session)", paymentStatus: paymentStatus,
                currency: "usd", amountTotal: paid, shippingAmount: shipping, email: email, country: country,
                paymentIntent: "pi_\(session)"),
            at: Self.now.addingTimeInterval(60))
    }
}

@Suite("Orders in the editor")
struct OrdersPagesTests {
    func app(_ shop: SampleShop, orders: OrderStore?, token: String? = nil) -> some ApplicationProtocol {
        let router = Router()
        ContentEditor(contentFolder: shop.content, accessToken: token, orders: orders).addRoutes(to: router)
        return Application(router: router)
    }

    /// 1001 paid, 1002 processing (a bank debit), 1003 open, 1004 failed, 1005 expired, 1006 paid
    /// but for less than the cart: flagged.
    func oneOfEach() throws -> OrdersFile {
        let file = try OrdersFile()
        for index in 1...6 { try file.record("cs_\(index)") }
        try file.settle("cs_1")
        try file.settle("cs_2", paymentStatus: "unpaid")
        try file.settle("cs_4", paymentStatus: "unpaid")
        try file.settle("cs_4", kind: .asyncPaymentFailed)
        try file.settle("cs_5", kind: .expired)
        try file.settle("cs_6", paid: 100, email: "bob@example.com")
        return file
    }

    static let list = "/_vitrine/edit/orders/"

    @Test func theListShowsEachOrderNewestFirstWithTheCountsByStatus() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try oneOfEach()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.get(Self.list)
            #expect(page.status == .ok)
            #expect(page.html.contains("<p>6 orders in all. <strong>1 needs review</strong>"), "\(page.html)")
            for (status, count) in [("paid", 2), ("processing", 1), ("open", 1), ("failed", 1), ("expired", 1)] {
                let name = status.prefix(1).uppercased() + status.dropFirst()
                #expect(page.html.contains("<a href=\"/_vitrine/edit/orders/?status=\(status)\">\(name)</a> (\(count))"))
            }
            #expect(page.html.contains("<a href=\"/_vitrine/edit/orders/?review=1\">Needs review</a> (1)"))
            let row = "<tr><th scope=\"row\"><a href=\"/_vitrine/edit/orders/1006\">1006</a></th>"
                + "<td><time datetime=\"2025-12-01T12:00:00Z\">2025-12-01 12:00 UTC</time></td><td>Paid</td>"
                + "<td><strong>Needs review</strong></td><td>bob@example.com</td><td>US</td><td>$92.60</td></tr>"
            #expect(page.html.contains(row), "\(page.html)")
            #expect(page.html.contains("<td>Open</td><td></td><td></td><td></td><td>$92.60</td>"))
            let positions = (1001...1006).compactMap { page.html.range(of: ">\($0)</a></th>")?.lowerBound }
            #expect(positions.count == 6 && positions == positions.sorted(by: >))
            #expect(page.html.contains("<caption>Orders 1–6 of 6 orders, newest first</caption>"))
            #expect(page.html.contains("<th scope=\"col\">Total</th>"))
            // The navigation offers the orders, marked as the page shown.
            #expect(page.html.contains("<li><a href=\"/_vitrine/edit/orders/\" aria-current=\"page\">Orders</a></li>"))
            let products = try await client.get("/_vitrine/edit/products/")
            #expect(products.html.contains("<li><a href=\"/_vitrine/edit/orders/\">Orders</a></li>"))
        }
    }

    @Test func filtersKeepOneStatusOrTheOrdersThatNeedReview() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try oneOfEach()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            func shown(_ query: String) async throws -> [Int] {
                let page = try await client.get(Self.list + query)
                #expect(page.status == .ok, "\(query)")
                return (1001...1006).filter { page.html.contains("\">\($0)</a></th>") }
            }
            #expect(try await shown("?status=paid") == [1001, 1006])
            #expect(try await shown("?status=expired") == [1005])
            #expect(try await shown("?review=1") == [1006])
            #expect(try await shown("?status=paid&review=1") == [1006])
            #expect(try await shown("?status=&review=") == Array(1001...1006))
            let none = try await client.get(Self.list + "?status=open&review=1")
            #expect(none.html.contains("No orders match these filters."))
            // The form shows what is filtered.
            let filtered = try await client.get(Self.list + "?status=failed&review=1")
            #expect(filtered.html.contains("<option value=\"failed\" selected>Failed</option>"))
            #expect(filtered.html.contains("name=\"review\" value=\"1\" checked>"))
            // A value the form never sends says what would be right; never a 5xx.
            let bad = try await client.get(Self.list + "?status=refunded")
            #expect(bad.status == .badRequest)
            #expect(bad.html.contains("“refunded” is not an order status; use one of paid, processing, open, failed, expired"))
            #expect(try await client.get(Self.list + "?review=yes").status == .badRequest)
            for page in ["0", "-1", "two", "99999999999999999999999"] {
                #expect(try await client.get(Self.list + "?page=\(page)").status == .badRequest, "page=\(page)")
            }
        }
    }

    @Test func fiftyOrdersAPageWithLinksToTheNextAndPrevious() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try OrdersFile()
        for index in 1...120 { try file.record("cs_\(index)") }
        for index in stride(from: 2, through: 120, by: 2) { try file.settle("cs_\(index)") }
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let first = try await client.get(Self.list)
            #expect(first.html.contains("<caption>Orders 1–50 of 120 orders, newest first</caption>"))
            #expect(first.html.contains(">1120</a></th>") && first.html.contains(">1071</a></th>") && !first.html.contains(">1070</a></th>"))
            #expect(first.html.contains("Page 1 of 3 · <a href=\"/_vitrine/edit/orders/?page=2\" rel=\"next\">Older orders</a>"))
            #expect(!first.html.contains("rel=\"prev\""))
            let last = try await client.get(Self.list + "?page=3")
            #expect(last.html.contains("<caption>Orders 101–120 of 120 orders, newest first</caption>"))
            #expect(last.html.contains(">1001</a></th>") && !last.html.contains(">1100</a></th>"))
            #expect(last.html.contains("<a href=\"/_vitrine/edit/orders/?page=2\" rel=\"prev\">Newer orders</a>"))
            #expect(!last.html.contains("rel=\"next\""))
            // Filters stay on from page to page.
            let paid = try await client.get(Self.list + "?status=paid&page=2")
            #expect(paid.html.contains("<caption>Orders 51–60 of 60 orders matching the filters, newest first</caption>"))
            #expect(paid.html.contains("<a href=\"/_vitrine/edit/orders/?status=paid\" rel=\"prev\">Newer orders</a>"))
            let beyond = try await client.get(Self.list + "?status=paid&page=7")
            #expect(beyond.status == .ok)
            #expect(beyond.html.contains("There is no page 7: these filters give 2 pages."))
            #expect(beyond.html.contains("<a href=\"/_vitrine/edit/orders/?status=paid\">Go to the first</a>"))
        }
    }

    @Test func anOrdersPageShowsItsLinesTotalsStripeIdsAndTheReviewReason() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try oneOfEach()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.get("/_vitrine/edit/orders/1006")
            #expect(page.status == .ok)
            #expect(page.html.contains("<title>Order 1006 · Vitrine editor</title>"))
            #expect(page.html.contains("<h2 id=\"review-title\">Needs review</h2>\n<p>paid 1.00 USD, but the cart came to 92.60 plus 0.00 shipping</p>"), "\(page.html)")
            #expect(page.html.contains("<caption>Lines</caption>"))
            #expect(page.html.contains("<tr><td><code>EST-ANR-50</code></td><td>Advanced Night Repair 50 ml</td><td>1</td><td>$75.60</td><td>$8.40</td><td>$75.60</td></tr>"))
            #expect(page.html.contains("<tr><td><code>ORG-CIMK-100</code></td><td>Clear Improvement mask</td><td>2</td><td>$8.50</td><td></td><td>$17.00</td></tr>"))
            #expect(page.html.contains("<th scope=\"row\" colspan=\"5\">Goods total</th><td>$92.60</td>"))
            #expect(page.html.contains("<th scope=\"row\" colspan=\"5\">Shipping (Standard (US))</th><td>$0.00</td>"))
            #expect(page.html.contains("<th scope=\"row\" colspan=\"5\">Total</th><td><strong>$92.60</strong></td>"))
            #expect(page.html.contains("<th scope=\"row\" colspan=\"5\">Amount paid</th><td>$1.00</td>"))
            #expect(page.html.contains("<dt>Email</dt><dd>bob@example.com</dd><dt>Country</dt><dd>US</dd><dt>Code</dt><dd><code>XMAS10</code></dd>"))
            #expect(page.html.contains("<dt>Checkout Session</dt><dd><code>cs_6</code></dd><dt>Payment intent</dt><dd><code>pi_cs_6</code></dd>"))
            #expect(page.html.contains("<dt>Paid</dt><dd><time datetime=\"2025-12-01T12:01:00Z\">2025-12-01 12:01 UTC</time></dd>"))
            // An order that is fine has no review box, and says what Stripe has not reported yet.
            let open = try await client.get("/_vitrine/edit/orders/1003")
            #expect(!open.html.contains("review-title"))
            #expect(open.html.contains("<th scope=\"row\" colspan=\"5\">Shipping</th><td>not chosen yet</td>"))
            #expect(open.html.contains("<dt>Payment intent</dt><dd>not reported yet</dd>"))
        }
    }

    @Test func amountsAndTimesFollowTheShopsLocaleAndTimeZone() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let site = shop.content.appendingPathComponent("site.json")
        let settings = try String(contentsOf: site, encoding: .utf8)
            .replacingOccurrences(of: "\"locale\": \"en_US\",", with: "\"locale\": \"de_DE\", \"timeZone\": \"Europe/Berlin\",")
        try settings.write(to: site, atomically: true, encoding: .utf8)
        let file = try oneOfEach()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let page = try await EditorClient(raw).get("/_vitrine/edit/orders/1001")
            #expect(page.html.contains("<td>92,60\u{A0}$</td>") || page.html.contains("<strong>92,60\u{A0}$</strong>"), "\(page.html)")
            #expect(page.html.contains("<time datetime=\"2025-12-01T12:00:00Z\">2025-12-01 13:00 +01:00</time>"))
        }
    }

    @Test func anUnknownNumberIsNotFoundAndAnythingElseIsNeverAServerError() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try oneOfEach()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let unknown = try await client.get("/_vitrine/edit/orders/4242")
            #expect(unknown.status == .notFound)
            #expect(unknown.html.contains("No order 4242 in the orders file."))
            for path in ["abc", "1001x", "-1", "99999999999999999999999", "%3Cscript%3E", "1e3", "%20"] {
                let page = try await client.get("/_vitrine/edit/orders/\(path)")
                #expect([.notFound, .badRequest].contains(page.status), "\(path): \(page.status)")
                #expect(!page.html.contains("<script>"), "\(path)")
            }
        }
    }

    @Test func whatShoppersTypedIsEscaped() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try OrdersFile()
        try file.record("cs_<b>", name: "Mask <img src=x onerror=alert(1)>")
        try file.settle("cs_<b>", paid: 1, email: "<script>@x", country: "<i>")
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            for path in ["/_vitrine/edit/orders/", "/_vitrine/edit/orders/1001"] {
                let page = try await client.get(path)
                #expect(page.html.contains("&lt;script&gt;@x"), "\(path)")
                #expect(!page.html.contains("<script>") && !page.html.contains("<i>") && !page.html.contains("<b>"), "\(path)")
            }
            let order = try await client.get("/_vitrine/edit/orders/1001")
            #expect(order.html.contains("Mask &lt;img src=x onerror=alert(1)&gt;"))
            #expect(order.html.contains("<code>cs_&lt;b&gt;</code>"))
        }
    }

    @Test func withoutAnOrdersFileThereAreNoOrdersPages() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop, orders: nil).test(.router) { raw in
            let client = EditorClient(raw)
            let list = try await client.get("/_vitrine/edit/orders/")
            let order = try await client.get("/_vitrine/edit/orders/1001")
            let index = try await client.get("/_vitrine/edit/")
            #expect(list.status == .notFound && order.status == .notFound)
            #expect(index.status == .ok && !index.html.contains("/_vitrine/edit/orders/"))
        }
    }

    @Test func anEmptyFileSaysHowOrdersGetThere() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try OrdersFile()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let page = try await EditorClient(raw).get(Self.list)
            #expect(page.status == .ok)
            #expect(page.html.contains("No orders yet."))
            #expect(page.html.contains("Stripe Checkout") && page.html.contains("<code>vitrine checkout --orders orders.sqlite</code>"))
            #expect(!page.html.contains("<table>"))
        }
    }

    @Test func theOrdersAskForTheEditorsAccessToken() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try oneOfEach()
        let token = "0123456789abcdef0123"
        try await app(shop, orders: try file.reader(), token: token).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await client.get(Self.list).status == .unauthorized)
            #expect(try await client.get("/_vitrine/edit/orders/1001").status == .unauthorized)
            let link = try await client.get("/_vitrine/edit/orders/1001?token=\(token)")
            #expect(link.status == .seeOther && link.headers[.location] == "/_vitrine/edit/orders/1001")
            let page = try await client.get("/_vitrine/edit/orders/1001")
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[.init("X-Frame-Options")!] == "DENY")
        }
    }
}
