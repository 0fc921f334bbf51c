import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

/// A storefront's catalog: the market's prices and currency, the language's texts with what
/// fell back noted, translated slugs with every reference following them.
@Suite struct LocalizedCatalogTests {
    static let krw = Currency(code: "KRW")!
    static let us = Market(id: "us", countries: ["US"], currency: .usd, languages: ["en"])
    static let kr = Market(id: "kr", countries: ["KR"], currency: krw, languages: ["ko", "en"], roundingStep: 100)
    static let source = SourceLocation(path: "t")

    static func catalog(koFallback: SiteLanguage.Fallback = .show) -> Catalog {
        var site = Records.site
        site.languages = [SiteLanguage(tag: "en"), SiteLanguage(tag: "ko", fallback: koFallback)]
        site.markets = [us, kr]
        site.exchangeRates = ["KRW": 1385]
        site.shipping = [
            ShippingRate(country: "US", service: "Standard", price: Money(minorUnits: 495, currency: .usd)),
            ShippingRate(country: "KR", service: "CJ", price: Money(minorUnits: 3000, currency: krw)),
        ]
        var serum = Records.product("serum", price: 3250, tags: ["serum"], detail: "A serum.")
        serum.options = ["shade"]
        serum.variants = [
            Variant(sku: "SERUM-1", values: ["Ivory"], source: source),
            Variant(sku: "SERUM-2", values: ["Sand"], price: Money(minorUnits: 1000, currency: .usd), source: source),
        ]
        var mask = Records.product("mask", price: 1200, detail: "A mask.")
        mask.currency(Currency(code: "GBP")!)
        let balm = Records.product("balm", price: 800, detail: "A balm.")
        var korean = Records.promotion("kr-sale", products: ["serum"], percent: 20)
        korean.markets = ["kr"]
        let us = Records.promotion("us-sale", products: ["balm"], percent: 10)
        var catalog = Records.catalog(site: site, products: [serum, mask, balm], promotions: [korean, us])
        catalog.translations = [
            Translation.Key(kind: .product, slug: Slug("serum")!, language: "ko"): Translation(
                kind: .product, slug: Slug("serum")!, language: "ko", title: "세럼", body: Records.markdown("세럼이에요."),
                tags: ["세럼"], options: [TranslatedTerm(original: "shade", text: "색상", location: source)],
                values: [TranslatedTerm(original: "Ivory", text: "아이보리", location: source)], translatedSlug: Slug("serum-ko"),
                source: source),
            Translation.Key(kind: .brand, slug: Slug("acme")!, language: "ko"): Translation(
                kind: .brand, slug: Slug("acme")!, language: "ko", title: "애크미", source: source),
        ]
        return catalog
    }

    static func korean(_ catalog: Catalog = catalog()) -> Catalog {
        catalog.localized(for: catalog.site.storefronts.first { $0.pathPrefix == "ko-kr/" }!)
    }

    @Test func pricesAreTheMarketsInItsCurrency() throws {
        let ko = Self.korean()
        #expect(ko.site.currency == Self.krw && ko.site.locale == "ko_KR")
        #expect(ko.site.baseURL == "https://shop.example.com/ko-kr/")
        let serum = try #require(ko.productBySKU["SERUM"])
        #expect(serum.price.minorUnits == 45000, "32.50 × 1385 = 45,012.5 → 45,000")
        // The first variant has the product's price; the second its own, 10.00 × 1385 = 13,850,
        // which is 138.5 steps of 100 won: half-even, 138 steps.
        #expect(serum.variants.map { $0.price?.minorUnits } == [45000, 13800])
        #expect(ko.productBySKU["MASK"] == nil, "a GBP product without a KRW price or a GBP rate is not sold in Korea")
        #expect(ko.site.shipping.map(\.service) == ["CJ"])
    }

    @Test func promotionsAreTheMarketsAndFollowRenamedProducts() throws {
        let ko = Self.korean()
        #expect(Set(ko.promotions.map(\.slug.rawValue)) == ["kr-sale", "us-sale"], "us-sale names no market: it runs everywhere")
        let sale = try #require(ko.promotions.first { $0.slug.rawValue == "kr-sale" })
        #expect(sale.products == [Slug("serum-ko")!], "the promotion names the product by its Korean slug")
        let serum = try #require(ko.productBySKU["SERUM"])
        #expect(ko.quote(for: serum, at: Records.now).price.minorUnits == 36000, "the Korean sale, 20 % off 45,000")
        let root = Self.catalog().localized(for: Self.catalog().site.storefronts[0])
        #expect(!root.promotions.contains { $0.slug.rawValue == "kr-sale" })
    }

    @Test func textsAreTranslatedAndFallbacksNoted() throws {
        let ko = Self.korean()
        let serum = try #require(ko.productBySKU["SERUM"])
        #expect(serum.name == "세럼" && serum.detail.html.contains("세럼이에요") && serum.tags == ["세럼"])
        #expect(serum.slug == Slug("serum-ko") && serum.optionLabels == ["shade": "색상"])
        #expect(serum.variants.map(\.values) == [["아이보리"], ["Sand"]])
        #expect(serum.brand == Slug("acme"))
        #expect(ko.brandBySlug[Slug("acme")!]?.title == "애크미")
        let fallback = try #require(ko.localization?.fallback)
        #expect(fallback.language == "en")
        #expect(fallback.titles.contains(RecordRef(.product, Slug("balm")!)) && fallback.bodies.contains(RecordRef(.product, Slug("balm")!)))
        #expect(!fallback.titles.contains(RecordRef(.product, Slug("serum-ko")!)))
        #expect(fallback.bodies.contains(RecordRef(.brand, Slug("acme")!)) == false, "the brand has no body to fall back")
        #expect(ko.localization?.ownSlugs[RecordRef(.product, Slug("serum-ko")!)] == Slug("serum"))
    }

    @Test func theEnglishKoreanStorefrontHasKoreanPricesAndEnglishTexts() throws {
        let catalog = Self.catalog()
        let en = catalog.localized(for: catalog.site.storefronts.first { $0.pathPrefix == "en-kr/" }!)
        let serum = try #require(en.productBySKU["SERUM"])
        #expect(serum.name == "Serum" && serum.slug == Slug("serum") && serum.price.currency == Self.krw)
        #expect(en.localization?.fallback.titles.isEmpty == true, "English is the content's own language")
    }

    @Test func omitLeavesUntranslatedProductsOut() throws {
        let ko = Self.korean(Self.catalog(koFallback: .omit))
        #expect(ko.products.map(\.sku) == ["SERUM"])
        #expect(ko.brands.map(\.slug.rawValue) == ["acme"], "a translated brand stays; other, untranslated and without products, goes")
        #expect(!ko.promotions.contains { $0.slug.rawValue == "us-sale" })
    }
}

private extension Product {
    mutating func currency(_ currency: Currency) {
        price = Money(minorUnits: price.minorUnits, currency: currency)
    }
}
