public import Foundation
import Parallel

/// The whole validated shop: what every renderer and the checkout service read.
public struct Catalog: Sendable {
    public var site: Site
    /// By title, then slug.
    public var brands: [Brand]
    /// By name, then slug.
    public var products: [Product]
    /// Newest start first, then slug. Fixed after init: the naming indexes below are built from it.
    public private(set) var promotions: [Promotion]
    /// By slug.
    public var pages: [Page]
    /// Width and height of the local images records use, by path (`images/…`), from their
    /// headers; the loader fills it in. An image missing here is of unknown size.
    public var pixelSizes: [String: PixelSize] = [:]
    /// Published reviews (`reviews/*.jsonl`), by product; the loader fills it in.
    public var reviews: ReviewShelf = .empty
    /// The products `stock.csv` sets a price or stock of, each with a digest of its rows (the
    /// values are already in the products): an incremental build renders a product's outputs
    /// again when its digest differs, as its file did not change. The loader fills it in.
    public var stock: [Slug: UInt64] = [:]
    /// Records' texts in the site's other languages; the loader fills it in.
    public var translations: [Translation.Key: Translation] = [:]
    /// Set on a storefront's catalog (`localized(for:)`): which storefront, and what fell back.
    public var localization: Localization?
    /// The widths and formats derived from each local photo, by path; filled in by a build
    /// (not by `vitrine check`). A picture missing here is published only as it is.
    public var pictures: [String: PictureSet] = [:]
    /// Where the content first names each local image (the first by file, line and column), for
    /// diagnostics about the picture itself.
    public var imageUses: [String: SourceLocation] = [:]
    /// By title, then slug. Fixed after init: the tree below is built from it.
    public private(set) var categories: [Category]

    var brandPositionBySlug: [Slug: Int] = [:]
    public var brandBySlug: RecordIndex<Slug, Brand> { RecordIndex(positions: brandPositionBySlug, records: brands) }
    var productPositionBySlug: [Slug: Int] = [:]
    var productPositionBySKU: [String: Int] = [:]
    var productPositionsByBrand: [Slug: [Int]] = [:]
    /// Position of the product each variant SKU belongs to.
    var variantOwnerBySKU: [String: Int] = [:]
    public var productBySlug: RecordIndex<Slug, Product> { RecordIndex(positions: productPositionBySlug, records: products) }
    public var productBySKU: RecordIndex<String, Product> { RecordIndex(positions: productPositionBySKU, records: products) }
    /// Each brand's products, by name.
    public var productsByBrand: RecordGroups<Slug, Product> { RecordGroups(positions: productPositionsByBrand, records: products) }
    /// Positions in `promotions` of those naming a product slug, or a brand slug: asking every
    /// promotion about every product is ten thousand times two hundred questions per build.
    private var promotionsNamingProduct: [Slug: [Int]] = [:]
    private var promotionsNamingBrand: [Slug: [Int]] = [:]
    public internal(set) var categoryBySlug: [Slug: Category] = [:]
    /// Each category's children, by title.
    var childSlugs: [Slug: [Slug]] = [:]
    /// Positions of the products in each category or any category below it, ascending (by name).
    var productPositionsByCategory: [Slug: [Int]] = [:]
    /// Positions of the products that name a category themselves, and of those with a tag.
    var productPositionsInCategory: [Slug: [Int]] = [:]
    var productPositionsByTag: [String: [Int]] = [:]
    /// `Product.isBuyable` by position.
    var productIsBuyable: [Bool] = []
    /// Set by `priced(at:)`.
    var quoteTable: QuoteTable?

    public init(
        site: Site, brands: [Brand], products: [Product], promotions: [Promotion], pages: [Page], categories: [Category] = []
    ) {
        self.site = site
        self.brands = Self.sorted(brands) { ($0.title.folded(), $0.title, $0.slug.rawValue) }
        self.products = Self.sorted(products) { ($0.name.folded(), $0.name, $0.slug.rawValue) }
        self.promotions = promotions.sorted { ($1.starts.date, $0.slug) < ($0.starts.date, $1.slug) }
        self.pages = pages.sorted { $0.slug < $1.slug }
        for (index, promotion) in self.promotions.enumerated() {
            for slug in Set(promotion.products) { promotionsNamingProduct[slug, default: []].append(index) }
            for slug in Set(promotion.brands) { promotionsNamingBrand[slug, default: []].append(index) }
        }
        for position in self.brands.indices { brandPositionBySlug[self.brands[position].slug] = position }
        for position in self.products.indices { self.products[position].hint(position: position) }
        let indexes = ProductIndexes.build(self.products)
        productPositionBySlug = indexes.positionBySlug
        productPositionBySKU = indexes.positionBySKU
        productPositionsByBrand = indexes.positionsByBrand
        variantOwnerBySKU = indexes.variantOwnerBySKU
        productPositionsByTag = indexes.positionsByTag
        productIsBuyable = indexes.isBuyable
        productPositionsInCategory = indexes.positionsInCategory
        self.categories = Self.sorted(categories) { ($0.title.folded(), $0.title, $0.slug.rawValue) }
        if !categories.isEmpty { indexCategories() }
    }

    /// Sorts by a key computed once per element: folding a name is too costly to repeat in every
    /// comparison. Sorts positions rather than the records, which are large to move. On all cores:
    /// with the indexes, this was the one serial stretch between loading and planning (three
    /// quarters of a second at 100,000 products).
    private static func sorted<T: Sendable>(_ items: [T], by key: @Sendable (T) -> (String, String, String)) -> [T] {
        let keys = ParallelMap.map(chunked: items, minimum: 1_024, key)
        let order = ParallelMap.sortedIndices(of: keys.map(\.0)) { (keys[$0].1, keys[$0].2) < (keys[$1].1, keys[$1].2) }
        return ParallelMap.map(chunked: order, minimum: 1_024) { items[$0] }
    }

    public func promotions(withStatus status: Promotion.Status, at now: Date) -> [Promotion] {
        promotions.filter { $0.status(at: now) == status }
    }

    /// Promotions that name the brand or one of its products.
    public func promotions(for brand: Brand) -> [Promotion] {
        // From the indexes, not a scan of every promotion: brands × promotions grows with the square
        // of the catalog, and the scan was 4% of a 100,000-product build's processor time.
        var indices = Set(promotionsNamingBrand[brand.slug, default: []])
        for position in productPositionsByBrand[brand.slug, default: []] {
            if let naming = promotionsNamingProduct[products[position].slug] { indices.formUnion(naming) }
        }
        return indices.sorted().map { promotions[$0] }
    }

    /// Where `product`, this very record, is in `products`: from the position the record was last
    /// listed at when that holds, else by its slug. Prices, related products and cards ask this
    /// several times for each product of a build, and each asked a table keyed by slug, hashing it.
    public func position(of product: Product) -> Int? {
        let hint = product.positionHint
        if hint >= 0, hint < products.count, products[hint].isSameRecord(as: product) { return hint }
        return productPositionBySlug[product.slug]
    }

    /// Promotions that apply to a product, directly or through its brand.
    public func promotions(for product: Product) -> [Promotion] {
        promotionPositions(for: product).map { promotions[$0] }
    }

    /// Where in `promotions` those that apply to a product are, ascending.
    public func promotionPositions(for product: Product) -> [Int] {
        let direct = promotionsNamingProduct[product.slug, default: []]
        let viaBrand = promotionsNamingBrand[product.brand, default: []]
        if viaBrand.isEmpty { return direct }
        if direct.isEmpty { return viaBrand }
        return Set(direct + viaBrand).sorted()
    }
}
