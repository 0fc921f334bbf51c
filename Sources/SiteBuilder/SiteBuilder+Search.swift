public import Foundation
public import CatalogModel
public import SearchIndexer
import SiteRenderer

extension SiteBuilder {
    /// The search index producer, with product links that match the rendered pages.
    public static func searchIndexer(for catalog: Catalog, at now: Date) -> SearchIndexer {
        SearchIndexer(catalog: catalog, now: now, productRoute: Routes.product)
    }
}
