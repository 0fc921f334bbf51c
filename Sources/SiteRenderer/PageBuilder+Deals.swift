import CatalogModel
import ShopStrings
import TemplateEngine

extension PageBuilder {
    /// Active promotions that can be had in a shop, each with its stores. The page lists them all;
    /// its script narrows the list to stores near the visitor once they share a location.
    func deals() -> TemplateFields {
        var page = context.base(
            route: route, title: strings("dealsTitle"),
            description: strings("dealsDescription", ["shop": context.site.title]), section: "deals")
        page["deals"] = context.catalog.promotions(withStatus: .active, at: context.now)
            .filter { !$0.stores.isEmpty }
            .map { promotion -> TemplateFields in
                var item = context.promotionSummary(promotion)
                item["stores"] = promotion.stores.map { store -> TemplateFields in
                    var entry: TemplateFields = [
                        "name": store.name,
                        // Shortest text that reads back as the same Double, so the script sees the content's numbers.
                        "latitude": "\(store.latitude)", "longitude": "\(store.longitude)",
                    ]
                    if let address = store.address { entry["address"] = address }
                    return entry
                }
                return item
            }
        page["radiusOptions"] = [1, 5, 25].map { ["km": $0, "selected": $0 == 5] }
        page["breadcrumbs"] = breadcrumbs([(strings("dealsTitle"), nil)])
        page["stringsJSON"] = context.scriptStringsJSON([
            "dealsFinding", "dealsDenied", "dealsUnavailable", "dealsNoneNear", "dealsNear", "dealsStoreDistance",
        ])
        return page
    }
}
