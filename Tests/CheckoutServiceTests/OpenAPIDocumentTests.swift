import CatalogModel
@testable import CheckoutService
import Foundation
import Orders
import Testing
import VitrineTestSupport

/// The OpenAPI document is hand-kept; these keep it and the code from drifting apart.
@Suite struct OpenAPIDocumentTests {
    static var document: [String: Any] {
        let file = ShopFixture.repositoryRoot.appendingPathComponent("Sources/CheckoutService/Resources/openapi.json")
        let data = try! Data(contentsOf: file)
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    static func schema(_ name: String) -> [String: Any] {
        ((document["components"] as! [String: Any])["schemas"] as! [String: Any])[name] as! [String: Any]
    }

    static func property(_ schema: String, _ name: String) -> [String: Any] {
        (Self.schema(schema)["properties"] as! [String: Any])[name] as! [String: Any]
    }

    @Test func isOpenAPI31WithEveryRouteAndMethod() {
        #expect(Self.document["openapi"] as? String == "3.1.0")
        let paths = Self.document["paths"] as! [String: [String: Any]]
        let operations = paths.flatMap { path, item in item.keys.map { "\($0.uppercased()) \(path)" } }.sorted()
        let declared = CheckoutRoute.all.map { route in
            "\(route.method) /" + route.path("{\(route.parameter)}")
        }
        #expect(operations == declared.sorted())
        #expect(operations.count == 11)
    }

    @Test func statesTheSameLimitsAsTheCode() {
        let items = Self.property("CartRequest", "items")
        #expect(items["maxItems"] as? Int == CartRules.maximumLines)
        let quantity = Self.property("CartItem", "quantity")
        #expect(quantity["minimum"] as? Int == CartRules.quantities.lowerBound)
        #expect(quantity["maximum"] as? Int == CartRules.quantities.upperBound)
        #expect(Self.schema("CartItem")["additionalProperties"] as? Bool == false)
        #expect(Self.schema("CartRequest")["additionalProperties"] as? Bool == false)
    }

    @Test func errorsHaveTheServicesShape() {
        let error = Self.schema("Error")
        #expect((error["required"] as? [String])?.sorted() == ["details", "error", "message"])
        let link = Self.schema("CheckoutLink")
        #expect((link["required"] as? [String])?.sorted()
            == ["currency", "discount", "expiresAt", "lines", "subtotal", "token", "total", "url"])
        #expect((Self.schema("CheckoutLine")["required"] as? [String])?.sorted()
            == ["discountAmount", "lineAmount", "name", "quantity", "sku", "unitAmount"])
    }
}

extension OpenAPIDocumentTests {
    @Test func theOrderSchemaListsWhatTheSuccessPageIsSent() {
        #expect((Self.schema("Order")["required"] as? [String])?.sorted() == [
            "currency", "discount", "discountText", "lines", "number", "reviewLinks", "shipping", "shippingText", "status", "subtotal",
            "subtotalText", "total", "totalText",
        ])
        let statuses = (Self.property("Order", "status")["enum"] as? [String])?.sorted()
        #expect(statuses == Order.Status.allCases.map(\.rawValue).sorted())
    }
}

extension OpenAPIDocumentTests {
    @Test func anOrderBodyHasExactlyTheSchemasProperties() throws {
        let order = Order(
            number: 1001, sessionID: "cs_1", cartReference: "r", currency: .usd,
            lines: [.init(sku: "A", name: "a", quantity: 1, unitAmount: 100, discountAmount: 0, total: 100)], shippingOptions: [],
            subtotal: 100, discount: 0, goodsTotal: 100, code: nil, catalogVersion: "v", createdAt: Date(timeIntervalSince1970: 0))
        guard case .object(let body) = OrderBody(order: order, locale: "en_US").json,
            case .array(let lines) = body["lines"], case .object(let line) = lines.first
        else { Issue.record("not an object"); return }
        #expect(Set(body.keys) == Set((Self.schema("Order")["properties"] as! [String: Any]).keys))
        let lineSchema = (Self.property("Order", "lines")["items"] as! [String: Any])["properties"] as! [String: Any]
        #expect(Set(line.keys) == Set(lineSchema.keys))
    }
}

extension OpenAPIDocumentTests {
    @Test func theReviewFormStatesTheLimitsTheCodeHoldsItTo() {
        let form = Self.schema("ReviewForm")
        #expect((form["required"] as? [String])?.sorted() == ["author", "body", "rating"])
        #expect(Self.property("ReviewForm", "title")["maxLength"] as? Int == Review.Limits.title.upperBound)
        #expect(Self.property("ReviewForm", "body")["maxLength"] as? Int == Review.Limits.body.upperBound)
        #expect(Self.property("ReviewForm", "author")["maxLength"] as? Int == Review.Limits.author.upperBound)
        #expect(Self.property("ReviewForm", "rating")["enum"] as? [String] == ["1", "2", "3", "4", "5"])
        let paths = Self.document["paths"] as! [String: [String: Any]]
        let post = paths["/reviews/{token}"]!["post"] as! [String: Any]
        let responses = (post["responses"] as! [String: Any]).keys.sorted()
        #expect(responses == ["200", "400", "404", "408", "409", "410", "413", "415", "422", "429"])
        #expect(Self.schema("ReviewLink")["required"] as? [String] == ["sku", "name", "url"])
    }

    @Test func aPaidOrderBodysReviewLinksHaveTheSchemasProperties() throws {
        var order = Order(
            number: 1001, sessionID: "cs_1", cartReference: "r", status: .paid, currency: .usd,
            lines: [.init(sku: "A", name: "a", quantity: 1, unitAmount: 100, discountAmount: 0, total: 100)], shippingOptions: [],
            subtotal: 100, discount: 0, goodsTotal: 100, code: nil, catalogVersion: "v", createdAt: Date(timeIntervalSince1970: 0))
        order.paidAt = order.createdAt
        let links = ReviewLinks(checkoutSigner: Fixtures.signer, publicURL: "https://checkout.example").links(for: order)
        guard case .object(let body) = OrderBody(order: order, locale: "en_US", reviewLinks: links).json,
            case .array(let listed) = body["reviewLinks"], case .object(let link) = listed.first
        else { Issue.record("no review links"); return }
        #expect(Set(link.keys) == Set((Self.schema("ReviewLink")["properties"] as! [String: Any]).keys))
    }
}
