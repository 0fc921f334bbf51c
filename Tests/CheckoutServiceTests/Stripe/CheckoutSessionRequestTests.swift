import CatalogModel
@testable import CheckoutService
import Foundation
import Orders
import Testing
import VitrineTestSupport

@Suite struct CheckoutSessionRequestTests {
    /// The fixture shop with the sample shop's shipping: US Standard 4.95 free over 50.00, US
    /// Express 12.00, Germany 9.90 free over 80.00, and a euro rate the USD cart cannot use.
    static let catalog: Catalog = {
        var site = Fixtures.site
        let usd = { (cents: Int64) in Money(minorUnits: cents, currency: .usd) }
        site.shipping = [
            ShippingRate(country: "US", service: "Standard", price: usd(495), freeOver: usd(5000), minDays: 3, maxDays: 5),
            ShippingRate(country: "US", service: "Express", price: usd(1200), minDays: 1, maxDays: 2),
            ShippingRate(country: "DE", service: "DHL Paket", price: usd(990), freeOver: usd(8000), minDays: 4, maxDays: 7),
            ShippingRate(country: "FR", service: "Colissimo", price: Money(minorUnits: 700, currency: Currency(code: "EUR")!)),
        ]
        var products = Fixtures.defaultProducts
        products[0].image = .local("images/serum.jpg")
        return Records.catalog(site: site, products: products, promotions: Fixtures.defaultPromotions)
    }()

    func request(_ items: [(String, Int)], code: String? = nil) throws -> CheckoutSessionRequest {
        let links = Fixtures.links(catalog: Self.catalog)
        let link = try links.link(for: CartRequest(items: items.map { CartItem(sku: $0.0, quantity: $0.1) }, code: code), at: Fixtures.now)
        return CheckoutSessionRequest(link: link, catalog: Self.catalog, catalogVersion: links.version)
    }

    @Test func lineItemsCarryTheCatalogsNamesPicturesAndDiscountedUnitAmounts() throws {
        // The serum: 32.00 less acme-ten's 10 % and SERUM15's 15 %: the larger, 27.20 a unit.
        let form = try request([("SER-1", 2), ("LIP-RED", 1)], code: "SERUM15").form
        #expect(form["mode"] == "payment")
        #expect(form["line_items[0][price_data][currency]"] == "usd")
        #expect(form["line_items[0][price_data][unit_amount]"] == "2720")
        #expect(form["line_items[0][quantity]"] == "2")
        #expect(form["line_items[0][price_data][product_data][name]"] == "Serum")
        #expect(form["line_items[0][price_data][product_data][images][0]"] == "https://shop.example/images/serum.jpg")
        #expect(form["line_items[0][price_data][product_data][metadata][sku]"] == "SER-1")
        #expect(form["line_items[0][price_data][product_data][description]"] == "serum-fifteen (code SERUM15): $4.80 off $32.00 each")
        // The red lipstick, a variant with its own price, in the brand's 10 % sale.
        #expect(form["line_items[1][price_data][unit_amount]"] == "1800")
        #expect(form["line_items[1][price_data][product_data][metadata][sku]"] == "LIP-RED")
        #expect(form["line_items[1][price_data][product_data][images][0]"] == nil)
        #expect(form["metadata[promotion_code]"] == "SERUM15")
    }

    @Test func shippingOptionsAreTheCartsCurrencysRatesFreeOverTheirThreshold() throws {
        // 54.40 of goods: over the US threshold (50.00), under Germany's (80.00).
        let over = try request([("SER-1", 2)], code: "SERUM15")
        #expect(over.shippingOptions.map(\.amount) == [0, 1200, 990])
        #expect(over.form["shipping_options[0][shipping_rate_data][fixed_amount][amount]"] == "0")
        #expect(over.form["shipping_options[0][shipping_rate_data][display_name]"] == "Standard (US)")
        #expect(over.form["shipping_options[0][shipping_rate_data][delivery_estimate][minimum][value]"] == "3")
        #expect(over.form["shipping_options[0][shipping_rate_data][delivery_estimate][maximum][unit]"] == "business_day")
        #expect(over.form["shipping_options[2][shipping_rate_data][fixed_amount][amount]"] == "990")
        #expect(over.form["shipping_options[2][shipping_rate_data][fixed_amount][currency]"] == "usd")
        #expect(over.form["shipping_options[3][shipping_rate_data][type]"] == nil)
        #expect(over.form["shipping_address_collection[allowed_countries][0]"] == "US")
        #expect(over.form["shipping_address_collection[allowed_countries][1]"] == "DE")
        #expect(over.form["shipping_address_collection[allowed_countries][2]"] == nil)
        // 8.50 of goods: every rate charged.
        #expect(try request([("CRM-1", 1)]).shippingOptions.map(\.amount) == [495, 1200, 990])
    }

    /// A Korean storefront's cart ships to Korea only, at the Korean rate in won: the 3,000-won
    /// rate as listed, and a dollar rate converted (5.00 × 1385 = 6,925 → 6,900 at 100 won).
    @Test func aStorefrontsCartShipsAtItsMarketsRatesInItsCurrency() throws {
        var catalog = Self.catalog
        let krw = Currency(code: "KRW")!
        catalog.site.languages = [SiteLanguage(tag: "en"), SiteLanguage(tag: "ko")]
        catalog.site.markets = [
            Market(id: "us", countries: ["US", "DE", "FR"], currency: .usd, languages: ["en"]),
            Market(id: "kr", countries: ["KR"], currency: krw, languages: ["ko"], roundingStep: 100),
        ]
        catalog.site.exchangeRates = ["KRW": 1385]
        catalog.site.shipping += [
            ShippingRate(country: "KR", service: "CJ", price: Money(minorUnits: 3000, currency: krw)),
            ShippingRate(country: "KR", service: "Quick", price: Money(minorUnits: 500, currency: .usd), freeOver: Money(minorUnits: 10000, currency: .usd)),
        ]
        let links = Fixtures.links(catalog: catalog)
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "CRM-1", quantity: 1)], storefront: "ko-kr"), at: Fixtures.now)
        let session = CheckoutSessionRequest(link: link, catalog: catalog, catalogVersion: links.version)
        #expect(session.form["line_items[0][price_data][currency]"] == "krw")
        #expect(session.shippingOptions.map(\.amount) == [3000, 6900])
        #expect(session.form["shipping_address_collection[allowed_countries][0]"] == "KR")
        #expect(session.form["shipping_address_collection[allowed_countries][1]"] == nil)
        #expect(session.form["success_url"]?.hasPrefix("https://shop.example/ko-kr/checkout/success/") == true, "back to the storefront's own bag")
        #expect(session.form["cancel_url"]?.hasPrefix("https://shop.example/ko-kr/") == true)
        #expect(catalog.site.shippingRates(for: catalog.site.markets[1]).last?.freeOver?.minorUnits == 138500)
    }

    @Test func theSessionReturnsToTheSiteAndNamesTheCartByADigest() throws {
        let session = try request([("CRM-1", 1)])
        #expect(session.form["success_url"] == "https://shop.example/checkout/success/?session_id={CHECKOUT_SESSION_ID}")
        #expect(session.form["cancel_url"] == "https://shop.example/checkout/cancelled/")
        #expect(session.form["client_reference_id"] == session.cartReference)
        #expect(session.cartReference.utf8.count == 43)
        #expect(session.idempotencyKey == "vitrine-cart-" + session.cartReference)
    }

    @Test func theSameLinkGivesTheSameBytesSoStripesIdempotencyCheckAgrees() throws {
        let links = Fixtures.links(catalog: Self.catalog)
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)], code: nil), at: Fixtures.now)
        let first = CheckoutSessionRequest(link: link, catalog: Self.catalog, catalogVersion: links.version)
        let second = CheckoutSessionRequest(link: link, catalog: Self.catalog, catalogVersion: links.version)
        #expect(first.form.encoded == second.form.encoded)
        let other = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 2)], code: nil), at: Fixtures.now)
        #expect(CheckoutSessionRequest(link: other, catalog: Self.catalog, catalogVersion: links.version).cartReference != first.cartReference)
    }

    @Test func theBodyIsFormEncodedWithBracketsAndSpacesEscaped() {
        var form = StripeForm()
        form.add("line_items[0][price_data][product_data][name]", "Rose & Oud 50 ml")
        form.add("success_url", "https://s.example/ok/?session_id={CHECKOUT_SESSION_ID}")
        #expect(form.encoded == "line_items%5B0%5D%5Bprice_data%5D%5Bproduct_data%5D%5Bname%5D=Rose%20%26%20Oud%2050%20ml"
            + "&success_url=https%3A%2F%2Fs.example%2Fok%2F%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D")
    }
}
