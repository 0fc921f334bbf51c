public import BuildEngine
public import CatalogModel
public import Foundation
import Parallel

/// Builds the static search index from the catalog (never from rendered HTML): a manifest, lexicon
/// blocks, posting files, facet columns and result records under `search/`, every name but the
/// manifest's carrying a content hash. The search page (`search/index.html`, rendered by the
/// theme) and its script read them; a query downloads only the blocks and postings of its words.
public struct SearchIndexer: Sendable {
    public static let folder = Routes.search
    public static let manifestPath = Routes.searchManifest
    /// What the `kind` of every file of the index begins with.
    public static let kindPrefix = "search-"
    /// Products per record chunk: 8, so a page of results scattered across the catalog stays
    /// cheap, until that would make more than 1,024 files; then as many as keep it at 1,024. Static
    /// hosts cap a site's files (Cloudflare Pages: 20,000), and at 100,000 products chunks of 8
    /// were 12,500 files, a tenth of the site, for about 100 products' records a chunk (some 10 KB
    /// before compression) at most twenty of which one page of results fetches.
    public static func recordChunkSize(products: Int) -> Int {
        max(8, (products + maximumRecordChunks - 1) / maximumRecordChunks)
    }

    static let maximumRecordChunks = 1_024
    public static let rules = SearchManifest.Rules(
        prefixMinimum: 3, typoMinimum: 5, exactWeight: 3, prefixWeight: 2, typoWeight: 1)

    public let catalog: Catalog
    /// The build's clock: results show, and the price filter reads, the price everyone pays then.
    public let now: Date

    public init(catalog: Catalog, now: Date) {
        self.catalog = catalog
        self.now = now
    }

    public struct Index: Sendable {
        public var files: [SearchIndexFile]
        public var manifest: SearchManifest
        public var termCount: Int
        public var byteCount: Int { files.reduce(0) { $0 + $1.data.count } }
    }

    /// The index files, sorted by path.
    public func build() -> Index {
        let products = catalog.products
        // A product with variants is found at its cheapest variant's price; `variantPrices` lists
        // the others, so a price filter keeps it when any variant is in range.
        let spans = products.map { $0.hasVariants ? catalog.priceSpan(for: $0, at: now) : nil }
        let quotes = zip(products, spans).map { product, span in span?.lowest ?? catalog.quote(for: product, at: now) }
        var brandNumber: [Slug: UInt32] = [:]
        for (number, brand) in catalog.brands.enumerated() { brandNumber[brand.slug] = UInt32(number) }
        let brandOfProduct = products.map { brandNumber[$0.brand] ?? 0 }
        let availabilities = Availability.allCases
        let availabilityOfProduct = zip(products, spans).map { product, span in
            UInt8(availabilities.firstIndex(of: span?.availability ?? product.availability)!)
        }

        let inverted = InvertedIndex.build(catalog)
        let encoder = PostingEncoder(
            brandOfProduct: brandOfProduct, availabilityOfProduct: availabilityOfProduct,
            brandCount: catalog.brands.count, availabilityCount: availabilities.count)
        let postings = ParallelMap.map(ranges: inverted.terms.count) { range in
            var brandCounts = [UInt32](repeating: 0, count: max(1, catalog.brands.count))
            return range.map {
                encoder.encode(documents: inverted.documents(of: $0), scores: inverted.scores(of: $0), brandCounts: &brandCounts)
            }
        }.flatMap { $0 }
        let layout = LexiconLayout(terms: inverted.terms, postings: postings)

        var files: [SearchIndexFile] = []
        func add(_ prefix: String, _ ext: String, _ kind: String, _ bytes: [UInt8]) -> String {
            let name = "\(prefix)-\(ContentHash.hex(bytes)).\(ext)"
            files.append(SearchIndexFile(path: Self.folder + name, kind: kind, data: Data(bytes)))
            return name
        }
        var lexicon: [SearchManifest.LexiconEntry] = []
        let compressedBlocks = ParallelMap.map(ranges: layout.blocks.count) { range in
            range.map { Gzip.compress(layout.blocks[$0].bytes) }
        }.flatMap { $0 }
        for (block, compressed) in zip(layout.blocks, compressedBlocks) {
            lexicon.append(.init(first: block.firstTerm, file: add("l", "bin", "search-lexicon", compressed)))
        }
        for file in layout.postingFiles {
            files.append(SearchIndexFile(path: Self.folder + "p-\(file.hash).bin", kind: Self.kindPrefix + "postings", data: Data(file.bytes)))
        }

        let columns = FacetColumns(
            brandOfProduct: brandOfProduct, brandCount: catalog.brands.count,
            availabilityOfProduct: availabilityOfProduct, prices: quotes.map(\.price), currency: catalog.site.currency)
        let brandFile = add("f", "bin", "search-facets", Gzip.compress(columns.brand))
        let availabilityFile = add("f", "bin", "search-facets", Gzip.compress(columns.availability))
        let priceFile = add("f", "bin", "search-facets", Gzip.compress(columns.price))
        var variantPrices: [JSONValue] = []
        for (number, span) in spans.enumerated() {
            guard let span, span.pricesDiffer else { continue }
            let prices = span.prices.filter { $0.currency == catalog.site.currency }.map { JSONValue.int($0.minorUnits) }
            variantPrices.append(.array([.int(Int64(number))] + prices))
        }
        let variantPriceFile = variantPrices.isEmpty
            ? nil : add("f", "bin", "search-facets", Gzip.compress(JSONValue.array(variantPrices).encodedBytes()))
        let tree = Self.categoryTree(catalog)
        var categoryFile: String?
        if !tree.isEmpty {
            let number = Dictionary(uniqueKeysWithValues: tree.enumerated().map { ($1.slug, $0) })
            let perProduct = products.map { product -> JSONValue in
                var numbers = Set<Int>()
                for slug in product.categories {
                    guard let category = catalog.categoryBySlug[slug] else { continue }
                    for step in catalog.path(to: category) { if let n = number[step.slug] { numbers.insert(n) } }
                }
                return .array(numbers.sorted().map { .int($0) })
            }
            categoryFile = add("f", "bin", "search-facets", Gzip.compress(JSONValue.array(perProduct).encodedBytes()))
        }
        let dates = products.map { product -> JSONValue in
            product.date.map { .int(Int(($0.date.timeIntervalSince1970 / 86_400).rounded(.down))) } ?? .null
        }
        let dateFile = add("f", "bin", "search-facets", Gzip.compress(JSONValue.array(dates).encodedBytes()))
        // The average in tenths, as pages print it, so the order matches the stars shown.
        let ratings = catalog.reviews.isEmpty ? [] : products.map { catalog.reviews.summary(for: $0.slug) }
        let ratingFile = ratings.isEmpty ? nil : add("f", "bin", "search-facets", Gzip.compress(JSONValue.array(ratings.map { summary in
            summary.map { .array([.int($0.averageTenths), .int($0.count)]) } ?? .null
        }).encodedBytes()))

        let chunkSize = Self.recordChunkSize(products: products.count)
        let records = RecordChunks(
            products: products, quotes: quotes, spans: spans, brandOfProduct: brandOfProduct, availabilityOfProduct: availabilityOfProduct,
            site: catalog.site, ratings: ratings, chunkSize: chunkSize)
        let recordFiles = SearchManifest.Records(size: chunkSize, chunks: records.chunks.count, hashes: records.hashes)
        for (number, chunk) in records.chunks.enumerated() {
            files.append(SearchIndexFile(path: Self.folder + recordFiles.file(number), kind: Self.kindPrefix + "records", data: chunk))
        }

        var prices: SearchManifest.PriceRange?
        let highest = zip(quotes, spans).map { quote, span in span?.highest.price ?? quote.price }
        for (quote, high) in zip(quotes, highest) where quote.price.currency == catalog.site.currency {
            let price = quote.price.minorUnits
            prices = .init(min: min(prices?.min ?? price, price), max: max(prices?.max ?? price, price))
            let top = high.minorUnits
            prices = .init(min: min(prices?.min ?? top, top), max: max(prices?.max ?? top, top))
        }
        var availabilityCounts = [Int](repeating: 0, count: availabilities.count)
        for number in availabilityOfProduct { availabilityCounts[Int(number)] += 1 }
        let manifest = SearchManifest(
            version: SearchManifest.currentVersion,
            products: products.count,
            brands: catalog.brands.map {
                .init(slug: $0.slug.rawValue, title: $0.title, products: catalog.productsByBrand.count(of: $0.slug))
            },
            availability: availabilities.enumerated().map { number, availability in
                .init(code: availability.rawValue, label: availability.label, products: availabilityCounts[number])
            },
            currency: .init(
                code: catalog.site.currency.code, symbol: catalog.site.currency.symbol,
                minorUnits: catalog.site.currency.minorUnits),
            prices: prices,
            lexicon: lexicon,
            columns: .init(
                brand: brandFile, brandWidth: columns.brandWidth, availability: availabilityFile, price: priceFile,
                priceWidth: columns.priceWidth, variantPrices: variantPriceFile, categories: categoryFile, dates: dateFile,
                ratings: ratingFile),
            records: recordFiles,
            rules: Self.rules,
            categories: tree.isEmpty ? nil : tree.map { entry in
                .init(slug: entry.slug.rawValue, title: entry.title, depth: entry.depth,
                      products: catalog.productsByCategory.count(of: entry.slug))
            })
        files.append(SearchIndexFile(path: Self.manifestPath, kind: Self.kindPrefix + "manifest", data: Self.json(manifest)))
        files.sort { ($0.path, $0.kind) < ($1.path, $1.kind) }
        // Two columns with equal bytes (a small shop's) are one file under their content-hashed
        // name: listed once, so no output holds or writes it twice.
        files = files.indices.filter { $0 == 0 || files[$0 - 1].path != files[$0].path }.map { files[$0] }
        return Index(files: files, manifest: manifest, termCount: inverted.terms.count)
    }

    /// The index as output jobs (category `.data`). The index is built here, once, because the file
    /// names depend on the contents.
    ///
    /// Every file but the manifest is named by its contents: one whose name the last build wrote
    /// has the same bytes, so it depends on nothing and an incremental build keeps the old one.
    /// A changed price then writes the manifest and the files that show the price, not the index.
    public func jobs() -> [OutputJob] {
        build().files.map { file in
            let named = file.path != Self.manifestPath
            return OutputJob(path: file.path, category: .data, kind: file.kind, dependencies: named ? [] : [.everything]) { file.data }
        }
    }

    /// The tree depth first, children by title: the order the search page's list shows.
    static func categoryTree(_ catalog: Catalog) -> [(slug: Slug, title: String, depth: Int)] {
        var out: [(slug: Slug, title: String, depth: Int)] = []
        func visit(_ category: CatalogModel.Category, _ depth: Int) {
            out.append((category.slug, category.title, depth))
            for child in catalog.children(of: category) where depth < 64 { visit(child, depth + 1) }
        }
        for root in catalog.rootCategories { visit(root, 0) }
        return out
    }

    /// Compact with sorted keys, by the one JSON writer: JSONEncoder's bytes.
    static func json<T: Encodable>(_ value: T) -> Data {
        // Strings, integers and containers of them: encoding cannot fail.
        Data(try! JSONValue.encoding(value).encodedBytes())
    }
}
