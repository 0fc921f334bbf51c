import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

/// A market's price: listed where the product lists one, else converted and rounded half-even to
/// the market's step; promotions limited to markets lower only those markets' prices.
@Suite struct MarketPriceTests {
    static let krw = Currency(code: "KRW")!
    static let jpy = Currency(code: "JPY")!
    static let eur = Currency(code: "EUR")!
    static let us = Market(id: "us", countries: ["US"], currency: .usd, languages: ["en"])
    static let kr = Market(id: "kr", countries: ["KR"], currency: krw, languages: ["ko"], roundingStep: 100)
    static let jp = Market(id: "jp", countries: ["JP"], currency: jpy, languages: ["ja"])
    static let fr = Market(id: "fr", countries: ["FR"], currency: eur, languages: ["fr"], roundingStep: 5)

    static func site(rates: [String: Decimal] = ["KRW": 1385, "JPY": 152, "EUR": Decimal(string: "0.92")!]) -> Site {
        var site = Records.site
        site.markets = [us, kr, jp, fr]
        site.languages = ["en", "ko", "ja", "fr"].map { SiteLanguage(tag: $0) }
        site.exchangeRates = rates
        return site
    }

    @Test func theListedPriceWinsOverConversion() {
        var product = Records.product("serum", price: 3200)
        product.prices = [Money(minorUnits: 45000, currency: Self.krw)]
        let catalog = Records.catalog(site: Self.site(), products: [product])
        #expect(catalog.price(of: product, in: Self.kr) == Money(minorUnits: 45000, currency: Self.krw))
        #expect(catalog.price(of: product, in: Self.us) == product.price, "the site currency is its own price")
    }

    @Test func aConvertedPriceIsRoundedHalfEvenToTheMarketsStep() {
        // 32.50 USD × 1385 = 45,012.5 KRW → 45,000 at a step of 100 (45,012.5 is 450.125 steps).
        // 0.10 USD × 152 = 15.2 JPY → 15 at one yen.
        // 12.50 USD × 0.92 = 11.50 EUR: 1,150 cents, 230 steps of 5 cents exactly.
        // 12.53 USD × 0.92 = 11.5276 EUR: 1,152.76 cents, 230.552 steps → 231 × 5 = 11.55.
        let products = [3250, 10, 1250, 1253].map { Records.product("p\($0)", price: Int64($0)) }
        let catalog = Records.catalog(site: Self.site(), products: products)
        #expect(catalog.price(of: products[0], in: Self.kr)?.minorUnits == 45000)
        #expect(catalog.price(of: products[1], in: Self.jp)?.minorUnits == 15)
        #expect(catalog.price(of: products[2], in: Self.fr)?.minorUnits == 1150)
        #expect(catalog.price(of: products[3], in: Self.fr)?.minorUnits == 1155)
    }

    @Test func halfwayRoundsToTheEvenStep() {
        // 2.50 USD × 100 = 250 units of a currency whose step is 100: halfway between 200 and 300 → 200.
        // 3.50 USD → 350 → 400.
        var site = Self.site(rates: ["KRW": 100])
        site.markets = [Self.us, Self.kr]
        let products = [250, 350].map { Records.product("p\($0)", price: Int64($0)) }
        let catalog = Records.catalog(site: site, products: products)
        #expect(catalog.price(of: products[0], in: Self.kr)?.minorUnits == 200)
        #expect(catalog.price(of: products[1], in: Self.kr)?.minorUnits == 400)
    }

    @Test func withoutARateOrAListingTheMarketDoesNotSellIt() {
        let listed = { () -> Product in
            var p = Records.product("listed")
            p.prices = [Money(minorUnits: 1100, currency: Self.jpy)]
            return p
        }()
        let plain = Records.product("plain")
        let catalog = Records.catalog(site: Self.site(rates: [:]), products: [listed, plain])
        #expect(catalog.price(of: plain, in: Self.jp) == nil)
        #expect(!catalog.sells(plain, in: Self.jp))
        #expect(catalog.sells(listed, in: Self.jp))
        #expect(catalog.sells(plain, in: Self.us))
    }

    @Test func aVariantWithItsOwnPriceIsConvertedFromIt() {
        var product = Records.product("shades", price: 1000)
        product.options = ["shade"]
        product.prices = [Money(minorUnits: 14000, currency: Self.krw)]
        product.variants = [
            Variant(sku: "S-1", values: ["Ivory"], source: SourceLocation(path: "p")),
            Variant(sku: "S-2", values: ["Sand"], price: Money(minorUnits: 1200, currency: .usd), source: SourceLocation(path: "p")),
            Variant(sku: "S-3", values: ["Rose"], prices: [Money(minorUnits: 15000, currency: Self.krw)], source: SourceLocation(path: "p")),
        ]
        let catalog = Records.catalog(site: Self.site(), products: [product])
        #expect(catalog.price(of: product, variant: product.variants[0], in: Self.kr)?.minorUnits == 14000, "inherits the product's listing")
        #expect(catalog.price(of: product, variant: product.variants[1], in: Self.kr)?.minorUnits == 16600, "12.00 × 1385 = 16,620 → 16,600")
        #expect(catalog.price(of: product, variant: product.variants[2], in: Self.kr)?.minorUnits == 15000)
        // The buyable product a bag and checkout use prices the same.
        for variant in product.variants {
            #expect(catalog.price(of: product.buyable(variant), in: Self.kr) == catalog.price(of: product, variant: variant, in: Self.kr))
        }
    }

    @Test func aPromotionLimitedToAMarketDiscountsOnlyThere() {
        let product = Records.product("serum", price: 3250)
        var korean = Records.promotion("kr-sale", products: ["serum"], percent: 20)
        korean.markets = ["kr"]
        let everywhere = Records.promotion("small", products: ["serum"], percent: 5)
        let catalog = Records.catalog(site: Self.site(), products: [product], promotions: [korean, everywhere])
        let kr = catalog.quote(for: product, in: Self.kr, at: Records.now)
        #expect(kr?.list.minorUnits == 45000 && kr?.price.minorUnits == 36000 && kr?.promotion?.slug.rawValue == "kr-sale")
        let jp = catalog.quote(for: product, in: Self.jp, at: Records.now)
        #expect(jp?.promotion?.slug.rawValue == "small", "the Korean sale does not run in Japan")
        // The root storefront's quote (market `us`) does not take the Korean sale either.
        let root = catalog.quote(for: product, at: Records.now)
        #expect(root.promotion?.slug.rawValue == "small" && root.price.minorUnits == 3088)
        #expect(catalog.quote(for: product, in: Self.us, at: Records.now) == root, "the root market's quote is the site quote")
    }

    @Test func storefrontsComeInMarketOrderWithTheRootFirst() {
        var site = Self.site()
        site.markets[1].languages = ["ko", "en"]
        let storefronts = site.storefronts
        #expect(storefronts.map(\.pathPrefix) == ["", "ko-kr/", "en-kr/", "ja-jp/", "fr-fr/"])
        #expect(storefronts.map(\.locale) == ["en_US", "ko_KR", "en_KR", "ja_JP", "fr_FR"])
        #expect(storefronts.filter(\.isRoot).count == 1)
    }
}
