/// `api/v1/schema/index.json`: every published schema, so tools find them from `site.json`.
public struct SchemaIndexDocument: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        /// Relative to the schema folder: `content/product.json`.
        public var name: String
        public var title: String
        /// Absolute URL.
        public var url: String
    }

    public var schemas: [Entry]
}
