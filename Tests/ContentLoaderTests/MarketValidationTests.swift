import CatalogModel
import ContentLoader
import Foundation
import Testing

/// The rules of `languages`, `markets`, `exchangeRates`, `prices`, a promotion's `markets` and a
/// shipping rate's `currency` (content model, "Additions, 2026-11-28"), each as a diagnostic at
/// the value that breaks it.
@Suite struct MarketValidationTests {
    /// `site.json` with one member per line after the three required ones: line 5 is the first
    /// of `lines`.
    func site(_ lines: [String]) -> String {
        (["{", #"  "title": "Test & Shop","#, #"  "baseURL": "https://example.com/shop/","#, #"  "currency": "USD","#]
            + lines.enumerated().map { "  " + $1 + ($0 == lines.count - 1 ? "" : ",") } + ["}"]).joined(separator: "\n")
    }

    static let markets = [
        #""languages": ["en", "ko", "ja"]"#,
        #""markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]}, {"id": "kr", "countries": ["KR"], "currency": "KRW", "languages": ["ko", "en"], "rounding": "100"}, {"id": "jp", "countries": ["JP"], "currency": "JPY", "languages": ["ja"]}]"#,
        #""exchangeRates": {"KRW": "1385", "JPY": 152}"#,
    ]

    @Test func aShopWithMarketsLoadsThemInOrder() throws {
        let result = try load(["site.json": site(Self.markets)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let site = try #require(result.catalog?.site)
        #expect(site.languages.map(\.tag) == ["en", "ko", "ja"])
        #expect(site.markets.map(\.id) == ["us", "kr", "jp"])
        #expect(site.markets[1].roundingStep == 100)
        #expect(site.markets[2].roundingStep == nil)
        #expect(site.exchangeRates == ["KRW": 1385, "JPY": 152])
        #expect(site.storefronts.map(\.pathPrefix) == ["", "ko-kr/", "en-kr/", "ja-jp/"])
        #expect(site.storefronts.map(\.hreflang) == ["en-US", "ko-KR", "en-KR", "ja-JP"])
    }

    @Test func aShopWithoutMarketsIsOneStorefrontAsBefore() throws {
        let result = try load()
        let site = try #require(result.catalog?.site)
        #expect(site.languages.isEmpty && site.markets.isEmpty)
        let storefronts = site.storefronts
        #expect(storefronts.count == 1)
        #expect(storefronts[0].isRoot && storefronts[0].pathPrefix == "" && storefronts[0].market.currency.code == "USD")
        #expect(storefronts[0].hreflang == "en-US")
    }

    @Test func languageTagsAreBCP47AndListedOnce() throws {
        let result = try load(["site.json": site([#""languages": ["en", "pt_BR", "KO", "ja", "ja", {"tag": "ar", "fallback": "hide"}]"#])])
        expectDiagnostic(result, at: "Content/site.json:5:23", #""pt_BR" is a locale, not a BCP 47 tag; write "pt-BR""#)
        expectDiagnostic(result, at: "Content/site.json:5:32", #"languages are lower case: write "ko""#)
        expectDiagnostic(result, at: "Content/site.json:5:44", #""ja" is listed twice"#)
        expectDiagnostic(result, at: "Content/site.json:5:76", #"languages.fallback: "hide" is not one of"#)
        #expect(result.catalog == nil)
    }

    @Test func aLanguageGivenAsAnObjectKeepsItsFallback() throws {
        let result = try load(["site.json": site([
            #""languages": ["en", {"tag": "ar", "fallback": "omit"}]"#,
            #""markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en", "ar"]}]"#,
        ])])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let languages = try #require(result.catalog?.site.languages)
        #expect(languages[1] == SiteLanguage(tag: "ar", fallback: .omit))
        #expect(languages[1].isRightToLeft && !languages[0].isRightToLeft)
    }

    @Test func marketsBreakingEachRuleAreNamedAtTheValue() throws {
        let text = [
            "{", #"  "title": "Test & Shop", "baseURL": "https://example.com/shop/", "currency": "USD","#,
            #"  "languages": ["en", "ko"],"#,
            #"  "markets": ["#,
            #"    {"id": "US", "countries": ["us"], "currency": "USD", "languages": ["en"]},"#,
            #"    {"id": "kr", "countries": ["KR", "KR"], "currency": "KRW", "languages": ["kr"], "rounding": "0.5"}"#,
            "  ]", "}",
        ].joined(separator: "\n")
        let result = try load(["site.json": text])
        // Lines: 3 languages, 4 `"markets": [`, 5 first market, 6 second.
        expectDiagnostic(result, at: "Content/site.json:5:12", #"markets.id: "US" has characters outside"#)
        expectDiagnostic(result, at: "Content/site.json:5:32", #"markets.countries: "us" is not an ISO 3166-1 alpha-2 code; codes are upper case: write "US""#)
        expectDiagnostic(result, at: "Content/site.json:6:38", "markets.countries: KR is listed twice")
        expectDiagnostic(result, at: "Content/site.json:6:78", #"markets.languages: "kr" is not one of site.json's languages ("en", "ko"); did you mean "ko"?"#)
        expectDiagnostic(result, at: "Content/site.json:6:97", "markets.rounding: \"0.5\" has fraction digits, which KRW does not allow")
        #expect(result.catalog == nil)
    }

    @Test func aCountryBelongsToOneMarket() throws {
        let result = try load(["site.json": site([
            #""markets": [{"id": "us", "countries": ["US", "CA"], "currency": "USD", "languages": ["en"]}, {"id": "ca", "countries": ["CA"], "currency": "CAD", "languages": ["en"]}]"#,
        ])])
        let diagnostic = try #require(result.diagnostics.first { $0.message.contains("CA is already in market \"us\"") })
        #expect(diagnostic.severity == .error && diagnostic.location.line == 5)
    }

    @Test func marketIdsAreUniqueAndCountriesRequired() throws {
        let result = try load(["site.json": site([
            #""markets": [{"id": "us", "countries": [], "currency": "USD", "languages": ["en"]}, {"id": "us", "countries": ["CA"], "currency": "CAD", "languages": ["en"]}]"#,
        ])])
        #expect(result.diagnostics.contains { $0.message.contains("markets.countries: may not be empty") })
        #expect(result.diagnostics.contains { $0.message.contains("markets.id: \"us\" is the id of an earlier market too") })
    }

    @Test func withoutLanguagesAMarketSpeaksTheLocalesLanguage() throws {
        let result = try load(["site.json": site([
            #""locale": "fr_FR""#,
            #""markets": [{"id": "fr", "countries": ["FR"], "currency": "EUR", "languages": ["de"]}]"#,
        ])])
        expectDiagnostic(result, at: "Content/site.json:6:82", #"markets.languages: "de" is not one of site.json's languages ("fr")"#)
    }

    @Test func exchangeRatesArePositiveDecimalsForOtherCurrencies() throws {
        let result = try load(["site.json": site([
            #""markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]}, {"id": "kr", "countries": ["KR"], "currency": "KRW", "languages": ["en"]}]"#,
            #""exchangeRates": {"KRW": "1,385", "USD": "1", "krw": "1385", "EUR": 0, "GBP": "0.79"}"#,
        ])])
        expectDiagnostic(result, at: "Content/site.json:6:28", #"exchangeRates.KRW: "1,385" is not a rate; write how many KRW one USD buys"#)
        expectDiagnostic(result, at: "Content/site.json:6:37", "exchangeRates.USD: USD is the site currency, whose rate is 1 by definition; remove it")
        expectDiagnostic(result, at: "Content/site.json:6:49", #"exchangeRates.krw: "krw" is not an ISO 4217 code; codes are upper case: write "KRW""#)
        expectDiagnostic(result, at: "Content/site.json:6:71", #"exchangeRates.EUR: "0" is not a rate"#)
        expectDiagnostic(result, .warning, at: "Content/site.json:6:20", "exchangeRates.GBP: no market sells in GBP, so the rate is unused")
    }

    @Test func languagesNoMarketSpeaksAreWarnedAbout() throws {
        let withoutMarkets = try load(["site.json": site([#""languages": ["en", "ko"]"#])])
        expectDiagnostic(withoutMarkets, .warning, at: "Content/site.json:5:16", "languages: no market sells in ko, so only the en storefront is built")
        #expect(withoutMarkets.catalog != nil)
        let unused = try load(["site.json": site([
            #""languages": ["en", "ja"]"#, #""markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]}]"#,
        ])])
        expectDiagnostic(unused, .warning, at: "Content/site.json:5:16", #"languages: no market lists "ja", so its translations are checked but not published"#)
    }

    @Test func productPricesAreExactInEachCurrency() throws {
        let result = try load([
            "site.json": site(Self.markets),
            "products/t.md": product(validProductLines + ["prices: {KRW: 45000, JPY: 5200.5, USD: 9, XYZ: 1, EUR: twelve}"]),
        ])
        expectDiagnostic(result, at: "Content/products/t.md:6:27", "prices.JPY: \"5200.5\" has fraction digits, which JPY does not allow")
        expectDiagnostic(result, at: "Content/products/t.md:6:35", "prices.USD: the price is in USD already; write it as `price`")
        expectDiagnostic(result, at: "Content/products/t.md:6:43", "prices.XYZ: \"XYZ\" is not an ISO 4217 currency code")
        expectDiagnostic(result, at: "Content/products/t.md:6:56", "prices.EUR: \"twelve\" is not a decimal amount")
    }

    @Test func variantPricesAreReadToo() throws {
        let result = try load([
            "site.json": site(Self.markets),
            "products/t.md": product(validProductLines + [
                "prices: {KRW: 14000}", "options: [shade]", "variants:", "  - sku: T-1-A", "    shade: Ivory",
                "    prices: {KRW: 15000}", "  - sku: T-1-B", "    shade: Sand", "    price: 12.00",
            ]),
        ])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let product = try #require(catalog.productBySKU["T-1"])
        let kr = catalog.site.markets[1]
        #expect(catalog.price(of: product, in: kr)?.minorUnits == 14000)
        #expect(catalog.price(of: product, variant: product.variants[0], in: kr)?.minorUnits == 15000, "the variant's own listing")
        // 12.00 USD × 1385 = 16,620 KRW, rounded half-even to hundreds: 16,600; not the product's listed 14,000.
        #expect(catalog.price(of: product, variant: product.variants[1], in: kr)?.minorUnits == 16600)
    }

    @Test func aProductNoMarketCanPriceIsNamedAtTheMarket() throws {
        let result = try load([
            "site.json": site([
                #""markets": [{"id": "us", "countries": ["US"], "currency": "USD", "languages": ["en"]}, {"id": "gb", "countries": ["GB"], "currency": "GBP", "languages": ["en"]}]"#,
            ]),
            "products/t.md": product(validProductLines + ["prices: {GBP: 8.50}"]),
        ])
        let warning = try #require(result.diagnostics.first { $0.message.hasPrefix("markets: gb:") })
        #expect(warning.severity == .warning && warning.location.line == 5)
        #expect(warning.message.contains("products have no GBP price and GBP has no exchange rate"))
        #expect(warning.message.contains("ORG-NS-30") && !warning.message.contains("T-1,") && !warning.message.hasSuffix("T-1"))
        let catalog = try #require(result.catalog, "a warning: the build goes on")
        #expect(!catalog.sells(try #require(catalog.productBySKU["ORG-NS-30"]), in: catalog.site.markets[1]))
        #expect(catalog.sells(try #require(catalog.productBySKU["T-1"]), in: catalog.site.markets[1]))
    }

    @Test func aPromotionNamesMarketsOfTheSite() throws {
        let promotion = ["---", "title: P", "starts: 2026-12-01", "markets: [kr, jpn, kr]", "---", "Flyer."].joined(separator: "\n")
        let result = try load(["site.json": site(Self.markets), "promotions/p.md": promotion])
        expectDiagnostic(result, at: "Content/promotions/p.md:4:15", #"markets: "jpn" is not a market in site.json ("us", "kr", "jp"); did you mean "jp"?"#)
        expectDiagnostic(result, at: "Content/promotions/p.md:4:20", #"markets: "kr" is listed twice"#)
        let withoutMarkets = try load(["promotions/p.md": promotion])
        expectDiagnostic(withoutMarkets, at: "Content/promotions/p.md:4:10", "markets: site.json has no markets, so there is nothing to limit")
    }

    @Test func aShippingRateMayBeInItsOwnCurrency() throws {
        let result = try load(["site.json": site([
            #""shipping": [{"country": "KR", "service": "CJ", "price": "3000", "currency": "KRW"}, {"country": "JP", "service": "Yamato", "price": "700.5", "currency": "JPY"}]"#,
        ])])
        #expect(result.diagnostics.contains { $0.message.contains("shipping.price: \"700.5\" has fraction digits, which JPY does not allow") })
        let ok = try load(["site.json": site([#""shipping": [{"country": "KR", "service": "CJ", "price": "3000", "currency": "KRW"}]"#])])
        #expect(ok.catalog?.site.shipping.first?.price == Money(minorUnits: 3000, currency: Currency(code: "KRW")!))
    }

    @Test func typosOfTheNewKeysAreErrors() throws {
        let result = try load(["site.json": site([#""langauges": ["en"]"#, #""exchangeRate": {}"#])])
        expectDiagnostic(result, at: "Content/site.json:5:3", "`langauges`: unknown key; did you mean `languages`?")
        expectDiagnostic(result, at: "Content/site.json:6:3", "`exchangeRate`: unknown key; did you mean `exchangeRates`?")
    }
}
