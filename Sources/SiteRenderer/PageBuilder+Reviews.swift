import CatalogModel
import Foundation
import ShopStrings
import TemplateEngine

/// A product's reviews as its page shows them: the average, the histogram and the newest few,
/// the rest left to the JSON API, which the page's script reads when asked (`reviews.js`).
struct ShownReviews {
    var summary: RatingSummary
    /// Newest first; the same reviews the structured data marks up, as Google wants only reviews
    /// the page shows.
    var newest: [Review]
}

extension PageBuilder {
    /// Reviews printed on a product page; the rest load 20 at a time from the API.
    static let reviewsShown = 5

    /// Nil for a product without reviews. Reads only the lines it prints: the shelf keeps no text.
    func shownReviews(of product: Product) -> ShownReviews? {
        guard let summary = catalog.reviews.summary(for: product.slug) else { return nil }
        return ShownReviews(summary: summary, newest: catalog.reviews.reviews(for: product.slug, in: 0..<Self.reviewsShown))
    }

    /// The page's review section. Every optional key of a review is present (false when empty): a
    /// name a review lacks would be looked up on the page around it (the page's `title`, `lang`).
    func reviewSection(_ shown: ShownReviews, of product: Product) -> TemplateFields {
        let summary = shown.summary
        var section = context.ratingFields(summary)
        section["averageText"] = strings("reviewsAverage", ["average": summary.averageText])
        section["histogram"] = (1...5).reversed().map { stars -> TemplateFields in
            let count = summary.histogram[stars - 1]
            return [
                "stars": stars, "singular": stars == 1, "count": count, "countIsOne": count == 1, "percent": summary.percent(of: stars),
                "starsText": strings("reviewsStars", count: stars), "countWord": strings("reviewWord", count: count),
            ]
        }
        section["newest"] = shown.newest.map(reviewFields)
        section["shownCount"] = shown.newest.count
        section["shownText"] = strings("reviewsShownNewest", ["shown": String(shown.newest.count)], count: summary.count)
        let hasMore = summary.count > shown.newest.count
        section["hasMore"] = hasMore
        if hasMore {
            section["apiFolder"] = context.root + Routes.reviewsAPIFolder(product.slug)
            section["apiPages"] = (summary.count + Routes.reviewsPerAPIPage - 1) / Routes.reviewsPerAPIPage
            section["scriptURL"] = context.assetRoot + Routes.reviewsScript
            // The script writes the days it adds as `dateText` does: by the browser's CLDR in a storefront.
            section["dateLocale"] = catalog.localization == nil ? false : site.languageTag
            // What the script clones for each review it adds: the page's own markup, from the same
            // partial, with every optional part present for the script to fill or remove.
            section["stub"] = Self.stubReview
        }
        return section
    }

    func reviewFields(_ review: Review) -> TemplateFields {
        [
            "id": review.id,
            "rating": review.rating,
            "halfStars": review.rating * 2,
            "title": review.title ?? false,
            "author": review.author,
            "dateISO": review.date.iso8601,
            "dateText": dayText(review.date),
            "verified": review.verified,
            "language": review.language.flatMap { differsFromSite($0) ? $0 : nil } ?? false,
            "paragraphs": Self.paragraphs(review.body),
            "response": review.response.map { response -> TemplateFields in
                ["dateISO": response.date.iso8601, "dateText": dayText(response.date), "paragraphs": Self.paragraphs(response.body)]
            } ?? false,
        ]
    }

    /// `Review.paragraphs(of:)`, the same pieces, found in the text's bytes: Foundation's
    /// replacing, splitting and trimming of every shown review's body was a seventh of a build of
    /// 10,000 products with 20 reviews each. A paragraph ends at a blank line ("\n\n", "\r\n" read
    /// as "\n"); each is trimmed, empty ones dropped. `ReviewPageTests` holds the two to agreement.
    static func paragraphs(_ body: String) -> [String] {
        var text = body
        if text.utf8.contains(13) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        var pieces: [String] = []
        let bytes = text.utf8
        var start = bytes.startIndex, at = start
        while at != bytes.endIndex {
            let next = bytes.index(after: at)
            // A line feed is always a character boundary, so these indices cut the text cleanly.
            if bytes[at] == 10, next != bytes.endIndex, bytes[next] == 10 {
                if let piece = trimmed(text[start..<at]) { pieces.append(piece) }
                start = bytes.index(after: next)
                at = start
            } else {
                at = next
            }
        }
        if let piece = trimmed(text[start..<bytes.endIndex]) { pieces.append(piece) }
        return pieces
    }

    /// The piece without white space around it, nil when nothing is left; most pieces have none
    /// and are copied as they are.
    private static func trimmed(_ piece: Substring) -> String? {
        guard let first = piece.unicodeScalars.first, let last = piece.unicodeScalars.last else { return nil }
        guard first.properties.isWhitespace || last.properties.isWhitespace else { return String(piece) }
        let text = piece.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Whether a review's language needs a `lang` of its own: not for `en` on an `en-US` site,
    /// which a screen reader already reads as English. `reviews.js` decides the same way.
    func differsFromSite(_ language: String) -> Bool {
        let own = language.lowercased(), site = site.languageTag.lowercased()
        return own != site && !site.hasPrefix(own + "-")
    }

    /// The day in the shop's zone, without a time: `28 November 2026`, `2026년 11월 28일`.
    func dayText(_ date: Timestamp) -> String {
        context.dateText(date.hasTime ? Timestamp(date: date.date, hasTime: false, utcOffset: date.utcOffset) : date)
    }

    /// The review `reviews.js` clones. Its date is a valid one, so the page stays valid HTML.
    static var stubReview: TemplateFields {
        [
            "id": "", "rating": 5, "halfStars": 10, "title": "-", "author": "", "dateISO": "2000-01-01", "dateText": "",
            "verified": true, "language": false, "paragraphs": [] as [String],
            "response": ["dateISO": "2000-01-01", "dateText": "", "paragraphs": [] as [String]] as TemplateFields,
        ]
    }
}

extension PageContext {
    /// Stars and count on a card, beside a product's name and in its review section; false for a
    /// product without reviews (present, so a card's lookup never searches the page around it).
    func ratingFields(for product: Slug) -> Any {
        catalog.reviews.summary(for: product).map(ratingFields) ?? false
    }

    func ratingFields(_ summary: RatingSummary) -> TemplateFields {
        [
            "average": summary.averageText, "count": summary.count, "countIsOne": summary.count == 1,
            "halfStars": Self.halfStars(tenths: summary.averageTenths),
            "ratedText": strings("ratingRated", ["average": summary.averageText]),
            "countText": strings("reviewCount", count: summary.count),
        ]
    }

    /// The average to the nearest half star, in halves (0–10), as the stylesheet draws
    /// `data-stars`: 4.2 shows four stars, 4.3 four and a half.
    static func halfStars(tenths: Int) -> Int { (tenths + 2) / 5 }
}
