public import CatalogModel

/// Paths of the API's files under the output folder. They are part of the published contract
/// (`api/v1/…`): apps hard-code the entry points, so change them only with a new version folder.
public enum APIRoutes {
    public static let root = "api/v1/"
    public static let site = root + "site.json"
    public static let brands = root + "brands.json"
    public static let promotions = root + "promotions.json"
    public static let schemaFolder = root + "schema/"
    public static let schemaIndex = schemaFolder + "index.json"

    /// Products of a brand by name, 100 to a page; pages count from 1.
    public static func brandProducts(_ slug: Slug, page: Int) -> String { root + "brands/\(slug)/products/\(page).json" }
    public static func product(_ slug: Slug) -> String { root + "products/\(slug).json" }
    /// A product's reviews, newest first, `CatalogAPI.reviewsPerPage` to a page; pages count from 1.
    public static func reviews(_ slug: Slug, page: Int) -> String { Routes.reviewsAPIFolder(slug) + "\(page).json" }

    /// A schema file, `name` relative to the schema folder (`content/product.json`).
    public static func schema(_ name: String) -> String { schemaFolder + name }
}
