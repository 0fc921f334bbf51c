public import BuildEngine
public import CatalogModel
import ContentLoader
public import Foundation

/// What an incremental build remembers of the last successful one: what each input file held,
/// what each record looked like to the pages that list it, and what each output file was made
/// from. The next build compares its inputs with this to decide what to render again.
public struct BuildState: Sendable {
    /// The program and settings the output was made with; another of either means a full build.
    public var setting: String
    /// The clock the output's promotion statuses and year were computed at.
    public var clock: Date
    /// The path the site is published under (`/` or `/shop/`), from site.json's `baseURL`.
    public var basePath: String
    /// Every input file by `InputScan` key.
    public var inputs: [String: InputFile]
    public var records: [RecordKey: RecordFacts]
    /// Every rendered file under the output folder, by path.
    public var outputs: OutputDependencies
    /// Files copied as they are (images, the theme's static files): output path to input key.
    public var copies: [String: String]
    /// The warnings of the build, printed again when nothing changed.
    public var diagnostics: [Diagnostic]
    public var contentFileCount: Int
    public var pageCount: Int
    public var feedCount: Int

    public struct InputFile: Sendable, Hashable {
        public var stamp: FileStamp
        /// When the content was read (ns since 1970): a stamp is trusted only once it has settled.
        public var readAt: Int64
        /// SHA-256 of the content, hex.
        public var digest: String
    }

    public struct RecordKey: Sendable, Hashable, Comparable {
        public var kind: RecordKind
        public var slug: Slug

        public static func < (lhs: RecordKey, rhs: RecordKey) -> Bool {
            (lhs.kind.rawValue, lhs.slug) < (rhs.kind.rawValue, rhs.slug)
        }
    }

    /// What of a record matters beyond its own file's content.
    public struct RecordFacts: Sendable, Hashable {
        /// `InputScan` key of the file it was read from.
        public var input: String
        /// What decides its place in the lists of its kind: what the kind is sorted by (a
        /// brand's title, a product's name, a promotion's start) and which lists hold it (a
        /// product's brand, the brands and products a promotion names). When it changes, so does
        /// the kind's `.list`: its order, or which records a list holds.
        public var listKey: String
        /// A product's brand: moving a product changes both brands' product counts.
        public var brand: Slug?
        /// A promotion's dates, so a new clock's effect on statuses is known without parsing.
        public var starts: Date?
        public var ends: Date?
        /// Local images it names (`images/…`).
        public var images: [String] = []
        /// A product's published reviews (`ReviewShelf.digest`, hex), empty without any: its
        /// pages and cards show them, so a new review renders the product's outputs again.
        public var reviews: String = ""
        /// A product's rows in `stock.csv` (`Catalog.stock`, hex), empty without any: they set
        /// its price and stock without a change to its file.
        public var stock: String = ""
    }
}

extension BuildState.RecordFacts {
    /// The same rule as `Promotion.status(at:)`, for a promotion known only by its dates.
    func promotionStatus(at now: Date) -> Promotion.Status? {
        guard let starts else { return nil }
        if now < starts { return .upcoming }
        if let ends, now >= ends { return .expired }
        return .active
    }

    /// The related-product groups (`Dependency.productGroup`) a product's `listKey` puts it in:
    /// its brand, categories and tags, read back from the key `facts(of:displayName:)` writes.
    static func productGroups(ofListKey key: String) -> [Dependency] {
        let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return [] }
        var groups = [Dependency.productGroup(Product.relatedGroup(brand: String(parts[1])))]
        let marker = parts.firstIndex(of: "\u{1}") ?? parts.endIndex
        for category in parts[2..<marker] { groups.append(.productGroup(Product.relatedGroup(category: String(category)))) }
        if marker < parts.endIndex {
            for tag in parts[min(marker + 2, parts.endIndex)...] { groups.append(.productGroup(Product.relatedGroup(tag: String(tag)))) }
        }
        return groups
    }

    static func facts(of catalog: Catalog, displayName: String) -> [BuildState.RecordKey: BuildState.RecordFacts] {
        func input(_ source: SourceLocation) -> String {
            let prefix = displayName + "/"
            let relative = source.path.hasPrefix(prefix) ? String(source.path.dropFirst(prefix.count)) : source.path
            return InputScan.contentPrefix + relative
        }
        func local(_ images: ImageReference?...) -> [String] { local(images) }
        func local(_ images: [ImageReference?]) -> [String] {
            images.compactMap { if case .local(let path)? = $0 { path } else { nil } }
        }
        var facts: [BuildState.RecordKey: BuildState.RecordFacts] = [:]
        for brand in catalog.brands {
            facts[.init(kind: .brand, slug: brand.slug)] = .init(
                input: input(brand.source), listKey: brand.title, images: local(brand.logo))
        }
        for product in catalog.products {
            facts[.init(kind: .product, slug: product.slug)] = .init(
                // Its categories are part of the key (category pages list their products), and so
                // are its tags and whether it can be bought, which choose the related products
                // every product page shows.
                input: input(product.source),
                listKey: ([product.name, product.brand.rawValue] + product.categories.map(\.rawValue)
                    + (product.tags.isEmpty && product.isBuyable ? [] : ["\u{1}", product.isBuyable ? "1" : "0"] + product.tags))
                    .joined(separator: "\u{0}"),
                brand: product.brand,
                images: local(product.thumbnail, product.image) + local(product.images) + local(product.variants.map(\.image)),
                reviews: catalog.reviews.summary(for: product.slug) == nil
                    ? "" : String(catalog.reviews.digest(for: product.slug), radix: 16),
                stock: catalog.stock[product.slug].map { String($0, radix: 16) } ?? "")
        }
        for promotion in catalog.promotions {
            facts[.init(kind: .promotion, slug: promotion.slug)] = .init(
                input: input(promotion.source),
                listKey: ([String(promotion.starts.date.timeIntervalSince1970)] + promotion.brands.map(\.rawValue).sorted()
                    + ["/"] + promotion.products.map(\.rawValue).sorted()).joined(separator: "\u{0}"),
                starts: promotion.starts.date, ends: promotion.ends?.date, images: local(promotion.image))
        }
        for page in catalog.pages {
            facts[.init(kind: .page, slug: page.slug)] = .init(input: input(page.source), listKey: "")
        }
        for category in catalog.categories {
            // Title and parent: the tree's order and shape.
            facts[.init(kind: .category, slug: category.slug)] = .init(
                input: input(category.source), listKey: category.title + "\u{0}" + (category.parent?.rawValue ?? ""),
                images: local(category.image))
        }
        return facts
    }
}
