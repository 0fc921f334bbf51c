import BuildEngine
import CatalogAPI
import CatalogModel
import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// A product's reviews in the API: 20 to a page, newest first, with `next`, and the average and
/// count in the product's own document. The fixture shop's reviews are loaded from a file as a
/// build loads them, so every page reads its text back from disk.
@Suite struct ReviewPagesTests {
    /// 45 reviews of the night serum, ratings 5, 4, 3, 2, 1 over and over (average 3.0), newest
    /// `n-0`; one of the eye balm with every optional key; none of the day cream.
    static let catalog: Catalog = {
        let fixture = try! ShopFixture(changes: [
            "reviews/serum.jsonl": ReviewLines.file(ReviewLines.many(45, product: "night-serum", prefix: "n")),
            "reviews/balm.jsonl": ReviewLines.file([
                ReviewLines.json(
                    "b1", "ORG-EB-15", rating: 4, date: "2026-11-02", title: "Cool", body: "Cooling.\n\nReally.", author: "Jin",
                    verified: true, language: "ko", response: ("Thanks!", "2026-11-03")),
            ]),
        ])
        defer { fixture.cleanUp() }
        let loaded = ContentLoader(contentFolder: fixture.content).load()
        return loaded.catalog!
    }()

    static let api = CatalogAPI(catalog: catalog, now: ShopFixture.clock)
    static let base = "https://example.com/shop/api/v1/products/"

    static func page(_ slug: String, _ number: Int) throws -> ReviewPageDocument {
        try #require(api.reviewPage(Slug(slug)!, page: number))
    }

    @Test func everyReviewedProductHasItsPagesAndOthersNone() {
        let paths = Self.api.jobs().filter { $0.kind == "api-reviews" }.map(\.path)
        #expect(paths == [
            "api/v1/products/eye-balm/reviews/1.json", "api/v1/products/night-serum/reviews/1.json",
            "api/v1/products/night-serum/reviews/2.json", "api/v1/products/night-serum/reviews/3.json",
        ])
        #expect(APIRoutes.reviews(Slug("night-serum")!, page: 1) == "api/v1/products/night-serum/reviews/1.json")
        #expect(Self.api.reviewPage(Slug("day-cream")!, page: 1) == nil)
        #expect(Self.api.reviewPage(Slug("night-serum")!, page: 4) == nil)
    }

    @Test func pagesHoldTwentyNewestFirstAndLinkTheNext() throws {
        let first = try Self.page("night-serum", 1)
        #expect(first.page == 1 && first.pages == 3 && first.product == "night-serum")
        #expect(first.reviews.map(\.id) == (0..<20).map { "n-\($0)" })
        #expect(first.next == Self.base + "night-serum/reviews/2.json")
        let second = try Self.page("night-serum", 2)
        #expect(second.reviews.map(\.id) == (20..<40).map { "n-\($0)" })
        let last = try Self.page("night-serum", 3)
        #expect(last.reviews.map(\.id) == (40..<45).map { "n-\($0)" } && last.next == nil)
        // Newest first by date, across the pages.
        let dates = (first.reviews + second.reviews + last.reviews).map(\.date)
        #expect(dates == dates.sorted(by: >) && dates.first == "2026-11-01T00:00:00Z")
    }

    @Test func everyPageSummarisesAllTheReviews() throws {
        for number in 1...3 {
            let summary = try Self.page("night-serum", number).summary
            #expect(summary.count == 45 && summary.average == 3.0)
            #expect(summary.histogram == ["1": 9, "2": 9, "3": 9, "4": 9, "5": 9])
        }
        let text = String(decoding: JSONOutput.data(try Self.page("night-serum", 3)), as: UTF8.self)
        #expect(text.contains(#""summary":{"average":3,"count":45,"histogram":{"1":9,"2":9,"3":9,"4":9,"5":9}}"#))
    }

    @Test func aReviewKeepsEveryKeyItsLineHas() throws {
        let review = try #require(try Self.page("eye-balm", 1).reviews.first)
        #expect(review == ReviewDocument.expected)
        let text = String(decoding: JSONOutput.data(try Self.page("eye-balm", 1)), as: UTF8.self)
        #expect(text.contains(
            #"{"author":"Jin","body":"Cooling.\n\nReally.","date":"2026-11-02T00:00:00Z","id":"b1","language":"ko","rating":4,"response":{"body":"Thanks!","date":"2026-11-03T00:00:00Z"},"sku":"ORG-EB-15","title":"Cool","verified":true}"#))
        // A review without the optional keys leaves them out.
        let plain = String(decoding: JSONOutput.data(try Self.page("night-serum", 1)), as: UTF8.self)
        #expect(!plain.contains("\"title\"") && !plain.contains("\"response\"") && !plain.contains("\"sku\""))
    }

    @Test func theProductDocumentAndListRowsCarryTheRating() throws {
        let serum = try #require(Self.catalog.productBySlug[Slug("night-serum")!])
        let rating = try #require(Self.api.productDocument(serum).rating)
        #expect(rating == RatingDocument(average: 3.0, count: 45, reviews: Self.base + "night-serum/reviews/1.json"))
        let cream = try #require(Self.catalog.productBySlug[Slug("day-cream")!])
        #expect(Self.api.productDocument(cream).rating == nil)
        let brand = try #require(Self.catalog.brandBySlug[Slug("origins")!])
        let rows = Self.api.brandProducts(brand, page: 1).products
        #expect(rows.first { $0.slug == "eye-balm" }?.rating?.average == 4.0)
        #expect(rows.first { $0.slug == "day-cream" }?.rating == nil)
    }

    @Test func theFastWriterGivesJSONEncodersBytes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var documents: [ReviewPageDocument] = []
        for (slug, pages) in [("night-serum", 3), ("eye-balm", 1)] { for n in 1...pages { documents.append(try Self.page(slug, n)) } }
        for document in documents {
            #expect(String(decoding: JSONOutput.data(document), as: UTF8.self) == String(decoding: try encoder.encode(document), as: UTF8.self))
        }
        for product in Self.catalog.products {
            let document = Self.api.productDocument(product)
            #expect(String(decoding: JSONOutput.data(document), as: UTF8.self) == String(decoding: try encoder.encode(document), as: UTF8.self))
        }
        // A fractional average is written as one.
        let odd = RatingDocument(average: 4.3, count: 3, reviews: "x")
        #expect(String(decoding: JSONObjectWriter.bytes(of: odd), as: UTF8.self) == String(decoding: try encoder.encode(odd), as: UTF8.self))
    }

    /// A build writes each page from the review lines, copying texts that are plain in the file:
    /// the bytes are those of the page as a document, whatever the lines hold.
    @Test func theBuildsPagesAreTheDocumentsBytes() throws {
        let fixture = try ShopFixture(changes: [
            "reviews/mixed.jsonl": ReviewLines.file([
                #"{"id":"m1","product":"night-serum","rating":5,"body":"  Spaced plain text.  ","author":"Ana","date":"2026-10-01"}"#,
                #"{"id":"m2","product":"night-serum","rating":4,"body":"Caf\u00e9 \"quoted\" <b>&</b> a\/b","author":"\u00c9lodie","date":"2026-10-02","title":"Tab\there"}"#,
                #"{"id":"m3","product":"night-serum","rating":3,"body":"한국어 리뷰\u3000","author":"김 민","date":"2026-10-03","language":"ko"}"#,
                #"{"id":"m4","product":"night-serum","rating":2,"body":"Line\u2028break 😀","author":" Bo ","date":"2026-10-04T09:30:00+09:00","response":{"body":" Sorry! ","date":"2026-10-05"}}"#,
                #"{"bo\u0064y":"An escaped key.","id":"m5","product":"ORG-EB-15","rating":1,"author":"Cy","date":"2026-10-05","extra":{"a":[1,"}",{"b":"]"}]}}"#,
            ]),
        ])
        defer { fixture.cleanUp() }
        let catalog = try #require(ContentLoader(contentFolder: fixture.content).load().catalog)
        let api = CatalogAPI(catalog: catalog, now: ShopFixture.clock)
        let jobs = api.jobs().filter { $0.kind == "api-reviews" }
        #expect(jobs.count == 2)
        for job in jobs {
            let slug = try #require(Slug(String(job.path.split(separator: "/")[3])))
            let document = try #require(api.reviewPage(slug, page: 1))
            #expect(String(decoding: job.render(), as: UTF8.self) == String(decoding: JSONOutput.data(document), as: UTF8.self))
        }
        let serum = try #require(api.reviewPage(Slug("night-serum")!, page: 1))
        #expect(serum.reviews.map(\.body) == ["Line\u{2028}break 😀", "한국어 리뷰", "Café \"quoted\" <b>&</b> a/b", "Spaced plain text."])
        #expect(serum.reviews.first?.response?.body == "Sorry!" && serum.reviews.first?.response?.date == "2026-10-05T00:00:00Z")
        #expect(serum.reviews.first?.author == "Bo")
        let balm = try #require(api.reviewPage(Slug("eye-balm")!, page: 1))
        #expect(balm.reviews.map(\.body) == ["An escaped key."] && balm.reviews.first?.sku == "ORG-EB-15")
    }

    @Test func pagesAndProductsFitTheirSchemas() throws {
        for job in Self.api.jobs() where job.kind == "api-reviews" {
            let problems = try ResponseSchemaTests.check(job.render(), against: "product-reviews")
            #expect(problems == [], "\(job.path)")
            #expect(job.dependencies.contains(.record(.product, Slug(String(job.path.split(separator: "/")[3]))!)))
        }
        for job in Self.api.jobs() where job.kind == "api-product" || job.kind == "api-brand-products" {
            #expect(try ResponseSchemaTests.check(job.render(), against: job.kind == "api-product" ? "product" : "brand-products") == [])
        }
        let schema = try #require(ResponseSchema.schema(named: "product-reviews"))
        #expect(schema["properties"]?["reviews"]?["maxItems"] == .int(CatalogAPI.reviewsPerPage))
        #expect(SchemaFiles.all().contains { $0.name == "responses/product-reviews.json" })
    }
}

extension ReviewDocument {
    /// The eye balm's one review, as the API writes it.
    static var expected: ReviewDocument {
        try! JSONDecoder().decode(ReviewDocument.self, from: Data(#"""
            {"id":"b1","rating":4,"title":"Cool","body":"Cooling.\n\nReally.","author":"Jin","date":"2026-11-02T00:00:00Z",
             "verified":true,"language":"ko","sku":"ORG-EB-15","response":{"body":"Thanks!","date":"2026-11-03T00:00:00Z"}}
            """#.utf8))
    }
}
