import CatalogModel
@testable import CheckoutService
import Foundation
import HTTPTypes
import Testing

@Suite struct CheckoutLinksTests {
    let links = Fixtures.links()
    let request = CartRequest(items: [CartItem(sku: "SER-1", quantity: 2), CartItem(sku: "MSK-1", quantity: 1)])

    @Test func aLinkReadsBackAsTheCartItWasPricedAs() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        #expect(link.expiresAt == Fixtures.now.addingTimeInterval(1800))
        #expect(links.url(forToken: link.token) == "https://checkout.shop.example/checkout/" + link.token)
        let read = try links.cart(forToken: link.token[...], at: Fixtures.now.addingTimeInterval(60))
        #expect(read.cart == link.cart)
        #expect(read.expiresAt == link.expiresAt)
    }

    @Test func theQuoteHoldsAfterAPromotionEndsWithinTheLinksLifetime() throws {
        // ends-soon (20% off the mask) ends at 12:10; the link was made at 12:00 and is read at 12:20.
        let link = try links.link(for: request, at: Fixtures.now)
        let read = try links.cart(forToken: link.token[...], at: Fixtures.now.addingTimeInterval(20 * 60))
        #expect(read.cart.lines[1].discount.minorUnits == 400)
    }

    @Test func anExpiredLinkIs410() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        do {
            _ = try links.cart(forToken: link.token[...], at: Fixtures.now.addingTimeInterval(1800))
            Issue.record("an expired link was accepted")
        } catch {
            #expect(error.status == .gone)
            #expect(error.code == "token_expired")
            #expect(error.details == ["expiresAt": "2026-12-01T12:30:00Z"])
        }
    }

    @Test func theLifetimeIsConfigurable() throws {
        let short = Fixtures.links(lifetime: 60)
        let link = try short.link(for: request, at: Fixtures.now)
        #expect(link.expiresAt == Fixtures.now.addingTimeInterval(60))
        #expect(throws: CheckoutError.self) { try short.cart(forToken: link.token[...], at: Fixtures.now.addingTimeInterval(61)) }
    }

    @Test func aChangedPriceIs409SayingWhatChanged() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        var products = Fixtures.defaultProducts
        products[0].price.minorUnits = 3500  // serum 32.00 → 35.00
        let newer = Fixtures.links(catalog: Fixtures.catalog(products: products))
        do {
            _ = try newer.cart(forToken: link.token[...], at: Fixtures.now)
            Issue.record("a stale price was accepted")
        } catch {
            #expect(error.status == .conflict)
            #expect(error.code == "catalog_changed")
            #expect(error.details == [
                "changes": .array([[
                    "sku": "SER-1", "change": "price",
                    "was": ["unitAmount": 3200, "discountAmount": 640],
                    "now": ["unitAmount": 3500, "discountAmount": 700],
                ]]),
                "signedCatalogVersion": .string(links.version),
                "catalogVersion": .string(newer.version),
            ])
        }
    }

    @Test func aRemovedOrSoldOutProductIs409() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        var products = Fixtures.defaultProducts.filter { $0.sku != "MSK-1" }
        products[0].availability = .outOfStock
        let newer = Fixtures.links(catalog: Fixtures.catalog(products: products))
        do {
            _ = try newer.cart(forToken: link.token[...], at: Fixtures.now)
            Issue.record("a removed product was accepted")
        } catch {
            #expect(error.status == .conflict)
            guard case .object(let details) = error.details, case .array(let changes) = details["changes"] else {
                Issue.record("no changes in \(error.details)")
                return
            }
            #expect(changes.count == 2)
            #expect(changes.contains { $0 == ["sku": "SER-1", "change": "out_of_stock", "was": ["unitAmount": 3200, "discountAmount": 640]] })
            #expect(changes.contains { $0 == ["sku": "MSK-1", "change": "removed", "was": ["unitAmount": 1999, "discountAmount": 400]] })
        }
    }

    @Test func aDiscountChangeIs409() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        var promotions = Fixtures.defaultPromotions
        promotions[0].discountPercent = 5
        let newer = Fixtures.links(catalog: Fixtures.catalog(promotions: promotions))
        #expect(throws: CheckoutError.self) { try newer.cart(forToken: link.token[...], at: Fixtures.now) }
    }

    @Test func aCatalogChangeThatLeavesTheCartsPricesAloneIsAccepted() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        var products = Fixtures.defaultProducts
        products[1].price.minorUnits = 999  // the cream, not in this cart
        let newer = Fixtures.links(catalog: Fixtures.catalog(products: products))
        #expect(newer.version != links.version)
        #expect(try newer.cart(forToken: link.token[...], at: Fixtures.now).cart == link.cart)
    }

    @Test func anotherInstanceWithTheSameKeyReadsTheLink() throws {
        let link = try links.link(for: request, at: Fixtures.now)
        let other = Fixtures.links(signer: TokenSigner(secret: Fixtures.secret))
        #expect(try other.cart(forToken: link.token[...], at: Fixtures.now).cart == link.cart)
    }
}
