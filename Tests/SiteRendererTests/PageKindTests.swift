import CatalogModel
import Foundation
import SiteRenderer
import Testing
import VitrineTestSupport

@Suite struct PageKindTests {
    @Test func everyPageKindMatchesItsSnapshot() throws {
        let pages = try renderFixture()
        for path in [
            "index.html", "brands/index.html", "brands/origins/index.html", "brands/origins/page/2/index.html",
            "products/night-serum/index.html", "promotions/index.html", "promotions/xmas/index.html",
            "about/index.html", "404.html", "checkout/success/index.html", "checkout/cancelled/index.html",
        ] {
            let page = try #require(pages[path], "\(path) was not rendered")
            try assertSnapshot(page, named: path.replacingOccurrences(of: "/", with: "_"))
        }
    }

    @Test func theOutputContractsPagesAreAllThere() throws {
        let paths = Set(try renderFixture().keys)
        let expected: Set<String> = [
            "index.html", "404.html", "brands/index.html", "brands/origins/index.html", "brands/origins/page/2/index.html",
            "brands/aven/index.html", "products/night-serum/index.html", "products/day-cream/index.html",
            "products/eye-balm/index.html", "products/aven-mist/index.html", "promotions/index.html",
            "promotions/xmas/index.html", "promotions/spring/index.html", "promotions/summer/index.html",
            "about/index.html",
        ]
        #expect(expected.isSubset(of: paths), "missing: \(expected.subtracting(paths).sorted())")
        #expect(!paths.contains("brands/origins/page/3/index.html"), "3 products at 2 per page make 2 pages")
        #expect(!paths.contains("brands/origins/page/1/index.html"), "page 1 is the brand's own page")
    }
}

@Suite struct ProductPageTests {
    @Test func showsThePriceForTheLocaleAvailabilityAndABuyLink() throws {
        let page = try #require(try renderFixture()["products/night-serum/index.html"])
        #expect(page.contains("$32.00/ml"))
        #expect(page.contains(">In stock<"))
        // One primary action, Add to bag; a direct Buy link only where site.json sets directBuy.
        #expect(page.contains("data-bag-add"))
        #expect(!page.contains(#"href="https://checkout.example.com/cart/ORG-NS-30:1""#))
        // Not derived (the renderer alone derives nothing): the picture as it is, at the size its header gives.
        #expect(page.contains(#"<picture><img src="../../images/night-serum.png" alt="Night Serum" width="30" height="20"></picture>"#))
    }

    /// One promotion on two product pages of one folder depth: applied to the price of one,
    /// outdone by a larger discount on the other. Each page says which.
    @Test func aPromotionSaysOnEachPageWhetherThePriceShownHasIt() throws {
        let pages = try renderFixture([
            "promotions/origins-week.md": "---\ntitle: Origins week\nstarts: 2026-11-15\nbrands: [origins]\ndiscountPercent: 5\n---\nAll Origins.\n",
            "promotions/serum-deal.md": "---\ntitle: Serum deal\nstarts: 2026-11-15\nproducts: [night-serum]\ndiscountPercent: 30\n---\nThe serum.\n",
        ])
        let serum = try #require(pages["products/night-serum/index.html"])
        let cream = try #require(pages["products/day-cream/index.html"])
        #expect(serum.contains("Serum deal</a>: 30% off, in the price shown"))
        #expect(serum.contains("Origins week</a>: 5% off</p>"))
        #expect(cream.contains("Origins week</a>: 5% off, in the price shown"))
    }

    @Test func outOfStockProductsHaveNoBuyLink() throws {
        let page = try #require(try renderFixture()["products/day-cream/index.html"])
        #expect(page.contains(">Out of stock<"))
        #expect(!page.contains("/cart/"))
    }

    @Test func noCheckoutURLMeansNoBuyLink() throws {
        let site = #"{"title": "T", "baseURL": "https://example.com/", "currency": "USD"}"#
        let page = try #require(try renderFixture(["site.json": site])["products/night-serum/index.html"])
        #expect(!page.contains("/cart/"))
    }

    @Test func noDecimalsForYen() throws {
        let product = "---\nsku: Y-1\nname: Yen Cream\nbrand: origins\nprice: 1200\ncurrency: JPY\n---\n"
        let page = try #require(try renderFixture(["products/yen.md": product])["products/yen/index.html"])
        // No unit: the file names none, and "/ea" says nothing on a page.
        #expect(page.contains("¥1,200<") && !page.contains("/ea"))
    }

    @Test func carriesSchemaOrgProductJSONLD() throws {
        let page = try #require(try renderFixture()["products/night-serum/index.html"])
        let start = try #require(page.range(of: #"<script type="application/ld+json">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        #expect(json?["@type"] as? String == "Product")
        #expect(json?["sku"] as? String == "ORG-NS-30")
        #expect(json?["gtin"] as? String == "0012345678905")
        let offer = json?["offers"] as? [String: Any]
        #expect(offer?["price"] as? String == "32.00")
        #expect(offer?["priceCurrency"] as? String == "USD")
        #expect(offer?["availability"] as? String == "https://schema.org/InStock")
        #expect(offer?["url"] as? String == "https://example.com/shop/products/night-serum/")
    }

    @Test func carriesOpenGraphForSharing() throws {
        let page = try #require(try renderFixture()["products/night-serum/index.html"])
        #expect(page.contains(#"<meta property="og:title" content="Night Serum">"#))
        #expect(page.contains(#"<meta property="og:image" content="https://example.com/shop/images/night-serum.png">"#))
        #expect(page.contains(#"<meta property="product:price:amount" content="32.00">"#))
    }

    @Test func hasABreadcrumbToTheBrand() throws {
        let page = try #require(try renderFixture()["products/night-serum/index.html"])
        #expect(page.contains(#"<nav class="breadcrumbs" aria-label="Breadcrumb">"#))
        #expect(page.contains(#"<a href="../../brands/origins/">Origins</a>"#))
        #expect(page.contains(#"<span aria-current="page">Night Serum</span>"#))
    }

    @Test func showsActivePromotionsThatApply() throws {
        let page = try #require(try renderFixture()["products/night-serum/index.html"])
        #expect(page.contains("10% off for X&#39;mas"))
        let later = try renderFixture(now: Records.date("2027-01-10"))
        #expect(!(later["products/night-serum/index.html"] ?? "").contains("X&#39;mas"))
    }
}

@Suite struct ListPageTests {
    @Test func brandsAreListedByTitle() throws {
        let page = try #require(try renderFixture()["brands/index.html"])
        let aven = try #require(page.range(of: ">Aven<"))
        let origins = try #require(page.range(of: ">Origins<"))
        #expect(aven.lowerBound < origins.lowerBound)
    }

    @Test func brandPagesListProductsByNameAndPaginate() throws {
        let pages = try renderFixture()
        let first = try #require(pages["brands/origins/index.html"])
        let second = try #require(pages["brands/origins/page/2/index.html"])
        #expect(first.contains("Day Cream") && first.contains("Eye Balm") && !first.contains(">Night Serum<"))
        #expect(second.contains(">Night Serum<"))
        #expect(first.contains(#"<a href="../../brands/origins/page/2/" rel="next">Next</a>"#))
        #expect(second.contains(#"rel="prev""#))
    }

    @Test func promotionsAreGroupedByStatusAtTheBuildClock() throws {
        let page = try #require(try renderFixture()["promotions/index.html"])
        let active = try #require(page.range(of: "On now"))
        let upcoming = try #require(page.range(of: "Coming soon"))
        let ended = try #require(page.range(of: "Ended"))
        let xmas = try #require(page.range(of: "10% off for X&#39;mas"))
        let spring = try #require(page.range(of: "Spring sale"))
        let summer = try #require(page.range(of: "Summer sale"))
        #expect(active.lowerBound < xmas.lowerBound && xmas.lowerBound < upcoming.lowerBound)
        #expect(upcoming.lowerBound < spring.lowerBound && spring.lowerBound < ended.lowerBound)
        #expect(ended.lowerBound < summer.lowerBound)
    }

    @Test func homeShowsOnlyActivePromotions() throws {
        let page = try #require(try renderFixture()["index.html"])
        #expect(page.contains("10% off for X&#39;mas"))
        #expect(!page.contains("Spring sale"))
        #expect(!page.contains("Summer sale"))
    }

    @Test func notFoundPageLinksFromTheBasePath() throws {
        let page = try #require(try renderFixture()["404.html"])
        #expect(page.contains(#"href="/shop/style.css""#))
        #expect(page.contains(#"href="/shop/brands/""#))
    }
}

@Suite struct EscapingTests {
    @Test func contentTextIsEscaped() throws {
        let product = "---\nsku: X-1\nname: \"<b>Bold</b> & Co\"\nbrand: origins\nprice: 1\n---\n"
        let page = try #require(try renderFixture(["products/x.md": product])["products/x/index.html"])
        #expect(page.contains("<h1>&lt;b&gt;Bold&lt;/b&gt; &amp; Co</h1>"))
        #expect(!page.contains("<b>Bold</b>"))
        #expect(page.contains(#""name":"\u003cb\u003eBold\u003c/b\u003e \u0026 Co""#))
    }
}
