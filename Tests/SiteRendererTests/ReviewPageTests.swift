import CatalogModel
import ContentLoader
import Foundation
@testable import SiteRenderer
import Testing
import VitrineTestSupport

/// A product's reviews on its page, on its cards and in its structured data, from a fixture shop
/// whose `reviews/` file is loaded as a build loads it.
@Suite struct ReviewPageTests {
    /// Seven reviews of the night serum (3 × 5, 2 × 4, 1 × 3, 1 × 1: 27 stars, 3.9 on average),
    /// written out of date order; one of the eye balm; none of the day cream.
    static let lines = [
        ReviewLines.json("r4", "night-serum", rating: 3, date: "2026-10-17", body: "Fine."),
        ReviewLines.json(
            "r1", "night-serum", rating: 5, date: "2026-10-20", title: "Best <serum>", body: "First paragraph.\n\n<script>alert(1)</script> & more",
            author: "Ana <b>", verified: true, response: ("Thank you!\n\nWe are glad.", "2026-10-21")),
        ReviewLines.json("r2", "night-serum", rating: 4, date: "2026-10-19", body: "정말 좋아요", author: "지은", language: "ko"),
        ReviewLines.json("r3", "ORG-NS-30", rating: 5, date: "2026-10-18T09:30:00Z", title: "Good", body: "Nice.", language: "en"),
        ReviewLines.json("r5", "night-serum", rating: 5, date: "2026-10-16", body: "Lovely."),
        ReviewLines.json("r6", "night-serum", rating: 1, date: "2026-10-15", body: "Not for me."),
        ReviewLines.json("r7", "night-serum", rating: 4, date: "2026-10-14", body: "Oldest."),
        ReviewLines.json("b1", "eye-balm", rating: 4, date: "2026-10-01", body: "Cool."),
    ]

    static let pages: [String: String] = try! renderFixture(["reviews/fixture.jsonl": ReviewLines.file(lines)])
    static var serum: String { pages["products/night-serum/index.html"]! }

    static func section(_ page: String) throws -> String {
        let match = try #require(page.firstMatch(of: /<section class="reviews" id="reviews".*?<\/section>/.dotMatchesNewlines()))
        return String(match.0)
    }

    static func jsonLD(_ page: String) throws -> [String: Any] {
        let match = try #require(page.firstMatch(of: /<script type="application\/ld\+json">(.*?)<\/script>/.dotMatchesNewlines()))
        return try #require(try JSONSerialization.jsonObject(with: Data(match.1.utf8)) as? [String: Any])
    }

    @Test func theSectionGivesTheAverageAsTextBesideHiddenStars() throws {
        let section = try Self.section(Self.serum)
        #expect(section.contains(
            #"<p class="reviews-average"><span class="stars stars-large" data-stars="8" aria-hidden="true"></span> <span><strong>3.9 out of 5 stars</strong>, 7 reviews</span></p>"#))
        // Beside the name: a link to the section whose name says the rating in words.
        #expect(Self.serum.contains(
            ##"<a href="#reviews"><span class="stars" data-stars="8" aria-hidden="true"></span> <span aria-hidden="true">3.9 ·</span><span class="visually-hidden">Rated 3.9 out of 5 stars,</span> 7 reviews</a>"##))
    }

    @Test func theHistogramCountsEachRatingFiveStarsFirst() throws {
        let section = try Self.section(Self.serum)
        let rows = section.matches(of: /<th scope="row" id="histogram-(\d)">(\d) stars?<\/th><td class="histogram-bar"><meter min="0" max="100" value="(\d+)" aria-labelledby="histogram-\d">\d+%<\/meter><\/td><td class="histogram-count">(\d+)<span/)
        #expect(rows.map { Int($0.2)! } == [5, 4, 3, 2, 1])
        #expect(rows.map { Int($0.4)! } == [3, 2, 1, 0, 1])
        // percent(of:): 3/7 = 43 %, 2/7 = 29 %, 1/7 = 14 %.
        #expect(rows.map { Int($0.3)! } == [43, 29, 14, 0, 14])
        #expect(section.contains(#">1 star</th>"#) && section.contains(#"<td class="histogram-count">1<span class="visually-hidden"> review</span>"#))
    }

    @Test func theFiveNewestAreShownNewestFirst() throws {
        let section = try Self.section(Self.serum)
        let list = try #require(section.firstMatch(of: /<ol class="review-list" data-review-list>(.*?)<\/ol>/.dotMatchesNewlines()))
        let ids = list.1.matches(of: /<li class="review" data-review-id="([^"]*)">/).map { String($0.1) }
        #expect(ids == ["r1", "r2", "r3", "r4", "r5"])
        #expect(list.1.contains(#"<time datetime="2026-10-20" data-review-date>20 October 2026</time>"#))
        // A review written with a time shows its day; the machine-readable date keeps the time.
        #expect(list.1.contains(#"<time datetime="2026-10-18T09:30:00Z" data-review-date>18 October 2026</time>"#))
    }

    @Test func aReviewsTextIsEscapedPlainTextInParagraphs() throws {
        let section = try Self.section(Self.serum)
        #expect(section.contains(
            #"<div class="review-body" data-review-body><p>First paragraph.</p><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p></div>"#))
        #expect(section.contains(#"<h3 class="review-title" data-review-title>Best &lt;serum&gt;</h3>"#))
        #expect(section.contains(#"data-review-author>Ana &lt;b&gt;</span>"#))
        #expect(!Self.serum.contains("<script>alert(1)"))
        // Nor in the structured data, whose text is escaped for a script element.
        #expect(!Self.serum.contains("</script> &"))
    }

    @Test func verifiedBuyersAndTheShopsResponseAreMarked() throws {
        let section = try Self.section(Self.serum)
        let verified = #"<span class="badge badge-verified" data-review-verified><span aria-hidden="true">✓ </span>Verified buyer</span>"#
        // r1 is the only verified review shown; the stub the script clones has the mark too.
        #expect(section.components(separatedBy: verified).count - 1 == 2)
        let first = try #require(section.firstMatch(of: /<li class="review" data-review-id="r1">.*?<\/li>/.dotMatchesNewlines()))
        #expect(first.0.contains(verified))
        #expect(first.0.contains(
            #"<p class="review-response-title">Response from Test &amp; Shop, <time datetime="2026-10-21" data-review-response-date>21 October 2026</time></p>"#))
        #expect(first.0.contains(#"data-review-response-body><p>Thank you!</p><p>We are glad.</p></div>"#))
        let second = try #require(section.firstMatch(of: /<li class="review" data-review-id="r2">.*?<\/li>/.dotMatchesNewlines()))
        #expect(!second.0.contains("Verified buyer") && !second.0.contains("review-response"))
    }

    @Test func aReviewInAnotherLanguageSaysSo() throws {
        let section = try Self.section(Self.serum)
        let korean = try #require(section.firstMatch(of: /<li class="review" data-review-id="r2">.*?<\/li>/.dotMatchesNewlines()))
        #expect(korean.0.contains(#"<div class="review-text" lang="ko" data-review-text>"#))
        // English on an en-US site needs no lang of its own.
        let english = try #require(section.firstMatch(of: /<li class="review" data-review-id="r3">.*?<\/li>/.dotMatchesNewlines()))
        #expect(english.0.contains(#"<div class="review-text" data-review-text>"#))
    }

    @Test func moreThanFiveReviewsGetTheScriptTheTemplateAndAHiddenButton() throws {
        let section = try Self.section(Self.serum)
        #expect(section.contains(#"data-reviews-base="../../api/v1/products/night-serum/reviews/" data-reviews-pages="1""#))
        #expect(section.contains(#"<button type="button" class="button button-quiet" data-reviews-more hidden>More reviews</button>"#))
        #expect(section.contains(#"<p class="reviews-shown" role="status" data-reviews-status>Showing the 5 newest of 7 reviews.</p>"#))
        #expect(section.contains(#"<script src="../../reviews.js" defer></script>"#))
        let stub = try #require(section.firstMatch(of: /<template data-review-template>(.*?)<\/template>/.dotMatchesNewlines()))
        for part in ["stars", "rating", "text", "title", "body", "author", "date", "verified", "response", "response-date", "response-body"] {
            #expect(stub.1.contains("data-review-\(part)"), "\(part)")
        }
        #expect(Routes.reviewsAPIFolder(Slug("night-serum")!) == "api/v1/products/night-serum/reviews/")
    }

    @Test func fiveReviewsOrFewerNeedNoScript() throws {
        let page = try #require(Self.pages["products/eye-balm/index.html"])
        let section = try Self.section(page)
        #expect(section.contains("<strong>4.0 out of 5 stars</strong>, 1 review</span>"))
        #expect(!section.contains("data-reviews-more") && !section.contains("<template") && !section.contains("reviews.js"))
        #expect(!section.contains("data-reviews-base"))
    }

    @Test func aProductWithoutReviewsHasNoSectionNoStarsAndNoRating() throws {
        let page = try #require(Self.pages["products/day-cream/index.html"])
        #expect(!page.contains(#"id="reviews""#) && !page.contains("rating-line") && !page.contains("class=\"stars"))
        let data = try Self.jsonLD(page)
        #expect(data["aggregateRating"] == nil && data["review"] == nil)
    }

    @Test func aCardShowsTheAverageAndCountWithWords() throws {
        // The X'mas promotion's page lists the night serum's card.
        let page = try #require(Self.pages["promotions/xmas/index.html"])
        #expect(page.contains(
            #"<span class="card-rating"><span aria-hidden="true"><span class="star">★</span> 3.9 (7)</span><span class="visually-hidden">Rated 3.9 out of 5 stars, 7 reviews</span></span>"#))
        let brand = try #require(Self.pages["brands/origins/index.html"])
        // Day cream (no reviews) and eye balm (one) on the first page.
        #expect(brand.contains("Rated 4.0 out of 5 stars, 1 review</span>"))
        #expect(brand.components(separatedBy: "card-rating").count - 1 == 1)
    }

    @Test func theStructuredDataCarriesTheSameNumbersAndTheShownReviews() throws {
        let data = try Self.jsonLD(Self.serum)
        let rating = try #require(data["aggregateRating"] as? [String: Any])
        #expect(rating["@type"] as? String == "AggregateRating")
        #expect((rating["ratingValue"] as? NSNumber)?.doubleValue == 3.9)
        #expect((rating["reviewCount"] as? NSNumber)?.intValue == 7)
        #expect((rating["bestRating"] as? NSNumber)?.intValue == 5 && (rating["worstRating"] as? NSNumber)?.intValue == 1)
        let reviews = try #require(data["review"] as? [[String: Any]])
        #expect(reviews.count == 5)
        #expect(reviews.map { ($0["author"] as? [String: Any])?["name"] as? String } == ["Ana <b>", "지은", "Mina K.", "Mina K.", "Mina K."])
        let first = reviews[0]
        #expect(first["@type"] as? String == "Review" && first["name"] as? String == "Best <serum>")
        #expect(first["datePublished"] as? String == "2026-10-20")
        #expect(first["reviewBody"] as? String == "First paragraph.\n\n<script>alert(1)</script> & more")
        let stars = try #require(first["reviewRating"] as? [String: Any])
        #expect(stars["@type"] as? String == "Rating" && (stars["ratingValue"] as? NSNumber)?.intValue == 5)
        #expect((stars["bestRating"] as? NSNumber)?.intValue == 5 && (stars["worstRating"] as? NSNumber)?.intValue == 1)
        // A review without a title has no name.
        #expect(reviews[1]["name"] == nil && reviews[2]["datePublished"] as? String == "2026-10-18")
        // The shop itself never carries ratings: the home page's Organization has none.
        let home = try #require(Self.pages["index.html"])
        #expect(!home.contains("aggregateRating"))
    }

    @Test func aProductWithVariantsHasItsRatingOnTheGroup() throws {
        let duo = """
            ---
            sku: ORG-DUO
            name: Duo
            brand: origins
            price: 20
            options: [size]
            variants:
              - sku: ORG-DUO-S
                size: Small
              - sku: ORG-DUO-L
                size: Large
                price: 30
            ---
            Two sizes.
            """
        let pages = try renderFixture([
            "products/origins/duo.md": duo,
            "reviews/duo.jsonl": ReviewLines.file([
                ReviewLines.json("d1", "ORG-DUO-L", rating: 5, date: "2026-10-02"), ReviewLines.json("d2", "duo", rating: 2, date: "2026-10-01"),
            ]),
        ])
        let data = try Self.jsonLD(try #require(pages["products/duo/index.html"]))
        #expect(data["@type"] as? String == "ProductGroup")
        let rating = try #require(data["aggregateRating"] as? [String: Any])
        #expect((rating["ratingValue"] as? NSNumber)?.doubleValue == 3.5 && (rating["reviewCount"] as? NSNumber)?.intValue == 2)
        #expect((data["review"] as? [Any])?.count == 2)
        let variants = try #require(data["hasVariant"] as? [[String: Any]])
        #expect(variants.count == 2 && variants.allSatisfy { $0["aggregateRating"] == nil && $0["review"] == nil })
    }

    @Test func theThemeUsesNoNameThatPagesLack() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let catalog = try #require(ContentLoader(contentFolder: fixture.content).load().catalog)
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        // The fixture has no reviews: the specimen's show the checker the review section's names.
        let warnings = TemplateNameCheck.diagnostics(catalog: catalog, templates: templates, now: ShopFixture.clock) { $0 }
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func paragraphsAreTheModelsWhateverTheBlankLines() {
        let texts = [
            "One.", "  One.  ", "One.\n\nTwo.", "One.\nstill one.\n\n\nTwo.", "\n\nOne.\n\n", "One.\r\n\r\nTwo.\r\nTwo.",
            "One.\n \nstill one.", "\u{00A0}Ünï\u{301}cödé\u{00A0}\n\n👍🏽 two", "", " \n\n ", "a\n\n\n\nb", "e\u{301}\n\n\u{301}x",
            "\r\n", "tab\t\n\n\ttab",
        ]
        for text in texts { #expect(PageBuilder.paragraphs(text) == Review.paragraphs(of: text), "\(text.debugDescription)") }
    }

    @Test func halfStarsRoundToTheNearestHalf() {
        #expect([0, 10, 22, 23, 42, 43, 47, 48, 50].map { PageContext.halfStars(tenths: $0) } == [0, 2, 4, 5, 8, 9, 9, 10, 10])
    }
}
