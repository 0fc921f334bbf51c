import CatalogModel
import ShopStrings
import TemplateEngine

/// The category tree and each category's pages.
extension PageBuilder {
    func categoryIndex() -> TemplateFields {
        var page = context.base(
            route: route, title: strings("categories"),
            description: strings("categoriesDescription", [
                "categories": String(catalog.categories.count), "products": String(catalog.products.count), "shop": site.title,
            ]),
            section: "categories")
        page["tree"] = ["children": catalog.rootCategories.map(categoryNode)] as TemplateFields
        page["breadcrumbs"] = breadcrumbs([(strings("categories"), nil)])
        return page
    }

    /// One category in the tree with its children, each with its product count.
    private func categoryNode(_ category: Category) -> TemplateFields {
        let children = catalog.children(of: category)
        return [
            "title": category.title, "url": context.url(Routes.category(category.slug)),
            "productCount": strings("productCount", count: catalog.productsByCategory.count(of: category.slug)),
            "children": children.map(categoryNode), "hasChildren": !children.isEmpty,
        ]
    }

    func categoryPage(_ category: Category, page number: Int, pageCount: Int) -> TemplateFields {
        let all = catalog.productsByCategory[category.slug, default: []]
        let perPage = site.productsPerPage
        let slice = all.dropFirst((number - 1) * perPage).prefix(perPage)
        let title = number > 1 ? strings("categoryPageTitle", ["category": category.title, "number": String(number)]) : category.title
        let summary = category.description.plainText.isEmpty
            ? strings("categoryDescription", ["category": category.title, "shop": site.title], count: all.count)
            : category.description.plainText
        var page = context.base(route: route, title: title, description: summary, section: "categories")
        var item: TemplateFields = [
            "title": category.title, "slug": category.slug.rawValue, "descriptionHTML": category.description.html,
            "titleLang": context.fallbackLanguage(.category, category.slug),
            "descriptionLang": context.fallbackLanguage(.category, category.slug, body: true),
            "extra": category.extra.mapValues(\.anyValue),
        ]
        context.addImage(category.image, as: "image", slot: PageContext.Slot.banner, to: &item)
        page["category"] = item
        page["subcategories"] = catalog.children(of: category).map { child in
            [
                "title": child.title, "url": context.url(Routes.category(child.slug)),
                "productCount": strings("productCount", count: catalog.productsByCategory.count(of: child.slug)),
            ] as TemplateFields
        }
        page["products"] = slice.map { context.productCard($0) }
        page["productCount"] = strings("productCount", count: all.count)
        page["isFirstPage"] = number == 1
        page["pagination"] = pagination(page: number, pageCount: pageCount) { Routes.category(category.slug, page: $0) }
        let trail = catalog.path(to: category)
        var steps: [(String, String?)] = [(strings("categories"), Routes.categories)]
        for (index, step) in trail.enumerated() {
            let last = index == trail.count - 1
            steps.append((step.title, last && number == 1 ? nil : Routes.category(step.slug)))
        }
        if number > 1 { steps.append((strings("paginationPage", ["number": String(number)]), nil)) }
        page["breadcrumbs"] = breadcrumbs(steps)
        if site.writes(.brandFeeds) {
            page["feeds"] = [
                context.feedLink(
                    title: strings("feedCategoryPromotionsRSS", ["category": category.title]), route: Routes.categoryFeed(category.slug))
            ]
        }
        return page
    }
}
