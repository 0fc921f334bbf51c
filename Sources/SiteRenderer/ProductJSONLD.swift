import CatalogModel
import Foundation

/// schema.org Product/Offer for search engines' rich results. The offer's price is what the
/// shopper pays (`Catalog.quote`), as Google compares it with the page and the merchant feed.
/// A product with variants is a `ProductGroup` whose `hasVariant` lists each as a `Product` with
/// its own offer, the shape Google documents for product variants.
///
/// A product with reviews carries `aggregateRating` over all of them and `review` for those its
/// page shows (on the group, for a product with variants): Google's review snippets for products.
/// The shop's own `Organization` never does; reviews of a shop on its own site are
/// "self-serving", which Google ignores.
///
/// Written member by member in key order, the bytes `JSONValue.encoded(scriptSafe:)` would give
/// the same object: one per product page, and building the tree to be sorted back out was 4 % of
/// a build.
enum ProductJSONLD {
    /// `quote` is the product's own; `offers` its variants', as the page priced them.
    static func make(
        _ product: Product, quote: PriceQuote, offers: [VariantOffer], brand: Brand, catalog: Catalog, url: String,
        reviews: ShownReviews? = nil
    ) -> String {
        var writer = JSONObjectWriter(capacity: 2048 + 1024 * (reviews?.newest.count ?? 0), scriptSafe: true)
        if product.hasVariants {
            group(product, offers: offers, brand: brand, catalog: catalog, url: url, reviews: reviews, into: &writer)
        } else {
            item(product, quote: quote, brand: brand, catalog: catalog, url: url, reviews: reviews, into: &writer)
        }
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    private static func group(
        _ product: Product, offers: [VariantOffer], brand: Brand, catalog: Catalog, url: String, reviews: ShownReviews?,
        into writer: inout JSONObjectWriter
    ) {
        writer.string("@context", "https://schema.org")
        writer.string("@type", "ProductGroup")
        if let reviews { writer.object("aggregateRating") { aggregateRating(reviews.summary, into: &$0) } }
        writer.object("brand") { brandObject(brand, into: &$0) }
        writer.string("description", describing(product))
        writer.objects("hasVariant", offers) { writer, offer in
            var extra: [String: JSONValue] = [:]
            var additional: [JSONValue] = []
            for (name, value) in product.optionValues(of: offer.variant) {
                if let property = Variant.standardAttribute(for: name) {
                    extra[property] = .string(value)
                } else {
                    // No schema.org property says this option: an additional property does.
                    additional.append(["@type": "PropertyValue", "name": .string(name), "value": .string(value)])
                }
            }
            if !additional.isEmpty { extra["additionalProperty"] = .array(additional) }
            item(
                offer.item, quote: offer.quote, brand: nil, catalog: catalog,
                url: url + "?variant=" + (offer.variant.sku.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? offer.variant.sku),
                extra: extra, into: &writer)
        }
        let images = images(of: product, catalog: catalog)
        writer.strings("image", images.isEmpty ? nil : images)
        writer.string("name", product.name)
        writer.string("productGroupID", product.sku)
        if let reviews { writer.objects("review", reviews.newest) { review($1, into: &$0) } }
        writer.string("url", url)
        writer.strings("variesBy", product.options.map(variesBy))
    }

    /// One product with its offer. A variant (no `brand`) leaves the context, the text and the
    /// brand to its group, and adds its option values (`extra`, by schema.org property) among its
    /// members.
    private static func item(
        _ product: Product, quote: PriceQuote, brand: Brand?, catalog: Catalog, url: String, reviews: ShownReviews? = nil,
        extra: [String: JSONValue] = [:], into writer: inout JSONObjectWriter
    ) {
        var pending = extra.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }[...]
        /// Writes the extra members that sort before `key` (all that are left for nil), so that
        /// every key stays in order.
        func member(_ key: String?) {
            while let next = pending.first, key.map({ next.key.utf8.lexicographicallyPrecedes($0.utf8) }) ?? true {
                writer.value(named: next.key, next.value)
                pending.removeFirst()
            }
        }
        if brand != nil { writer.string("@context", "https://schema.org") }
        member("@type")
        writer.string("@type", "Product")
        if let reviews {
            member("aggregateRating")
            writer.object("aggregateRating") { aggregateRating(reviews.summary, into: &$0) }
        }
        if let brand {
            writer.object("brand") { brandObject(brand, into: &$0) }
            writer.string("description", describing(product))
        }
        member("gtin")
        writer.string("gtin", product.gtin)
        member("image")
        let images = images(of: product, catalog: catalog)
        writer.strings("image", images.isEmpty ? nil : images)
        member("mpn")
        writer.string("mpn", product.mpn)
        member("name")
        writer.string("name", product.name)
        member("offers")
        writer.object("offers") { offer(product, quote: quote, catalog: catalog, url: url, into: &$0) }
        if let reviews {
            member("review")
            writer.objects("review", reviews.newest) { review($1, into: &$0) }
        }
        member("sku")
        writer.string("sku", product.sku)
        member("url")
        writer.string("url", url)
        member(nil)
    }

    private static func offer(_ product: Product, quote: PriceQuote, catalog: Catalog, url: String, into writer: inout JSONObjectWriter) {
        writer.string("@type", "Offer")
        writer.string("availability", product.availability.schemaOrgURL)
        writer.string("itemCondition", "https://schema.org/NewCondition")
        writer.string("price", quote.price.decimalString)
        writer.string("priceCurrency", quote.price.currency.code)
        if quote.isReduced {
            // Google's way of saying "was": the list price as a strikethrough price specification.
            writer.object("priceSpecification") { specification in
                specification.string("@type", "UnitPriceSpecification")
                specification.string("price", quote.list.decimalString)
                specification.string("priceCurrency", quote.list.currency.code)
                specification.string("priceType", "https://schema.org/StrikethroughPrice")
            }
            // The sale price holds until the promotion ends (the last day it runs, as a date).
            writer.string("priceValidUntil", quote.ends?.lastDay)
        }
        writer.object("seller") { seller in
            seller.string("@type", "Organization")
            seller.string("name", catalog.site.title)
        }
        writer.string("url", url)
    }

    /// Over every review of the product, not only those shown; `ratingValue` is the figure the
    /// page prints.
    private static func aggregateRating(_ summary: RatingSummary, into writer: inout JSONObjectWriter) {
        writer.string("@type", "AggregateRating")
        writer.int("bestRating", 5)
        writer.number("ratingValue", summary.averageText)
        writer.int("reviewCount", Int64(summary.count))
        writer.int("worstRating", 1)
    }

    private static func review(_ review: Review, into writer: inout JSONObjectWriter) {
        writer.string("@type", "Review")
        writer.object("author") { author in
            author.string("@type", "Person")
            author.string("name", review.author)
        }
        // The day in the shop's zone, as the page prints it.
        writer.string("datePublished", Timestamp(date: review.date.date, hasTime: false, utcOffset: review.date.utcOffset).iso8601)
        writer.string("name", review.title)
        writer.string("reviewBody", review.body)
        writer.object("reviewRating") { rating in
            rating.string("@type", "Rating")
            rating.int("bestRating", 5)
            rating.int("ratingValue", Int64(review.rating))
            rating.int("worstRating", 1)
        }
    }

    private static func brandObject(_ brand: Brand, into writer: inout JSONObjectWriter) {
        writer.string("@type", "Brand")
        writer.string("name", brand.title)
    }

    /// The product's text for `description`, nil when it has none.
    private static func describing(_ product: Product) -> String? {
        product.detail.plainText.isEmpty ? nil : description(product.detail.plainText)
    }

    /// `variesBy` names schema.org properties by URL and other options as they are written.
    static func variesBy(_ option: String) -> String {
        Variant.standardAttribute(for: option).map { "https://schema.org/" + $0 } ?? option
    }

    static func images(of product: Product, catalog: Catalog) -> [String] {
        var seen = Set<String>()
        return ([product.image, product.thumbnail].compactMap { $0 } + product.images)
            .map { catalog.site.assetURL(catalog.published($0, atLeast: Catalog.shareWidth).sitePath) }
            .filter { seen.insert($0).inserted }
    }

    /// At most 5,000 characters. A text of at most 5,000 bytes has no more characters than that,
    /// so it is returned without counting them: counting breaks a text into grapheme clusters,
    /// and doing so for every description was a quarter of the structured data's time.
    static func description(_ text: String) -> String {
        text.utf8.count <= 5000 ? text : String(text.prefix(5000))
    }
}
