import BuildEngine
import CatalogModel
@testable import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

/// Google's Product Ratings feed (schema 2.4), parsed back with libxml2.
@Suite struct ProductRatingsFeedTests {
    static let site = Site(
        title: "Shop & Co", baseURL: "https://shop.example.com/store/", currency: .usd,
        timeZone: TimeZone(identifier: "Asia/Seoul")!)
    static let page = site.baseURL + "products/"

    /// Four ways of being identified: a GTIN (and an MPN, which it outranks), an MPN alone, nothing
    /// but a SKU, and variants of which one has its own GTIN.
    static let shop: Catalog = {
        var foundation = Records.product("foundation", sku: "FND", brand: "acme")
        foundation.options = ["shade"]
        foundation.variants = [
            Variant(sku: "FND-1N", values: ["1N Ivory"], gtin: "0012345678905", source: SourceLocation(path: "products/foundation.md")),
            Variant(sku: "FND-2W", values: ["2W Sand"], source: SourceLocation(path: "products/foundation.md")),
        ]
        return Records.catalog(
            site: site, brands: [Records.brand("acme", "Acme"), Records.brand("other", "Other & Sons")],
            products: [
                Records.product("eye-cream", name: "Eye Cream", brand: "acme", gtin: "4006381333931", mpn: "EC-1"),
                Records.product("lip-oil", name: "Lip Oil", brand: "other", mpn: "LO-7"),
                Records.product("soap", name: "Soap", brand: "other"),
                foundation,
                Records.product("unreviewed", brand: "acme"),
            ])
    }()

    static let lines = [
        ReviewFixture.line("r1", "eye-cream", rating: 5, date: "2026-03-01", title: "Lovely", verified: true, language: "en"),
        ReviewFixture.line("r2", "eye-cream", rating: 1, body: "Stung my eyes.", date: "2026-03-02T08:30:00Z"),
        ReviewFixture.line("r3", "lip-oil", rating: 2, body: "Sticky", language: "ko"),
        ReviewFixture.line("r4", "SOAP", rating: 3, body: "Fine."),
        ReviewFixture.line("r5", "FND-1N", rating: 4, body: "Right shade."),
        ReviewFixture.line("r6", "FND-2W", rating: 1, body: "Too dark."),
        ReviewFixture.line("r7", "foundation", rating: 5, body: "Lasts all day."),
    ]

    func reviewed(_ lines: [String] = Self.lines, catalog: Catalog = Self.shop) throws -> Catalog {
        try ReviewFixture.catalog(catalog, lines: lines)
    }

    func feed(_ catalog: Catalog) throws -> ParsedXML { try Fixtures.parsed("feeds/product-ratings.xml", catalog) }

    func review(_ id: String) -> String { "/feed/reviews/review[review_id='\(id)']" }

    @Test func everyReviewIsInTheFeedLowRatingsIncluded() throws {
        let xml = try feed(reviewed())
        #expect(xml.rootName == "feed")
        #expect(xml.strings("//review/review_id").sorted() == ["r1", "r2", "r3", "r4", "r5", "r6", "r7"])
        #expect(xml.string("\(review("r2"))/ratings/overall") == "1")
        #expect(xml.string("\(review("r6"))/ratings/overall") == "1")
        #expect(xml.strings("//review/ratings/overall/@min") == Array(repeating: "1", count: 7))
        #expect(xml.strings("//review/ratings/overall/@max") == Array(repeating: "5", count: 7))
        // Products in the catalog's order (by name), each one's reviews newest first (ties in the order written).
        #expect(xml.strings("//review/review_id") == ["r2", "r1", "r5", "r6", "r7", "r3", "r4"])
    }

    @Test func theFeedAndEachReviewKeepTheSchemasOrder() throws {
        let xml = try feed(reviewed())
        let raw = try #require(Fixtures.render(Fixtures.writer(reviewed()).jobs(), "feeds/product-ratings.xml"))
        let text = String(decoding: raw, as: UTF8.self)
        #expect(text.contains(#"xsi:noNamespaceSchemaLocation="http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd""#))
        #expect(xml.names("/feed/*") == ["version", "publisher", "reviews"])
        #expect(xml.string("/feed/version") == "2.4")
        #expect(xml.names("/feed/publisher/*") == ["name"])
        #expect(xml.string("/feed/publisher/name") == "Shop & Co")
        let sequence = [
            "review_id", "reviewer", "is_verified_purchase", "is_incentivized_review", "review_timestamp", "title", "content",
            "review_language", "review_country", "pros", "cons", "review_url", "reviewer_images", "ratings", "products",
            "is_spam", "collection_method", "transaction_id",
        ]
        let required = [
            "review_id", "reviewer", "review_timestamp", "content", "review_url", "ratings", "products", "collection_method",
        ]
        for id in ["r1", "r2", "r3", "r4", "r5", "r6", "r7"] {
            let names = xml.names("\(review(id))/*")
            let positions = names.map { sequence.firstIndex(of: $0) ?? -1 }
            #expect(!positions.contains(-1), "\(id): \(names)")
            #expect(positions == positions.sorted(), "\(id) out of the schema's order: \(names)")
            #expect(Set(required).isSubset(of: names), "\(id): \(names)")
            #expect(xml.names("\(review(id))/reviewer/*") == ["name"])
            #expect(xml.names("\(review(id))/products/product/*") == ["product_ids", "product_name", "product_url"])
            let ids = xml.names("\(review(id))/products/product/product_ids/*")
            let idOrder = ids.map { ["gtins", "mpns", "skus", "brands", "asins"].firstIndex(of: $0) ?? -1 }
            #expect(!idOrder.contains(-1) && idOrder == idOrder.sorted(), "\(id): \(ids)")
        }
        // Optional elements only where the review has them.
        #expect(xml.string("\(review("r1"))/title") == "Lovely")
        #expect(xml.count("\(review("r2"))/title") == 0)
        #expect(xml.string("\(review("r3"))/review_language") == "ko")
    }

    /// GTIN, else MPN with the brand, else SKU with the brand; a variant by its own identifiers,
    /// and a review of a product with variants names each variant by the best it has.
    @Test func productsAreIdentifiedByGTINThenMPNThenSKUWithTheirBrand() throws {
        let xml = try feed(reviewed())
        func ids(_ id: String, _ kind: String) -> [String] { xml.strings("\(review(id))/products/product/product_ids/\(kind)s/\(kind)") }
        #expect(ids("r1", "gtin") == ["4006381333931"])
        #expect(ids("r1", "mpn") == [] && ids("r1", "sku") == [] && ids("r1", "brand") == [], "a GTIN needs nothing beside it")
        #expect(ids("r3", "gtin") == [] && ids("r3", "mpn") == ["LO-7"] && ids("r3", "brand") == ["Other & Sons"])
        #expect(ids("r3", "sku") == [])
        #expect(ids("r4", "gtin") == [] && ids("r4", "mpn") == [] && ids("r4", "sku") == ["SOAP"])
        #expect(ids("r4", "brand") == ["Other & Sons"])
        // A review naming a variant's SKU is about that variant.
        #expect(ids("r5", "gtin") == ["0012345678905"] && ids("r5", "sku") == [])
        #expect(xml.string("\(review("r5"))/products/product/product_name") == "Foundation (1N Ivory)")
        #expect(xml.string("\(review("r5"))/products/product/product_url") == Self.page + "foundation/?variant=FND-1N")
        #expect(ids("r6", "gtin") == [] && ids("r6", "sku") == ["FND-2W"] && ids("r6", "brand") == ["Acme"])
        // The product as a whole: every variant, each by the best it has.
        #expect(ids("r7", "gtin") == ["0012345678905"] && ids("r7", "sku") == ["FND-2W"] && ids("r7", "brand") == ["Acme"])
        #expect(xml.string("\(review("r7"))/products/product/product_name") == "Foundation")
        #expect(xml.string("\(review("r7"))/products/product/product_url") == Self.page + "foundation/")
    }

    /// The product page's reviews section shows the newest reviews and loads the rest: a group.
    @Test func reviewURLsPointAtTheReviewsOfTheProductPage() throws {
        let xml = try feed(reviewed())
        #expect(xml.string("\(review("r4"))/review_url") == Self.page + "soap/#reviews")
        #expect(xml.string("\(review("r5"))/review_url") == Self.page + "foundation/#reviews", "the page of the variant's product")
        #expect(Set(xml.strings("//review/review_url/@type")) == ["group"])
    }

    @Test func markupAndAmpersandsInReviewTextAreEscapedAndReadBackExactly() throws {
        let body = "5 < 6 & \"quotes\" stay; <script>alert('x')</script>\n\nSecond paragraph."
        let catalog = try reviewed([ReviewFixture.line("x", "soap", rating: 2, body: body, author: "Tom & <Jerry>", title: "A&B <i>")])
        let raw = try #require(Fixtures.render(Fixtures.writer(catalog).jobs(), "feeds/product-ratings.xml"))
        let text = String(decoding: raw, as: UTF8.self)
        #expect(text.contains("5 &lt; 6 &amp; &quot;quotes&quot; stay; &lt;script&gt;"))
        #expect(!text.contains("<script>"))
        let xml = try ParsedXML(raw)
        #expect(xml.string("\(review("x"))/content") == body)
        #expect(xml.string("\(review("x"))/title") == "A&B <i>")
        #expect(xml.string("\(review("x"))/reviewer/name") == "Tom & <Jerry>")
    }

    /// Texts are copied from the file when they are plain there; escapes, white space to trim and
    /// characters XML must escape take the decoding path. Either way the feed holds the text the
    /// reviews hold, which the shelf reads back the way the pages do.
    @Test func textsCopiedFromTheFileReadBackAsTheDecodedReviews() throws {
        let lines = [
            #"{"id":"p1","product":"soap","rating":5,"body":"  Spaced plain text.  ","author":"Ana","date":"2026-03-01"}"#,
            #"{"id":"p2","product":"soap","rating":4,"body":"Caf\u00e9 \"quoted\" a\/b","author":"\u00c9lodie","date":"2026-03-02","title":"Tab\there"}"#,
            #"{"id":"p3","product":"soap","rating":3,"body":"한국어 리뷰입니다\u3000","author":"김 민","date":"2026-03-03","language":"ko"}"#,
            #"{"id":"p4","product":"soap","rating":2,"body":"raw <b>&amp;</b> 😀","author":" Bo ","date":"2026-03-04T09:30:00+09:00"}"#,
            #"{"bo\u0064y":"An escaped key.","id":"p5","product":"SOAP","rating":1,"author":"Cy","date":"2026-03-05","extra":{"a":[1,"}",{"b":"]"}]}}"#,
        ]
        let catalog = try reviewed(lines)
        let xml = try feed(catalog)
        let reviews = catalog.reviews.reviews(for: Slug("soap")!)
        #expect(reviews.count == 5)
        for review in reviews {
            #expect(xml.string("\(self.review(review.id))/content") == review.body)
            #expect(xml.string("\(self.review(review.id))/reviewer/name") == review.author)
            #expect(xml.string("\(self.review(review.id))/title") == review.title)
        }
        #expect(reviews.map(\.body) == ["An escaped key.", "raw <b>&amp;</b> 😀", "한국어 리뷰입니다", "Café \"quoted\" a/b", "Spaced plain text."])
        #expect(reviews.map(\.author) == ["Cy", "Bo", "김 민", "Élodie", "Ana"])
        #expect(xml.string("\(review("p2"))/title") == "Tab\there")
    }

    /// xs:dateTime with the shop's offset: a date alone is the start of that day in the shop's zone.
    @Test func timestampsAreDateTimesWithAZone() throws {
        let xml = try feed(reviewed())
        #expect(xml.string("\(review("r1"))/review_timestamp") == "2026-03-01T00:00:00+09:00")
        #expect(xml.string("\(review("r2"))/review_timestamp") == "2026-03-02T17:30:00+09:00")
        for stamp in xml.strings("//review/review_timestamp") {
            #expect(stamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})/) != nil, "\(stamp)")
        }
        let utc = try feed(reviewed([ReviewFixture.line("u", "soap", rating: 3, date: "2026-03-01")], catalog: Records.catalog(
            products: [Records.product("soap")])))
        #expect(utc.string("\(review("u"))/review_timestamp") == "2026-03-01T00:00:00Z")
    }

    @Test func verifiedReviewsWereCollectedAfterFulfilment() throws {
        let xml = try feed(reviewed())
        #expect(xml.string("\(review("r1"))/is_verified_purchase") == "true")
        #expect(xml.string("\(review("r1"))/collection_method") == "post_fulfillment")
        #expect(xml.string("\(review("r2"))/is_verified_purchase") == "false")
        #expect(xml.string("\(review("r2"))/collection_method") == "unsolicited")
        #expect(Set(xml.strings("//review/is_spam")) == ["false"])
    }

    @Test func noReviewsNoRatingsFeed() {
        let paths = Fixtures.writer(Self.shop).jobs().map(\.path)
        #expect(!paths.contains { $0.hasPrefix("feeds/product-ratings") })
        #expect(paths.contains("feeds/products.xml"), "the other feeds are there")
    }

    /// Past Google's file limit the reviews go to numbered files, each a whole feed under the
    /// limit, together holding every review once; the first keeps the feed's name.
    @Test func aFeedPastTheFileLimitIsSplitIntoNumberedFiles() throws {
        let bodies = (0..<60).map { String(repeating: "Creamy and kind to skin. ", count: 1 + $0 % 7) }
        let products = ["eye-cream", "lip-oil", "SOAP", "FND-1N", "foundation"]
        let lines = bodies.enumerated().map { index, body in
            ReviewFixture.line("n\(index)", products[index % products.count], rating: 1 + index % 5, body: body)
        }
        let catalog = try reviewed(lines)
        for limit in [3_000, 8_000, 20_000] {
            let jobs = Fixtures.writer(catalog).productRatingsJobs(fileLimit: limit)
            #expect(jobs.count > 1, "limit \(limit)")
            #expect(jobs.map(\.path) == (1...jobs.count).map { Routes.productRatingsFeed(part: $0) })
            #expect(jobs.first?.path == "feeds/product-ratings.xml" && jobs.last?.path == "feeds/product-ratings-\(jobs.count).xml")
            var ids: [String] = []
            for job in jobs {
                let bytes = job.render()
                // The plan's estimate bounds the real size for text without markup characters.
                #expect(bytes.count <= limit / 5 * 4, "\(job.path): \(bytes.count) bytes, limit \(limit)")
                let xml = try ParsedXML(bytes)
                #expect(xml.names("/feed/*") == ["version", "publisher", "reviews"])
                #expect(xml.count("//review") > 0)
                ids += xml.strings("//review/review_id")
            }
            #expect(ids.count == 60 && Set(ids) == Set((0..<60).map { "n\($0)" }), "limit \(limit)")
        }
        #expect(Fixtures.writer(catalog).productRatingsJobs().count == 1)
    }

    @Test func theFeedIsTheSameBytesEveryTimeAndFollowsTheReviews() throws {
        let catalog = try reviewed()
        let first = try #require(Fixtures.render(Fixtures.writer(catalog).jobs(), "feeds/product-ratings.xml"))
        let again = try #require(Fixtures.render(Fixtures.writer(try reviewed()).jobs(), "feeds/product-ratings.xml"))
        #expect(first == again)
        let job = try #require(Fixtures.writer(catalog).jobs().first { $0.path == "feeds/product-ratings.xml" })
        #expect(job.isLarge && job.stream != nil)
        let inputs = job.dependencies
        #expect(inputs.isSuperset(of: [.reviews, .list(.product), .site]))
        #expect(inputs.contains(.record(.product, Records.slug("foundation"))))
        #expect(inputs.contains(.record(.brand, Records.slug("other"))))
        #expect(!inputs.contains(.record(.product, Records.slug("unreviewed"))))
        #expect(!inputs.contains(.clock) && !inputs.contains(.everything))
    }
}
