public import CatalogModel

/// Every schema Vitrine publishes, by file name under the schema folder. The build writes them
/// to `api/v1/schema/`; `vitrine schema --output DIR` writes the same files for editors.
public enum SchemaFiles {
    public struct File: Sendable {
        /// Relative to the schema folder: `content/product.json`, `responses/product.json`.
        public var name: String
        public var schema: JSONValue
    }

    /// With `baseURL` (the schema folder's absolute URL, ending in `/`) every schema gets an `$id`.
    public static func all(baseURL: String? = nil) -> [File] {
        var files: [File] = []
        for (kind, json) in ContentSchema.variants {
            let name = ContentSchema.fileName(for: kind, json: json)
            files.append(File(name: name, schema: ContentSchema.schema(for: kind, json: json, id: baseURL.map { $0 + name })))
        }
        for (kind, json) in ContentSchema.translationVariants {
            let name = ContentSchema.translationFileName(for: kind, json: json)
            files.append(File(name: name, schema: ContentSchema.translationSchema(for: kind, json: json, id: baseURL.map { $0 + name })))
        }
        for response in ResponseSchema.names {
            let name = ResponseSchema.fileName(response)
            if let schema = ResponseSchema.schema(named: response, id: baseURL.map { $0 + name }) {
                files.append(File(name: name, schema: schema))
            }
        }
        return files
    }
}
