import CatalogModel
import Foundation

/// One `<review>` of Google's Product Ratings feed, its elements in the order of the schema's
/// sequence (https://developers.google.com/product-review-feeds/schema and its sample, version
/// 2.4). Optional elements the shop has nothing for (pros, cons, reviewer images, country,
/// transaction) are left out; the order of the others never changes.
struct RatingsFeedReview {
    static let schemaVersion = "2.4"
    static let schemaLocation = "http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd"

    /// Its line as published: plain text, copied where it needs no escape.
    var review: ReviewLine
    /// The shop's zone, which the line's dates are read in.
    var zone: TimeZone
    /// `<products>…</products>`, made once for all reviews of the product (`ReviewedProduct.fragment`).
    var products: [UInt8]
    /// The product page's reviews section, which shows it among others (`type="group"`).
    var url: String

    /// 1–5, as `min` and `max` state.
    static let ratingScale = (min: 1, max: 5)

    /// Verified reviews come from buyers asked after their order; the rest came unasked.
    static func collectionMethod(verified: Bool) -> String { verified ? "post_fulfillment" : "unsolicited" }

    /// What the review is about, named so Google can match it to the merchant feed's offers.
    struct ReviewedProduct {
        var gtins: [String] = []
        var mpns: [String] = []
        var skus: [String] = []
        var brands: [String] = []
        var name: String
        var url: String

        /// Identifiers of `items` (one product or variant, or every variant of a product reviewed
        /// as a whole), each item by the best it has in Google's order of trust: its GTIN, else
        /// its MPN, else its SKU (the merchant feed's `g:id`); an MPN or a SKU is unique only
        /// within its brand, so the brand comes with them.
        init(identifying items: [Product], brand: String, name: String, url: String) {
            self.name = name
            self.url = url
            for item in items {
                if let gtin = item.gtin {
                    if !gtins.contains(gtin) { gtins.append(gtin) }
                } else if let mpn = item.mpn {
                    if !mpns.contains(mpn) { mpns.append(mpn) }
                } else if !skus.contains(item.sku) {
                    skus.append(item.sku)
                }
            }
            if !mpns.isEmpty || !skus.isEmpty { brands = [brand] }
        }

        /// `<products>` holding this one product, for `RatingsFeedReview.products`.
        var fragment: [UInt8] {
            XMLWriter.fragment { xml in
                xml.start("products")
                write(to: xml)
                xml.end()
            }
        }

        func write(to xml: XMLWriter) {
            xml.start("product")
            xml.start("product_ids")
            for (group, element, values) in [("gtins", "gtin", gtins), ("mpns", "mpn", mpns), ("skus", "sku", skus), ("brands", "brand", brands)]
            where !values.isEmpty {
                xml.start(group)
                for value in values { xml.element(element, value) }
                xml.end()
            }
            xml.end()
            xml.element("product_name", name)
            xml.element("product_url", url)
            xml.end()
        }
    }

    /// What many reviews write alike, made by libxml2 once: a million reviews write these
    /// elements a million times.
    private static let shared = SharedParts()

    private struct SharedParts {
        /// `<is_verified_purchase>`, by whether the review is verified.
        let verified: [[UInt8]]
        /// `<ratings>` by star count; empty for a count off the scale, which is written out.
        let ratings: [[UInt8]]
        /// `<is_spam>` and `<collection_method>`, by whether the review is verified.
        let closing: [[UInt8]]

        init() {
            verified = [false, true].map { flag in
                XMLWriter.fragment { $0.element("is_verified_purchase", flag ? "true" : "false") }
            }
            ratings = (0...RatingsFeedReview.ratingScale.max).map { stars in
                stars < RatingsFeedReview.ratingScale.min ? [] : XMLWriter.fragment { RatingsFeedReview.writeRatings(stars, to: $0) }
            }
            closing = [false, true].map { flag in
                XMLWriter.fragment { xml in
                    // Only published reviews reach the content folder: spam never does.
                    xml.element("is_spam", "false")
                    xml.element("collection_method", RatingsFeedReview.collectionMethod(verified: flag))
                }
            }
        }
    }

    static func writeRatings(_ stars: Int, to xml: XMLWriter) {
        xml.start("ratings")
        xml.element("overall", String(stars), attributes: ["min": String(ratingScale.min), "max": String(ratingScale.max)])
        xml.end()
    }

    func write(to xml: XMLWriter) {
        let shared = Self.shared
        let entry = review.entry
        let verified = entry.verified ? 1 : 0
        xml.start("review")
        element("review_id", review.id, to: xml)
        xml.start("reviewer")
        element("name", review.author, to: xml)
        xml.end()
        xml.raw(shared.verified[verified])
        // xs:dateTime at the shop's offset (`2026-03-01T09:30:00+09:00`, or `Z` in UTC).
        xml.element("review_timestamp", review.rfc3339(in: zone))
        if let title = review.title { element("title", title, to: xml) }
        element("content", review.body, to: xml)
        if let language = review.language { xml.element("review_language", review.text(language, trimmed: false)) }
        xml.element("review_url", url, attributes: ["type": "group"])
        let rating = Int(entry.rating)
        if shared.ratings.indices.contains(rating), !shared.ratings[rating].isEmpty {
            xml.raw(shared.ratings[rating])
        } else {
            Self.writeRatings(rating, to: xml)
        }
        xml.raw(products)
        xml.raw(shared.closing[verified])
        xml.end()
    }

    /// A text field: its bytes when they are its text, else the decoded text.
    private func element(_ name: String, _ token: ReviewLine.Token?, to xml: XMLWriter) {
        guard let token else { return xml.element(name, "") }
        if let plain = review.verbatim(token) {
            xml.element(name, utf8: plain)
        } else {
            xml.element(name, review.text(token))
        }
    }
}
