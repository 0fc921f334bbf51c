import CatalogModel
import ShopStrings
import TemplateEngine

extension PageBuilder {
    /// The search page's frame: the form with every brand and availability, so the filters read
    /// right before the script has loaded the index; the script fills in results and counts.
    func searchPage() -> TemplateFields {
        let site = context.catalog.site
        var page = context.base(
            route: route, title: strings("searchTitle"),
            description: strings("searchDescription", ["count": String(context.catalog.products.count), "shop": site.title]),
            section: "search")
        page["breadcrumbs"] = breadcrumbs([(strings("searchTitle"), nil)])
        page["brands"] = context.catalog.brands.map { ["slug": $0.slug.rawValue, "title": $0.title] }
        page["availabilities"] = Availability.allCases.map { ["code": $0.rawValue, "label": context.availabilityLabel($0)] }
        if !context.catalog.categories.isEmpty {
            // Depth shown by indenting: a select cannot nest options more than one level.
            var options: [TemplateFields] = []
            func visit(_ category: CatalogModel.Category, _ depth: Int) {
                options.append(["slug": category.slug.rawValue, "label": String(repeating: "\u{00A0}\u{00A0}", count: depth) + category.title])
                for child in context.catalog.children(of: category) where depth < 64 { visit(child, depth + 1) }
            }
            for root in context.catalog.rootCategories { visit(root, 0) }
            page["categories"] = ["options": options] as TemplateFields
        }
        page["currencySymbol"] = site.currency.symbol
        page["currencyCode"] = site.currency.code
        page["manifestURL"] = context.root + Routes.searchManifest
        page["scriptURL"] = context.assetRoot + Routes.searchScript
        page["productCount"] = context.catalog.products.count
        page["searchLabel"] = strings("searchLabel", count: context.catalog.products.count)
        page["lowestPriceLabel"] = strings("searchLowestPrice", ["currency": site.currency.code])
        page["highestPriceLabel"] = strings("searchHighestPrice", ["currency": site.currency.code])
        page["searchStringsJSON"] = context.scriptStringsJSON(Self.searchScriptMessages)
        return page
    }

    /// What `search/search.js` says: its results, its complaints about the query, and the words
    /// of a result it draws.
    static let searchScriptMessages = [
        "searchFound", "searchFoundFor", "searchNoneFound", "searchNoneFoundFor", "searchTypeWord", "searchNoBrand",
        "searchNoCategory", "searchBadSort", "searchBadAvailability", "searchBadLowestPrice", "searchBadHighestPrice",
        "searchPricesSwapped", "searchUnavailable", "priceWas", "reviewWord",
    ]
}
