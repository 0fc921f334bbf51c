import CatalogModel
import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// The contract's review rules, each a diagnostic at the line and column that breaks it.
@Suite struct ReviewValidationTests {
    /// A valid line with some members replaced (nil removes one), keys in a fixed order.
    func line(_ changes: [String: String?] = [:], extra: String = "") -> String {
        var members: [(String, String)] = [
            ("id", #""r1""#), ("product", #""night-serum""#), ("rating", "5"), ("body", #""Lovely.""#),
            ("author", #""Mina K.""#), ("date", #""2026-10-01""#),
        ]
        for (key, value) in changes {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let value { members[index].1 = value } else { members.remove(at: index) }
            } else if let value {
                members.append((key, value))
            }
        }
        return "{" + members.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + extra + "}"
    }

    func loadReviews(_ files: [String: String], now: Date? = nil) throws -> ContentLoader.Result {
        let fixture = try ShopFixture(changes: files.mapValues { Optional($0) })
        defer { fixture.cleanUp() }
        var loader = ContentLoader(contentFolder: fixture.content)
        loader.now = now
        return loader.load()
    }

    @Test func validLinesLoadAndCountForTheirProduct() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": [
                line(),
                line(["id": #""r2""#, "product": #""ORG-NS-30""#, "rating": "3", "date": #""2026-11-01""#]),
                "",
                line(["id": #""r3""#, "verified": "true", "title": #""Good""#, "language": #""ko""#,
                      "response": #"{"body": "Thank you!", "date": "2026-11-02"}"#]),
            ].joined(separator: "\n") + "\n",
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let serum = Slug("night-serum")!
        let summary = try #require(catalog.reviews.summary(for: serum))
        #expect(summary.count == 3)
        #expect(summary.histogram == [0, 0, 1, 0, 2])
        #expect(summary.averageText == "4.3")
        let reviews = catalog.reviews.reviews(for: serum)
        #expect(reviews.map(\.id) == ["r2", "r1", "r3"], "newest first; equal dates in file order")
        #expect(reviews[0].sku == "ORG-NS-30")
        #expect(reviews[2].response?.body == "Thank you!")
        #expect(reviews[2].language == "ko" && reviews[2].verified && reviews[2].title == "Good")
        #expect(reviews[2].source.description == "Content/reviews/a.jsonl:4:1")
    }

    @Test func aVariantsReviewCountsForItsProduct() throws {
        let result = try loadReviews([
            "products/toner.md": product(validProductLines + [
                "options: [shade]", "variants:", "  - sku: T-1-IV", "    shade: Ivory", "  - sku: T-1-SA", "    shade: Sand",
            ]),
            "reviews/a.jsonl": line(["product": #""T-1-SA""#]),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.reviews.summary(for: Slug("toner")!)?.count == 1)
        #expect(catalog.reviews.reviews(for: Slug("toner")!).first?.sku == "T-1-SA")
    }

    @Test func aBadRatingIsAnErrorAtItsValue() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": [
                line(["rating": "6"]), line(["id": #""r2""#, "rating": "4.5"]), line(["id": #""r3""#, "rating": #""5""#]),
                line(["id": #""r4""#, "rating": nil]),
            ].joined(separator: "\n"),
        ])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:50", "rating: 6 is not a whole number of stars from 1 to 5")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:2:50", "rating: 4.5 is not a whole number")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:3:50", #"rating: "5" is not a whole number"#)
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:4:1", "missing rating")
        #expect(result.catalog == nil)
    }

    @Test func anUnknownProductGetsADidYouMean() throws {
        let result = try loadReviews(["reviews/a.jsonl": line(["product": #""nigth-serum""#])])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:25", "product nigth-serum is not in the catalog; did you mean night-serum?")
        #expect(result.catalog == nil)
    }

    @Test func aDuplicateIdNamesTheFirst() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": line(),
            "reviews/b.jsonl": "\n" + line(["rating": "1"]),
        ])
        expectDiagnostic(result, at: "Content/reviews/b.jsonl:2:8", "id r1 is used twice; the first is at Content/reviews/a.jsonl:1:8")
        #expect(result.catalog == nil)
    }

    @Test func aDateInTheFutureIsAnErrorAgainstTheBuildClock() throws {
        let now = try Timestamp.parse("2026-11-28T12:00:00Z").get().date
        let result = try loadReviews(["reviews/a.jsonl": line(["date": #""2026-12-24""#])], now: now)
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:101", "date 2026-12-24 is in the future")
        let unchecked = try loadReviews(["reviews/a.jsonl": line(["date": #""2026-12-24""#])])
        #expect(unchecked.catalog != nil, "without a clock no date is in the future")
        let bad = try loadReviews(["reviews/a.jsonl": line(["date": #""2026-02-30""#])])
        #expect(bad.diagnostics.contains { $0.location.description == "Content/reviews/a.jsonl:1:101" && $0.message.hasPrefix("date:") })
    }

    @Test func missingAndEmptyTextFieldsAreNamed() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": [line(["body": nil]), line(["id": #""r2""#, "author": #""  ""#]), line(["id": #""r3""#, "body": "12"])]
                .joined(separator: "\n"),
        ])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:1", "missing body")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:2:82", "author is empty")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:3:61", "body must be a string in double quotes")
    }

    @Test func aTooLongBodyIsRefusedWithTheLimit() throws {
        let long = String(repeating: "é", count: Review.Limits.body.upperBound + 1)
        let result = try loadReviews(["reviews/a.jsonl": line(["body": "\"\(long)\""])])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:61", "body is 5,001 characters; at most 5,000 are allowed")
    }

    @Test func brokenJSONIsAnErrorAtItsColumn() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": [
                #"{"id": "r1", "rating": 5,}"#,
                #"{'id': 1}"#,
                #"{"id": "r3", "body": "a\qb"}"#,
                #"["not", "an", "object"]"#,
                #"{"id": "r5"} {"id": "r6"}"#,
            ].joined(separator: "\n"),
        ])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:26", "a comma before } is not allowed")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:2:2", "expected a key in double quotes")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:3:24", #"unknown escape \q"#)
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:4:1", "a review line is one JSON object")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:5:14", "unexpected text after the JSON value")
    }

    @Test func aKeyATypoAwayIsAnErrorAndAnOtherUnknownKeyAWarning() throws {
        let result = try loadReviews(["reviews/a.jsonl": line(extra: #", "raiting": 4, "helpful": 12"#)])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:115", "unknown key raiting; did you mean rating?")
        expectDiagnostic(result, .warning, at: "Content/reviews/a.jsonl:1:129", "unknown key helpful is ignored")
    }

    @Test func aResponseNeedsABodyAndADate() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": [
                line(["response": #""Thanks""#]),
                line(["id": #""r2""#, "response": #"{"body": "Thanks"}"#]),
                line(["id": #""r3""#, "response": #"{"body": "Thanks", "date": "2026-11-02", "author": "Shop"}"#]),
            ].joined(separator: "\n"),
        ])
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:1:127", "response must be an object")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:2:127", "response needs a date")
        expectDiagnostic(result, at: "Content/reviews/a.jsonl:3:168", "unknown key response.author")
    }

    @Test func otherFilesInTheFolderAreWarnedAbout() throws {
        let result = try loadReviews(["reviews/old.csv": "a,b\n", "reviews/a.jsonl": line()])
        expectDiagnostic(result, .warning, at: "Content/reviews/old.csv", "reviews/ holds .jsonl files")
        #expect(result.catalog?.reviews.count == 1)
    }

    @Test func reviewFilesCountAmongTheFilesRead() throws {
        let without = try load()
        let with = try loadReviews(["reviews/a.jsonl": line(), "reviews/b.jsonl": line(["id": #""r2""#])])
        #expect(with.fileCount == without.fileCount + 2)
    }

    @Test func linesOfSeveralFilesAreReadBackForOneProduct() throws {
        let result = try loadReviews([
            "reviews/a.jsonl": line(["date": #""2026-01-01""#]) + "\n" + line(["id": #""r3""#, "product": #""day-cream""#]),
            "reviews/b.jsonl": line(["id": #""r2""#, "date": #""2026-02-01""#, "body": #""Second file.""#]),
        ])
        let catalog = try #require(result.catalog)
        #expect(catalog.reviews.reviews(for: Slug("night-serum")!).map(\.body) == ["Second file.", "Lovely."])
        #expect(catalog.reviews.reviews(for: Slug("night-serum")!, in: 1..<2).map(\.id) == ["r1"])
    }

    @Test func aShopWithoutReviewsHasAnEmptyShelf() throws {
        let result = try load()
        #expect(result.catalog?.reviews.isEmpty == true)
        #expect(result.catalog?.reviews.summary(for: Slug("night-serum")!) == nil)
    }

    @Test func theReviewTextIsReadBackAsTheFileHadItWhenLoaded() throws {
        let fixture = try ShopFixture(changes: ["reviews/a.jsonl": line(["body": #""Soft \u00e9 \"quoted\"\n\nSecond.""#])])
        defer { fixture.cleanUp() }
        let catalog = try #require(ContentLoader(contentFolder: fixture.content).load().catalog)
        // The editor renames a new file into place while a build runs: the shelf still reads the old one.
        let path = fixture.content.appendingPathComponent("reviews/a.jsonl")
        let replacement = fixture.content.appendingPathComponent("reviews/a.new")
        try Data("{}\n".utf8).write(to: replacement)
        #expect(rename(replacement.path, path.path) == 0)
        let review = try #require(catalog.reviews.reviews(for: Slug("night-serum")!).first)
        #expect(review.body == "Soft é \"quoted\"\n\nSecond.")
        #expect(review.paragraphs == ["Soft é \"quoted\"", "Second."])
    }
}
