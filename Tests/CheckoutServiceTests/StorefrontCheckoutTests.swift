import CatalogModel
@testable import CheckoutService
import Foundation
import HTTPTypes
import Testing
import VitrineTestSupport

/// A cart belongs to one storefront: priced in its market's currency by the same quote the
/// storefront's pages show, the storefront signed into the token, and a product the market does
/// not sell refused by name.
@Suite struct StorefrontCheckoutTests {
    static let krw = Currency(code: "KRW")!
    static let us = Market(id: "us", countries: ["US"], currency: .usd, languages: ["en"])
    static let kr = Market(id: "kr", countries: ["KR"], currency: krw, languages: ["ko", "en"], roundingStep: 100)
    static let gb = Market(id: "gb", countries: ["GB"], currency: Currency(code: "GBP")!, languages: ["en"])

    static func catalog() -> Catalog {
        var site = Fixtures.site
        site.languages = [SiteLanguage(tag: "en"), SiteLanguage(tag: "ko")]
        site.markets = [us, kr, gb]
        site.exchangeRates = ["KRW": 1385]
        var serum = Records.product("serum", sku: "SER-1", price: 3250)
        serum.prices = [Money(minorUnits: 42000, currency: krw), Money(minorUnits: 2600, currency: Currency(code: "GBP")!)]
        let cream = Records.product("cream", sku: "CRM-1", price: 850)
        var korean = Records.promotion("kr-ten", products: ["cream"], percent: 10)
        korean.markets = ["kr"]
        return Records.catalog(site: site, products: [serum, cream], promotions: [korean])
    }

    let links = Fixtures.links(catalog: catalog())

    @Test func aStorefrontsCartIsPricedInItsMarketsCurrency() throws {
        let request = CartRequest(items: [CartItem(sku: "SER-1", quantity: 2), CartItem(sku: "CRM-1", quantity: 1)], storefront: "ko-kr")
        let link = try links.link(for: request, at: Fixtures.now)
        #expect(link.cart.currency == Self.krw)
        #expect(link.cart.storefront == "ko-kr")
        // The serum's listed 42,000 won; the cream converted (8.50 × 1385 = 11,772.5 → 11,800) less the Korean 10 %.
        #expect(link.cart.lines.map(\.unitPrice.minorUnits) == [42000, 10620])
        #expect(link.cart.total.minorUnits == 42000 * 2 + 10620)
        // The quote is the one the storefront's pages show.
        let catalog = Self.catalog()
        let cream = try #require(catalog.productBySKU["CRM-1"])
        #expect(catalog.quote(for: cream, in: Self.kr, at: Fixtures.now)?.price.minorUnits == 10620)
    }

    @Test func theEnglishKoreanStorefrontSharesTheMarketsPrices() throws {
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)], storefront: "en-kr"), at: Fixtures.now)
        #expect(link.cart.currency == Self.krw && link.cart.total.minorUnits == 42000)
    }

    @Test func theRootStorefrontPricesAsBeforeAndSkipsOtherMarketsSales() throws {
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "CRM-1", quantity: 1)]), at: Fixtures.now)
        #expect(link.cart.currency == .usd && link.cart.total.minorUnits == 850 && link.cart.storefront == nil)
        #expect(try Fixtures.signer.verify(link.token[...]).payload.hasPrefix("vc1;"), "the root's tokens keep their format")
    }

    @Test func theStorefrontIsSignedIntoTheTokenAndReadBack() throws {
        let request = CartRequest(items: [CartItem(sku: "CRM-1", quantity: 3)], storefront: "ko-kr")
        let link = try links.link(for: request, at: Fixtures.now)
        let read = try links.cart(forToken: link.token[...], at: Fixtures.now.addingTimeInterval(60))
        #expect(read.cart == link.cart)
        #expect(read.cart.storefront == "ko-kr" && read.cart.currency == Self.krw)
        // The storefront cannot be changed without breaking the signature.
        let token = try Fixtures.signer.verify(link.token[...])
        #expect(token.storefront == "ko-kr" && token.payload.hasPrefix("vc2;"))
    }

    @Test func aProductTheMarketDoesNotSellIsRefusedByName() throws {
        let request = CartRequest(items: [CartItem(sku: "SER-1", quantity: 1), CartItem(sku: "CRM-1", quantity: 1)], storefront: "en-gb")
        do {
            _ = try links.link(for: request, at: Fixtures.now)
            Issue.record("a cart with a product not sold in the market was priced")
        } catch {
            #expect(error.status == .unprocessableContent)
            #expect(error.code == "not_sold_in_market")
            #expect(error.details == ["skus": ["CRM-1"], "market": "gb"])
        }
    }

    @Test func anUnknownStorefrontIsRefusedListingTheShopsOnes() throws {
        do {
            _ = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)], storefront: "fr-fr"), at: Fixtures.now)
            Issue.record("an unknown storefront was accepted")
        } catch {
            #expect(error.status == .unprocessableContent && error.code == "unknown_storefront")
            #expect(error.details["storefronts"] == ["", "ko-kr", "en-kr", "en-gb"])
        }
        // A shop without markets has only the root.
        do {
            _ = try Fixtures.links().link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)], storefront: "ko-kr"), at: Fixtures.now)
            Issue.record("a storefront was accepted by a shop without markets")
        } catch {
            #expect(error.code == "unknown_storefront")
        }
    }

    @Test func theRequestCarriesTheStorefrontInJSONAndInTheCartLink() throws {
        let body = try CartRequest.decode(json: Data(#"{"items": [{"sku": "SER-1", "quantity": 1}], "storefront": "KO-KR"}"#.utf8))
        #expect(body.storefront == "ko-kr")
        let path = try CartRequest.parse(path: "SER-1:1", code: nil, storefront: "ko-kr")
        #expect(path.storefront == "ko-kr")
        #expect(try CartRequest.parse(path: "SER-1:1", code: nil, storefront: "").storefront == nil)
        #expect(throws: CheckoutError.self) { try CartRequest.parse(path: "SER-1:1", code: nil, storefront: "ko kr/..") }
    }

    @Test func aTokenWhoseMarketStoppedSellingALineIsAConflict() throws {
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "CRM-1", quantity: 1)], storefront: "ko-kr"), at: Fixtures.now)
        var catalog = Self.catalog()
        catalog.site.exchangeRates = [:]
        let later = Fixtures.links(catalog: catalog)
        do {
            _ = try later.cart(forToken: link.token[...], at: Fixtures.now)
            Issue.record("a line the market no longer sells was accepted")
        } catch {
            #expect(error.status == .conflict && error.code == "catalog_changed")
            #expect(error.details["changes"]?.encoded().contains("not_sold") == true)
        }
    }
}
