import CatalogModel
import CheckoutService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// The service through its router, without a socket.
@Suite struct RouterTests {
    let clock = TestClock()

    @discardableResult
    func withClient<Value: Sendable>(
        catalog: Catalog = Fixtures.catalog(), signer: TokenSigner = Fixtures.signer,
        _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let clock = self.clock
        let app = buildApplication(
            links: Fixtures.links(catalog: catalog, signer: signer), configuration: CheckoutConfiguration(clock: { clock.now }))
        return try await app.test(.router, body)
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        return try #require(object as? [String: Any])
    }

    static func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    /// Every refusal is `{error, message, details}` and nothing else, with the expected status.
    static func expectError(_ response: TestResponse, _ status: HTTPResponse.Status, _ code: String) throws -> [String: Any] {
        #expect(response.status == status)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        let object = try json(response)
        #expect(Set(object.keys) == ["error", "message", "details"])
        #expect(object["error"] as? String == code)
        #expect((object["message"] as? String)?.isEmpty == false)
        return try #require(object["details"] as? [String: Any])
    }

    /// A request path of the service, as the router and the shop's links read the declaration.
    static func path(_ route: CheckoutRoute, _ value: String = "") -> String { "/" + route.path(value) }

    static func token(fromLocation response: TestResponse) throws -> String {
        let location = try #require(response.headers[.location])
        #expect(location.hasPrefix("../checkout/"))
        return String(location.dropFirst("../checkout/".count))
    }

    // MARK: Happy paths

    @Test func healthzReportsTheCatalogVersion() async throws {
        try await withClient { client in
            try await client.execute(uri: Self.path(.health), method: .get) { response in
                #expect(response.status == .ok)
                let body = try Self.json(response)
                #expect(body["status"] as? String == "ok")
                #expect(body["catalogVersion"] as? String == CatalogFingerprint.short(of: Fixtures.catalog()))
                #expect(body["products"] as? Int == Fixtures.defaultProducts.count)
            }
        }
    }

    @Test func openAPIDocumentIsServedAsItIsInTheRepository() async throws {
        let file = ShopFixture.repositoryRoot.appendingPathComponent("Sources/CheckoutService/Resources/openapi.json")
        let onDisk = try Data(contentsOf: file)
        try await withClient { client in
            try await client.execute(uri: Self.path(.openAPI), method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == onDisk)
                let document = try Self.json(response)
                #expect(document["openapi"] as? String == "3.1.0")
            }
        }
    }

    @Test func aCartLinkRedirectsToItsSignedSummary() async throws {
        try await withClient { client in
            let token = try await client.execute(uri: Self.path(.cart, "SER-1:2,MSK-1:1"), method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.cacheControl] == "no-store")
                return try Self.token(fromLocation: response)
            }
            try await client.execute(uri: Self.path(.summary, token), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.referrerPolicy] == "no-referrer")
                let html = String(buffer: response.body)
                #expect(html.contains("No payment is taken here"))
                #expect(html.contains(#"id="total" data-amount="7359""#))  // 64.00 − 6.40 + 19.99 − 4.00
                #expect(html.contains("$73.59"))
                #expect(html.contains(#"data-sku="SER-1""#))
                #expect(html.contains("Serum"))
                #expect(html.contains("SKU SER-1 · acme-ten"))  // the promotion's title
                #expect(html.contains(#"<time datetime="2026-12-01T12:30:00Z">2026-12-01 12:30 UTC</time>"#))
            }
        }
    }

    @Test func theShopsBuyLinksOpenTheirCarts() async throws {
        // A sku outside the content rules' alphabet still reaches its product: both sides encode alike.
        let odd = Records.product("odd", sku: "ODD 1/é", price: 100)
        let catalog = Fixtures.catalog(products: Fixtures.defaultProducts + [odd])
        let checkoutURL = try #require(catalog.site.checkoutURL)
        try await withClient(catalog: catalog) { client in
            for (sku, quantity) in [("SER-1", 1), ("MSK-1", 3), ("ODD 1/é", 2)] {
                let buy = try #require(catalog.site.buyURL(sku: sku, quantity: quantity))
                #expect(buy.hasPrefix(checkoutURL))
                let token = try await client.execute(uri: "/" + buy.dropFirst(checkoutURL.count), method: .get) { response in
                    #expect(response.status == .seeOther, "\(buy)")
                    return try Self.token(fromLocation: response)
                }
                try await client.execute(uri: Self.path(.summaryJSON, token), method: .get) { response in
                    let lines = try #require(try Self.json(response)["lines"] as? [[String: Any]])
                    #expect(lines.count == 1)
                    #expect(lines.first?["sku"] as? String == sku)
                    #expect(lines.first?["quantity"] as? Int == quantity)
                }
            }
        }
    }

    @Test func aCartLinkCarriesItsPromotionCode() async throws {
        try await withClient { client in
            let token = try await client.execute(uri: Self.path(.cart, "SER-1:1?code=serum15"), method: .get) { try Self.token(fromLocation: $0) }
            try await client.execute(uri: Self.path(.summaryJSON, token), method: .get) { response in
                let body = try Self.json(response)
                #expect(body["discount"] as? Int == 480)
                #expect(body["total"] as? Int == 2720)
            }
        }
    }

    @Test func postingACartCreatesALinkPricedByTheCatalog() async throws {
        try await withClient { client in
            let body = #"{"items":[{"sku":"SER-1","quantity":2},{"sku":"CRM-1","quantity":3}],"code":"SERUM15"}"#
            let created = try await client.execute(
                uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)
            ) { response in
                #expect(response.status == .created)
                let object = try Self.json(response)
                #expect(Set(object.keys) == ["url", "token", "expiresAt", "currency", "lines", "subtotal", "discount", "total"])
                let token = try #require(object["token"] as? String)
                #expect(object["url"] as? String == "https://checkout.shop.example/checkout/" + token)
                #expect(response.headers[.location] == "https://checkout.shop.example/checkout/" + token)
                #expect(object["expiresAt"] as? String == "2026-12-01T12:30:00Z")
                #expect(object["currency"] as? String == "USD")
                #expect(object["subtotal"] as? Int == 6400 + 2550)
                #expect(object["discount"] as? Int == 960 + 255)
                #expect(object["total"] as? Int == 6400 + 2550 - 960 - 255)
                let lines = try #require(object["lines"] as? [[String: Any]])
                #expect(lines.count == 2)
                #expect(lines[0]["sku"] as? String == "SER-1")
                #expect(lines[0]["name"] as? String == "Serum")
                #expect(lines[0]["unitAmount"] as? Int == 3200)
                #expect(lines[0]["quantity"] as? Int == 2)
                #expect(lines[0]["discountAmount"] as? Int == 960)
                #expect(lines[0]["lineAmount"] as? Int == 5440)
                #expect(lines[0]["promotion"] as? String == "serum-fifteen")
                return (token, String(buffer: response.body))
            }
            try await client.execute(uri: Self.path(.summaryJSON, created.0), method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == created.1)
            }
        }
    }

    // MARK: Bad input: never a 5xx

    @Test func malformedJSONIs400() async throws {
        try await withClient { client in
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body("{\"items\": [")) {
                _ = try Self.expectError($0, .badRequest, "malformed_json")
            }
        }
    }

    @Test func aPriceInTheRequestIsRejected() async throws {
        try await withClient { client in
            let body = #"{"items":[{"sku":"SER-1","quantity":1,"price":1}]}"#
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)) {
                let details = try Self.expectError($0, .unprocessableContent, "price_not_accepted")
                #expect(details["field"] as? String == "items[0].price")
            }
        }
    }

    @Test func anUnknownSkuIs422NamingIt() async throws {
        try await withClient { client in
            let body = #"{"items":[{"sku":"SER-1","quantity":1},{"sku":"NOPE-9","quantity":1}]}"#
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)) {
                let details = try Self.expectError($0, .unprocessableContent, "unknown_sku")
                #expect(details["skus"] as? [String] == ["NOPE-9"])
            }
            try await client.execute(uri: Self.path(.cart, "NOPE-9:1"), method: .get) {
                _ = try Self.expectError($0, .unprocessableContent, "unknown_sku")
            }
        }
    }

    @Test func aGroupSKUIs422VariantRequiredAndAVariantSKUBuys() async throws {
        try await withClient { client in
            let body = #"{"items":[{"sku":"LIP","quantity":1}]}"#
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)) {
                let details = try Self.expectError($0, .unprocessableContent, "variant_required")
                let groups = try #require(details["groups"] as? [[String: Any]])
                #expect((groups.first?["variants"] as? [[String: Any]])?.compactMap { $0["sku"] as? String } == ["LIP-RED", "LIP-NUDE", "LIP-PLUM"])
            }
            try await client.execute(uri: Self.path(.cart, "LIP-RED:2"), method: .get) { response in
                #expect(response.status == .seeOther, "\(response.status)")
            }
        }
    }

    @Test func quantitiesOutside1To99Are422() async throws {
        try await withClient { client in
            for quantity in [0, 100, -3] {
                let body = #"{"items":[{"sku":"SER-1","quantity":\#(quantity)}]}"#
                try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)) {
                    let details = try Self.expectError($0, .unprocessableContent, "invalid_quantity")
                    #expect(details["sku"] as? String == "SER-1")
                }
            }
            try await client.execute(uri: Self.path(.cart, "SER-1:100"), method: .get) {
                _ = try Self.expectError($0, .unprocessableContent, "invalid_quantity")
            }
        }
    }

    @Test func outOfStockIs409() async throws {
        try await withClient { client in
            let body = #"{"items":[{"sku":"BALM-1","quantity":1}]}"#
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)) {
                let details = try Self.expectError($0, .conflict, "out_of_stock")
                #expect(details["skus"] as? [String] == ["BALM-1"])
            }
            try await client.execute(uri: Self.path(.cart, "BALM-1:1"), method: .get) { _ = try Self.expectError($0, .conflict, "out_of_stock") }
        }
    }

    @Test func moreThanAHundredLinesIs422() async throws {
        try await withClient { client in
            let items = (0..<101).map { #"{"sku":"SER-1","quantity":\#($0 % 2 + 1)}"# }.joined(separator: ",")
            try await client.execute(
                uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(#"{"items":[\#(items)]}"#)
            ) { _ = try Self.expectError($0, .unprocessableContent, "too_many_lines") }
            let path = (0..<101).map { _ in "SER-1:1" }.joined(separator: ",")
            try await client.execute(uri: Self.path(.cart, "") + path, method: .get) {
                _ = try Self.expectError($0, .unprocessableContent, "too_many_lines")
            }
        }
    }

    @Test func aBodyOver64KiBIs413() async throws {
        try await withClient { client in
            let padding = String(repeating: " ", count: 64 * 1024)
            let body = #"{"items":[{"sku":"SER-1","quantity":1}]"# + padding + "}"
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(body)) {
                _ = try Self.expectError($0, .contentTooLarge, "body_too_large")
            }
            // Just under the limit is read (and is a valid cart).
            let fits = #"{"items":[{"sku":"SER-1","quantity":1}]"# + String(repeating: " ", count: 64 * 1024 - 60) + "}"
            try await client.execute(uri: Self.path(.createLink), method: .post, headers: Self.jsonHeaders, body: Self.body(fits)) {
                #expect($0.status == .created)
            }
        }
    }

    @Test func aMalformedCartPathIs400() async throws {
        try await withClient { client in
            for path in ["SER-1", "SER-1:x", "SER-1:2,,MSK-1:1", "%ZZ"] {
                try await client.execute(uri: Self.path(.cart, "") + path, method: .get) { _ = try Self.expectError($0, .badRequest, "malformed_cart") }
            }
        }
    }

    @Test func aTokenWithOneByteChangedIs403() async throws {
        try await withClient { client in
            let token = try await client.execute(uri: Self.path(.cart, "SER-1:1"), method: .get) { try Self.token(fromLocation: $0) }
            var bytes = Array(token.utf8)
            let index = bytes.count / 3
            bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            let altered = String(decoding: bytes, as: UTF8.self)
            for route in [CheckoutRoute.summary, .summaryJSON] {
                try await client.execute(uri: Self.path(route, altered), method: .get) { _ = try Self.expectError($0, .forbidden, "invalid_token") }
                try await client.execute(uri: Self.path(route, token), method: .get) { #expect($0.status == .ok) }
            }
        }
    }

    @Test func aTokenSignedWithAnotherKeyIs403() async throws {
        let foreign = try Fixtures.links(signer: TokenSigner(secret: "some-other-shop-0123456789-abcdefghij"))
            .link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)]), at: Fixtures.now).token
        try await withClient { client in
            for route in [CheckoutRoute.summary, .summaryJSON] {
                try await client.execute(uri: Self.path(route, foreign), method: .get) { _ = try Self.expectError($0, .forbidden, "invalid_token") }
            }
            try await client.execute(uri: Self.path(.summaryJSON, "not-a-token"), method: .get) { _ = try Self.expectError($0, .forbidden, "invalid_token") }
        }
    }

    @Test func anExpiredTokenIs410() async throws {
        try await withClient { client in
            let token = try await client.execute(uri: Self.path(.cart, "SER-1:1"), method: .get) { try Self.token(fromLocation: $0) }
            clock.advance(by: 29 * 60)
            try await client.execute(uri: Self.path(.summaryJSON, token), method: .get) { #expect($0.status == .ok) }
            clock.advance(by: 60)
            for route in [CheckoutRoute.summary, .summaryJSON] {
                try await client.execute(uri: Self.path(route, token), method: .get) {
                    let details = try Self.expectError($0, .gone, "token_expired")
                    #expect(details["expiresAt"] as? String == "2026-12-01T12:30:00Z")
                }
            }
        }
    }

    @Test func aTokenWhosePricesChangedIs409() async throws {
        let token = try await withClient { client in
            try await client.execute(uri: Self.path(.cart, "SER-1:1,CRM-1:1"), method: .get) { try Self.token(fromLocation: $0) }
        }
        var products = Fixtures.defaultProducts
        products[1].price.minorUnits = 900
        try await withClient(catalog: Fixtures.catalog(products: products)) { [token] client in
            try await client.execute(uri: Self.path(.summaryJSON, token), method: .get) { response in
                let details = try Self.expectError(response, .conflict, "catalog_changed")
                let changes = try #require(details["changes"] as? [[String: Any]])
                #expect(changes.count == 1)
                #expect(changes[0]["sku"] as? String == "CRM-1")
                #expect((changes[0]["was"] as? [String: Any])?["unitAmount"] as? Int == 850)
                #expect((changes[0]["now"] as? [String: Any])?["unitAmount"] as? Int == 900)
            }
        }
    }

    @Test func unknownRoutesAre404AndWrongMethods405() async throws {
        try await withClient { client in
            try await client.execute(uri: "/nothing-here", method: .get) { _ = try Self.expectError($0, .notFound, "not_found") }
            try await client.execute(uri: "/cart/", method: .get) { _ = try Self.expectError($0, .notFound, "not_found") }
            try await client.execute(uri: "/api/checkout-links", method: .get) { response in
                _ = try Self.expectError(response, .methodNotAllowed, "method_not_allowed")
                #expect(response.headers[.allow] == "POST")
            }
            try await client.execute(uri: "/cart/SER-1:1", method: .post) { response in
                _ = try Self.expectError(response, .methodNotAllowed, "method_not_allowed")
                #expect(response.headers[.allow] == "GET")
            }
        }
    }

    @Test func aBrowserFollowingABadLinkGetsAPageWithTheSameStatus() async throws {
        try await withClient { client in
            let headers: HTTPFields = [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"]
            try await client.execute(uri: "/cart/NOPE-9:1", method: .get, headers: headers) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = String(buffer: response.body)
                #expect(html.contains(#"data-code="unknown_sku""#))
                #expect(html.contains("NOPE-9"))
                #expect(!html.contains("No payment is taken here"))
            }
            try await client.execute(uri: "/api/checkout/garbage", method: .get, headers: headers) { response in
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }

    @Test func strangePathsNeverGetA5xx() async throws {
        try await withClient { client in
            let paths = [
                "/cart/%", "/cart/::", "/cart/%00:1", "/cart/SER-1:99999999999999999999", "/cart/SER-1:1?code=%FF",
                "/cart/SER-1:1?code=" + String(repeating: "A", count: 40), "/checkout/%FF", "/checkout/.", "/checkout/a.b",
                "/api/checkout/" + String(repeating: "x", count: 20_000), "/cart/" + String(repeating: "A", count: 5000) + ":1",
                "/cart/JPY-1:1,SER-1:1", "/cart/GOLD-1:99",
            ]
            for path in paths {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status.code >= 400 && response.status.code < 500, "\(path.prefix(60)): \(response.status)")
                }
            }
        }
    }
}
