public import CatalogModel
public import SearchIndexer
import SiteRenderer

extension SiteBuilder {
    /// The search index producer, with product links that match the rendered pages.
    public static func searchIndexer(for catalog: Catalog) -> SearchIndexer {
        SearchIndexer(catalog: catalog, productRoute: Routes.product)
    }
}
