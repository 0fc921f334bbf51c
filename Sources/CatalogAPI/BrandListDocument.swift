/// `api/v1/brands.json`: every brand, by title.
public struct BrandListDocument: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var slug: String
        public var title: String
        /// ISO 3166-1 alpha-2.
        public var country: String?
        /// Absolute URL of the logo.
        public var logo: String?
        /// The brand's page on the site.
        public var url: String
        public var productCount: Int
        /// The first page of its products in the API.
        public var products: String
    }

    public var total: Int
    public var brands: [Entry]
}
