public import CatalogAPI
public import SiteRenderer

extension Routes {
    /// The route of a page the JSON API links to, so API links and pages cannot disagree.
    @Sendable public static func path(of link: PageLink) -> String {
        switch link {
        case .home: home
        case .brand(let slug): brand(slug)
        case .product(let slug): product(slug)
        case .promotion(let slug): promotion(slug)
        case .deals: deals
        }
    }
}
