import CatalogModel
@testable import CheckoutService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Orders
import Testing
import VitrineTestSupport

/// The review form through the router, with a real orders file holding one paid order (1001:
/// a serum and a red lipstick).
@Suite struct ReviewRoutesTests {
    let clock = TestClock()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reviews-\(UUID().uuidString)")
    var ordersPath: String { folder.appendingPathComponent("orders.sqlite").path }
    static let links = ReviewLinks(checkoutSigner: Fixtures.signer, publicURL: "https://checkout.shop.example")

    /// `catalog`: the shop the service sells, whose storefronts and languages the pages follow.
    func withClient<Value: Sendable>(
        payments: Bool = true, paid: Bool = true, catalog: Catalog = Fixtures.catalog(),
        _ body: @Sendable (any TestClientProtocol, OrderStore) async throws -> Value
    ) async throws -> Value {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = self.clock
        let store = try OrderStore(path: ordersPath)
        _ = try store.record(
            Order(
                sessionID: "cs_test_abc", cartReference: "ref", currency: .usd,
                lines: [
                    .init(sku: "SER-1", name: "serum", quantity: 1, unitAmount: 2880, discountAmount: 320, total: 2880),
                    .init(sku: "LIP-RED", name: "lipstick <b>Red</b>", quantity: 1, unitAmount: 2000, discountAmount: 0, total: 2000),
                ],
                shippingOptions: [], subtotal: 5200, discount: 320, goodsTotal: 4880, code: nil, catalogVersion: "v", createdAt: clock.now))
        if paid {
            _ = try store.apply(
                PaymentEvent(id: "evt_1", kind: .completed, sessionID: "cs_test_abc", paymentStatus: "paid", currency: "usd", amountTotal: 4880),
                at: clock.now)
        }
        let configuration = CheckoutConfiguration(
            clock: { clock.now }, payments: payments ? Payments(settings: StripeFixture.settings, store: store) : nil,
            wallClock: { clock.now })
        let app = buildApplication(links: Fixtures.links(catalog: catalog), configuration: configuration)
        return try await app.test(.router) { client in try await body(client, store) }
    }

    /// The path of line `line`'s link as the paid order's JSON gives it.
    func path(line: Int = 0, expiresAt: Date? = nil, sku: String? = nil) -> String {
        let expiry = Int64((expiresAt ?? clock.now.addingTimeInterval(ReviewLinks.defaultLifetime)).timeIntervalSince1970)
        let token = Self.links.token(ReviewToken(order: 1001, line: line, sku: sku ?? (line == 0 ? "SER-1" : "LIP-RED"), expiresAt: expiry))
        return "/reviews/" + token
    }

    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return ByteBuffer(string: fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&"))
    }

    static let good: [(String, String)] = [("rating", "5"), ("title", "Lovely"), ("body", "Skin feels new.\r\n\r\nWould buy again."), ("author", "Ada L."), ("language", "en")]

    func post(_ client: any TestClientProtocol, _ path: String, _ fields: [(String, String)] = good) async throws -> TestResponse {
        try await client.execute(
            uri: path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: Self.form(fields))
    }

    static func html(_ response: TestResponse) -> String { String(buffer: response.body) }

    /// A refusal page of the review form: HTML whatever the client accepts, with its code.
    static func expectPage(_ response: TestResponse, _ status: HTTPResponse.Status, _ code: String) {
        #expect(response.status == status)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(html(response).contains(#"data-code="\#(code)""#), "\(html(response).prefix(3000))")
        #expect(response.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
    }

    @Test func thePaidOrdersJSONListsALinkPerLineThatOpensTheForm() async throws {
        try await withClient { client, _ in
            let order = try RouterTests.json(try await client.execute(uri: "/api/orders/cs_test_abc", method: .get))
            let listed = try #require(order["reviewLinks"] as? [[String: String]])
            #expect(listed.map { $0["sku"] } == ["SER-1", "LIP-RED"] && listed.map { $0["name"] } == ["serum", "lipstick <b>Red</b>"])
            let url = try #require(listed[1]["url"])
            #expect(url.hasPrefix("https://checkout.shop.example/reviews/"))
            let page = try await client.execute(uri: String(url.dropFirst("https://checkout.shop.example".count)), method: .get)
            #expect(page.status == .ok)
            let text = Self.html(page)
            // The product's name is the order's, escaped like everything else.
            #expect(text.contains("lipstick &lt;b&gt;Red&lt;/b&gt;") && !text.contains("<b>Red</b>"))
            #expect(text.contains(#"<fieldset id="rating""#) && text.contains("<legend>Your rating (required)</legend>"))
            #expect(text.components(separatedBy: #"type="radio" name="rating""#).count == 6)
            #expect(text.contains(#"<textarea id="body" name="body""#) && text.contains(#"maxlength="5000""#))
            #expect(text.contains(#"<label for="author">"#) && text.contains(#"<select id="language" name="language""#))
            #expect(!text.contains("<script"))
            #expect(page.headers[.contentSecurityPolicy] == "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
            #expect(page.headers[.referrerPolicy] == "no-referrer" && page.headers[.cacheControl] == "no-store")
        }
    }

    @Test func anUnpaidOrderHasNoLinksAndItsLinesNoForm() async throws {
        let path = self.path()
        try await withClient(paid: false) { client, _ in
            let order = try RouterTests.json(try await client.execute(uri: "/api/orders/cs_test_abc", method: .get))
            #expect((order["reviewLinks"] as? [Any])?.isEmpty == true)
            Self.expectPage(try await client.execute(uri: path, method: .get), .notFound, "review_link_invalid")
        }
    }

    @Test func aSentReviewIsKeptPendingWithItsMarkupStripped() async throws {
        let path = self.path()
        try await withClient { client, store in
            let fields: [(String, String)] = [
                ("rating", "4"), ("title", "<script>alert(1)</script>Nice"), ("body", "Good <img src=x onerror=alert(1)>serum.\u{0}\u{7}"),
                ("author", "<b>Ada</b>\nL."), ("language", ""),
            ]
            let response = try await post(client, path, fields)
            #expect(response.status == .ok)
            #expect(Self.html(response).contains(#"id="review-sent""#))
            let kept = try #require(try store.reviewSubmission(order: 1001, line: 0))
            #expect(kept.status == .pending && kept.rating == 4 && kept.sku == "SER-1" && kept.productName == "serum")
            #expect(kept.title == "alert(1)Nice" && kept.body == "Good serum." && kept.author == "Ada L." && kept.language == nil)
            #expect(kept.submittedAt == clock.now)
        }
    }

    @Test func sendingAgainReplacesThePendingReviewAndTheFormShowsIt() async throws {
        let path = self.path()
        try await withClient { client, store in
            #expect(try await post(client, path).status == .ok)
            let form = Self.html(try await client.execute(uri: path, method: .get))
            #expect(form.contains(#"id="replacing""#) && form.contains(#"value="Ada L.""#) && form.contains(#"value="5" required checked"#))
            var changed = Self.good
            changed[0] = ("rating", "2")
            let again = try await post(client, path, changed)
            #expect(again.status == .ok && Self.html(again).contains("replaces the one you sent before"))
            let kept = try #require(try store.reviewSubmission(order: 1001, line: 0))
            #expect(kept.rating == 2 && kept.revision == 2)
            #expect(try store.reviewSubmissions().count == 1)
        }
    }

    @Test func aReviewStaffDecidedIs409ForTheFormAndForAnotherSending() async throws {
        let path = self.path()
        let now = clock.now
        try await withClient { client, store in
            #expect(try await post(client, path).status == .ok)
            _ = try store.decideReview(order: 1001, line: 0, revision: 1, as: .approved, response: nil, at: now)
            Self.expectPage(try await client.execute(uri: path, method: .get), .conflict, "review_decided")
            Self.expectPage(try await post(client, path), .conflict, "review_decided")
            #expect(try store.reviewSubmission(order: 1001, line: 0)?.status == .approved)
            #expect(try store.reviewSubmission(order: 1001, line: 0)?.revision == 1)
        }
    }

    @Test func alteredLinksAndLinksToNoPaidLineAre404() async throws {
        let good = self.path()
        var flipped = Array(good.utf8)
        flipped[flipped.count - 5] = flipped[flipped.count - 5] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        let altered = String(decoding: flipped, as: UTF8.self)
        let noSuchLine = self.path(line: 5, sku: "SER-1")
        let otherSKU = self.path(line: 0, sku: "LIP-RED")
        try await withClient { client, store in
            for path in [altered, noSuchLine, otherSKU, "/reviews/abc", "/reviews/a.b", String(good.dropLast(3))] {
                Self.expectPage(try await client.execute(uri: path, method: .get), .notFound, "review_link_invalid")
                Self.expectPage(try await post(client, path), .notFound, "review_link_invalid")
            }
            #expect(try store.reviewSubmissions().isEmpty)
        }
    }

    @Test func anExpiredLinkIs410AndSaysWhenItExpired() async throws {
        let expiry = clock.now.addingTimeInterval(3600)
        let path = self.path(expiresAt: expiry)
        let clock = self.clock
        try await withClient { client, store in
            #expect(try await client.execute(uri: path, method: .get).status == .ok)
            clock.advance(by: 3600)
            let page = try await client.execute(uri: path, method: .get, headers: [.accept: "application/json"])
            Self.expectPage(page, .gone, "review_link_expired")
            #expect(Self.html(page).contains("This review link has expired") && Self.html(page).contains(Timestamp.rfc3339(expiry)))
            Self.expectPage(try await post(client, path), .gone, "review_link_expired")
            #expect(try store.reviewSubmissions().isEmpty)
        }
    }

    @Test func badValuesAre422WithTheFormShownAgainAndEachProblemAtItsField() async throws {
        let path = self.path()
        try await withClient { client, store in
            let response = try await post(
                client, path,
                [("rating", "6"), ("title", String(repeating: "t", count: 201)), ("body", "<p></p>"), ("author", String(repeating: "é", count: 101)),
                 ("language", "not a language")])
            #expect(response.status == .unprocessableContent)
            let text = Self.html(response)
            #expect(text.contains(#"id="error-summary""#) && text.contains(#"role="alert""#))
            for field in ["rating", "title", "body", "author", "language"] {
                #expect(text.contains(##"<a href="#\##(field)">"##), "\(field)")
                #expect(text.contains(#"id="\#(field)-error""#), "\(field)")
            }
            #expect(text.contains("The title is 201 characters long; at most 200 fit"))
            #expect(text.contains("The name is 101 characters long; at most 100 fit"))
            // What was typed is kept, so nothing has to be written again.
            #expect(text.contains(#"value="\#(String(repeating: "t", count: 201))""#))
            let long = try await post(client, path, [("rating", "3"), ("body", String(repeating: "x", count: 5001)), ("author", "Ada")])
            #expect(long.status == .unprocessableContent && Self.html(long).contains("Your review is 5,001 characters long"))
            #expect(try store.reviewSubmissions().isEmpty)
            // Exactly at the limits is fine.
            let full = try await post(
                client, path,
                [("rating", "1"), ("title", String(repeating: "t", count: 200)), ("body", String(repeating: "x", count: 5000)),
                 ("author", String(repeating: "a", count: 100))])
            #expect(full.status == .ok)
        }
    }

    @Test func aBodyOver64KiBIs413AndNothingIsKept() async throws {
        let path = self.path()
        try await withClient { client, store in
            let huge = [("rating", "5"), ("body", String(repeating: "x", count: 70 * 1024)), ("author", "Ada")]
            Self.expectPage(try await post(client, path, huge), .contentTooLarge, "body_too_large")
            #expect(try store.reviewSubmissions().isEmpty)
        }
    }

    @Test func aFloodIs429PerLineAndPerAddressWithRetryAfter() async throws {
        let path = self.path()
        let other = self.path(line: 1)
        try await withClient { client, store in
            for _ in 0..<ReviewRules.postsPerLine { #expect(try await post(client, path).status == .ok) }
            let refused = try await post(client, path)
            Self.expectPage(refused, .tooManyRequests, "too_many_requests")
            #expect(refused.headers[.retryAfter].flatMap(Int.init).map { (1...60).contains($0) } == true)
            // Another line is counted apart, until the address's allowance runs out.
            #expect(try await post(client, other).status == .ok)
            for _ in 0..<(ReviewRules.postsPerAddress - ReviewRules.postsPerLine - 2) {
                Self.expectPage(try await post(client, "/reviews/a.b"), .notFound, "review_link_invalid")
            }
            Self.expectPage(try await post(client, other), .tooManyRequests, "too_many_requests")
            #expect(try store.reviewSubmission(order: 1001, line: 0)?.revision == ReviewRules.postsPerLine)
        }
    }

    @Test func theAllowanceComesBackAfterAMinute() async throws {
        let path = self.path()
        let clock = self.clock
        try await withClient { client, _ in
            for _ in 0..<ReviewRules.postsPerLine { _ = try await post(client, path) }
            #expect(try await post(client, path).status == .tooManyRequests)
            clock.advance(by: ReviewRules.window)
            #expect(try await post(client, path).status == .ok)
        }
    }

    @Test func anotherBodyTypeIs415AndGarbageIsNever5xx() async throws {
        let path = self.path()
        try await withClient { client, store in
            let json = try await client.execute(
                uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"rating":5}"#))
            Self.expectPage(json, .unsupportedMediaType, "unsupported_form")
            for garbage in ["%", "%zz=%%&&==&rating", "rating=%FF%FE&body=%C3&author=%00", "&&&", String(repeating: "a=b&", count: 5000)] {
                let response = try await client.execute(
                    uri: path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: garbage))
                #expect(response.status.code < 500, "\(garbage.prefix(30)): \(response.status)")
            }
            let put = try await client.execute(uri: path, method: .put)
            #expect(put.status == .methodNotAllowed && put.headers[.allow] == "GET, POST")
            #expect(try store.reviewSubmissions().isEmpty)
        }
    }

    @Test func withoutAnOrdersFileTheFormSaysItTakesNoReviews() async throws {
        let path = self.path()
        try await withClient(payments: false) { client, _ in
            Self.expectPage(try await client.execute(uri: path, method: .get), .notFound, "reviews_not_configured")
            Self.expectPage(try await post(client, path), .notFound, "reviews_not_configured")
        }
    }
}
