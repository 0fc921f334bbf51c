import BuildEngine
import CatalogModel
import Foundation

extension FeedWriter {
    /// Google refuses a Product Ratings file over 100 MB, "even if it is contained in a .zip file"
    /// (https://support.google.com/merchants/answer/7075701). Counted in decimal megabytes, the
    /// smaller reading.
    static let productRatingsFileLimit = 100_000_000

    /// A run of one product's reviews, by position in its newest-first list: what one file of the
    /// ratings feed reads back from the review files, product by product.
    struct RatingsSegment: Sendable {
        var product: Slug
        var reviews: Range<Int>
    }

    /// Google's Product Ratings feed, every published review, low ratings included: Google
    /// deletes the reviews a full feed leaves out, and its policy asks for all of them. None
    /// without reviews. Past the file limit the reviews are split into files of their own
    /// (`Routes.productRatingsFeed(part:)`), each a whole feed, which render on all cores.
    func productRatingsJobs(fileLimit: Int = FeedWriter.productRatingsFileLimit) -> [OutputJob] {
        guard !catalog.reviews.isEmpty else { return [] }
        // A fifth is left for what the estimate cannot see: `&`, `<` and `"` in review text take
        // five, four and six bytes in XML.
        let parts = productRatingsParts(budget: fileLimit / 5 * 4)
        // Every part depends on every reviewed product: a product's identifiers or variants
        // change its reviews' estimated size, which moves where every later part begins.
        let inputs = Lazy { [catalog] in
            var inputs: Set<Dependency> = [.site, .reviews, .list(.product), .list(.brand)]
            for product in catalog.products where catalog.reviews.summary(for: product.slug) != nil {
                inputs.insert(.record(.product, product.slug))
                inputs.insert(.record(.brand, product.brand))
            }
            return inputs
        }
        return parts.enumerated().map { index, part in
            OutputJob(
                path: Routes.productRatingsFeed(part: index + 1), category: .feed, kind: "product-ratings",
                dependencies: inputs.value
            ) { sink in
                self.productRatingsFeed(part, into: sink)
            }.large()
        }
    }

    /// The reviews in files, products in the catalog's order and each one's reviews newest first,
    /// cut where a file's estimated size would pass `budget`. The estimate is each review's line in
    /// its file plus an upper bound of the tags and product block around it, so it needs no text
    /// read: planning reads numbers the shelf keeps.
    func productRatingsParts(budget: Int) -> [[RatingsSegment]] {
        let shelf = catalog.reviews
        let empty = Self.ratingsEnvelopeBytes + site.title.utf8.count
        var parts: [[RatingsSegment]] = []
        var current: [RatingsSegment] = []
        var used = empty
        // In the catalog's order, which needs no sorting of a hundred thousand slugs.
        for product in catalog.products {
            let slug = product.slug
            let entries = shelf.entries(for: slug)
            guard !entries.isEmpty else { continue }
            let around = Self.ratingsReviewBytes + ratingsProductBytes(product)
            var start = 0
            for (offset, entry) in entries.enumerated() {
                let size = Int(entry.length) + around
                if used + size > budget, used > empty {
                    if offset > start { current.append(RatingsSegment(product: slug, reviews: start..<offset)) }
                    parts.append(current)
                    current = []
                    used = empty
                    start = offset
                }
                used += size
            }
            current.append(RatingsSegment(product: slug, reviews: start..<entries.count))
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// The feed's own elements and declaration, besides the publisher's name.
    static let ratingsEnvelopeBytes = 600
    /// One review's tags (about 460 bytes, unindented), timestamp and flags, beside what its line holds.
    static let ratingsReviewBytes = 600
    static let lineBreak: [UInt8] = [0x0A]
    /// The product page's reviews section (`id="reviews"` in `product.mustache`).
    static let reviewsAnchor = "#reviews"

    /// At least the bytes of a review's product block and URLs beyond `ratingsReviewBytes`,
    /// whichever variant it names: every identifier counted as if each kind were given, and the
    /// longest variant label and SKU. Counted from lengths, with no string made: the plan reads
    /// it for every reviewed product.
    func ratingsProductBytes(_ product: Product) -> Int {
        let perIdentifier = 16  // `<gtin></gtin>` and the like
        var identifiers = product.sku.utf8.count + (product.gtin?.utf8.count ?? 0) + (product.mpn?.utf8.count ?? 0)
            + 3 * perIdentifier
        var variantExtra = 0
        for variant in product.variants {
            identifiers += variant.sku.utf8.count + (variant.gtin?.utf8.count ?? 0) + (variant.mpn?.utf8.count ?? 0)
                + 3 * perIdentifier
            // ` (50 ml / Rose)` in the name, `?variant=` and the SKU percent-encoded in the link.
            let label = variant.values.reduce(0) { $0 + $1.utf8.count + 3 } + 3
            variantExtra = max(variantExtra, label + Self.variantQuery.utf8.count + 3 * variant.sku.utf8.count)
        }
        // `products/<slug>/#reviews`, as `Routes.product` writes it, in the review's and the product's URL.
        let page = site.baseURL.utf8.count + "products//".utf8.count + product.slug.rawValue.utf8.count + Self.reviewsAnchor.utf8.count
        // `<product>`, `<product_ids>`, two identifier lists, name and URL tags; the brand.
        let block = 170 + perIdentifier + brandTitle(of: product).utf8.count
        return identifiers + block + product.name.utf8.count + 2 * page + 2 * variantExtra
    }

    /// One file of the feed, its reviews read back product by product: only one product's
    /// reviews are in memory at a time, and the bytes go to `sink` as they are written.
    func productRatingsFeed(_ part: [RatingsSegment], into sink: OutputSink) {
        let xml = XMLWriter(streamingTo: sink, indented: false)
        xml.start("feed")
        xml.attribute("xmlns:vc", "http://www.w3.org/2007/XMLSchema-versioning")
        xml.attribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance")
        xml.attribute("xsi:noNamespaceSchemaLocation", RatingsFeedReview.schemaLocation)
        xml.element("version", RatingsFeedReview.schemaVersion)
        // No <aggregator>: the shop publishes its own reviews. No <favicon>: Google takes a GIF,
        // JPEG or PNG, and the shop's icon is the theme's SVG.
        xml.start("publisher")
        xml.element("name", site.title)
        xml.end()
        xml.start("reviews")
        xml.raw(Self.lineBreak)
        for segment in part {
            guard let product = catalog.productBySlug[segment.product] else { continue }
            // The page's reviews section: it shows the newest reviews and loads the rest, a group.
            let section = site.absoluteURL(Routes.product(product.slug)) + Self.reviewsAnchor
            // `<products>` by the variant SKU a review names, "" for the product as a whole.
            var named: [String: [UInt8]] = [:]
            for review in catalog.reviews.lines(for: segment.product, in: segment.reviews) {
                let variant = review.sku(of: product.slug).flatMap { product.variant(sku: $0) }
                let key = variant?.sku ?? ""
                let products = named[key] ?? reviewedProduct(product, variant: variant).fragment
                named[key] = products
                RatingsFeedReview(review: review, zone: site.timeZone, products: products, url: section).write(to: xml)
                // A line a review: the file stays small without indentation, and readable.
                xml.raw(Self.lineBreak)
            }
        }
        xml.finish()
    }

    func productRatingsFeed(_ part: [RatingsSegment]) -> Data {
        let sink = OutputSink.memory()
        productRatingsFeed(part, into: sink)
        return sink.data
    }

    /// A review naming a variant's SKU is about that variant, with its own identifiers where it
    /// has them; a review of the product is about every variant of it.
    func reviewedProduct(_ product: Product, variant: Variant?) -> RatingsFeedReview.ReviewedProduct {
        let brand = brandTitle(of: product)
        if let variant {
            let item = product.buyable(variant)
            return .init(identifying: [item], brand: brand, name: item.name, url: productLink(product, variant: variant))
        }
        return .init(identifying: product.buyables, brand: brand, name: product.name, url: productLink(product))
    }
}
