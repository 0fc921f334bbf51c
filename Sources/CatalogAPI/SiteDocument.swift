/// `api/v1/site.json`: the entry point an app reads first.
public struct SiteDocument: Codable, Sendable, Equatable {
    public struct Counts: Codable, Sendable, Equatable {
        public var brands: Int
        public var products: Int
        public var promotions: Int
        public var pages: Int
    }

    public struct Links: Codable, Sendable, Equatable {
        public var home: String
        public var brands: String
        public var promotions: String
        public var deals: String
        /// The list of JSON Schemas (`api/v1/schema/index.json`).
        public var schemas: String
    }

    public var title: String
    public var description: String?
    public var baseURL: String
    public var currency: String
    public var locale: String
    public var counts: Counts
    /// SHA-256 (hex) of the catalog's content: an app re-downloads only when it changes.
    public var version: String
    public var links: Links
}
