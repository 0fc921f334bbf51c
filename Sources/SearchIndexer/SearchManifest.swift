/// `search/manifest.json`, the one index file with a fixed name: the page reads it first and finds
/// every other file through it. File names are relative to the `search/` folder.
public struct SearchManifest: Codable, Sendable, Equatable {
    public static let currentVersion = 2

    public var version: Int
    /// Products in the index; product numbers run 0..<products in catalog (name) order.
    public var products: Int
    /// By brand number, which is the catalog's brand order (by title).
    public var brands: [BrandEntry]
    /// By availability number, `Availability.allCases` order.
    public var availability: [AvailabilityEntry]
    public var currency: CurrencyEntry
    /// Lowest and highest price in the site's currency, in minor units; nil without such products.
    public var prices: PriceRange?
    /// Lexicon blocks in word order: each block's first word and its file (gzip, like the columns;
    /// posting files and records are not compressed).
    public var lexicon: [LexiconEntry]
    public var columns: Columns
    public var records: Records
    public var rules: Rules
    /// The category tree in page order (each root, then its children, depth first), by category
    /// number; absent when the shop has no categories.
    public var categories: [CategoryEntry]?

    public struct CategoryEntry: Codable, Sendable, Equatable {
        public var slug: String
        public var title: String
        /// 0 for a root.
        public var depth: Int
        /// Products in it or below it.
        public var products: Int
    }

    public struct BrandEntry: Codable, Sendable, Equatable {
        public var slug: String
        public var title: String
        public var products: Int
    }

    public struct AvailabilityEntry: Codable, Sendable, Equatable {
        public var code: String
        public var label: String
        public var products: Int
    }

    public struct CurrencyEntry: Codable, Sendable, Equatable {
        public var code: String
        public var symbol: String
        public var minorUnits: Int
    }

    public struct PriceRange: Codable, Sendable, Equatable {
        public var min: Int64
        public var max: Int64
    }

    public struct LexiconEntry: Codable, Sendable, Equatable {
        public var first: String
        public var file: String
    }

    /// Per-product facet values, fetched only when counts cannot come from a single word's posting.
    public struct Columns: Codable, Sendable, Equatable {
        /// Brand number per product, `brandWidth` bytes little-endian each.
        public var brand: String
        public var brandWidth: Int
        /// Availability number per product, 2 bits each, four to a byte, lowest bits first.
        public var availability: String
        /// Price in the site currency's minor units, `priceWidth` bytes little-endian each; the
        /// all-ones value marks a product priced in another currency, which a price filter excludes.
        public var price: String
        public var priceWidth: Int
        /// For products whose variants differ in price (whose `price` is the lowest): gzip JSON
        /// `[[product number, price, price, …], …]`, every variant price in minor units, ascending.
        /// Absent when no product has such variants.
        public var variantPrices: String?
        /// gzip JSON: per product, the numbers of the categories it is in, directly or below
        /// (its categories and their ancestors), ascending. Absent without categories.
        public var categories: String?
        /// gzip JSON: per product, its `date` as days since 1970-01-01, or null without one; for
        /// sorting by newest.
        public var dates: String?
        /// gzip JSON: per product, `[average in tenths, review count]`, or null without reviews;
        /// for sorting by rating. Absent when no product has reviews.
        public var ratings: String?

        public init(
            brand: String, brandWidth: Int, availability: String, price: String, priceWidth: Int, variantPrices: String? = nil,
            categories: String? = nil, dates: String? = nil, ratings: String? = nil
        ) {
            self.brand = brand
            self.brandWidth = brandWidth
            self.availability = availability
            self.price = price
            self.priceWidth = priceWidth
            self.variantPrices = variantPrices
            self.categories = categories
            self.dates = dates
            self.ratings = ratings
        }
    }

    /// Result records: chunk `n` (products n*size ..< (n+1)*size) is `r-<n>-<hashes[n]>.json`, a
    /// JSON array of `[name, url, brand number, price text, thumbnail, availability number]`, then
    /// the list price while a sale lowers the price and `[average in tenths, review count]` for a
    /// reviewed product (see `RecordChunks`). Each chunk is named by its own contents, so a changed
    /// price renames the one chunk that shows it and a deploy sends that file alone.
    public struct Records: Codable, Sendable, Equatable {
        public var size: Int
        public var chunks: Int
        /// Twelve hexadecimal digits of each chunk's contents, by chunk number.
        public var hashes: [String]

        /// Chunk `number`'s file in the search folder.
        public func file(_ number: Int) -> String { "r-\(number)-\(hashes[number]).json" }
    }

    /// The matching rules, here so the script and any other reader apply the same ones.
    public struct Rules: Codable, Sendable, Equatable {
        /// Query words at least this long also match longer words they begin.
        public var prefixMinimum: Int
        /// Query words at least this long (and starting with a letter) also match words of at least
        /// this length one edit away (insert, delete, replace or swap two neighbours) with the same first letter.
        public var typoMinimum: Int
        /// A word's score in a product times this weight, by how it matched.
        public var exactWeight: Int
        public var prefixWeight: Int
        public var typoWeight: Int
    }
}
