extension Catalog {
    /// Categories without a parent, by title.
    public var rootCategories: [Category] { categories.filter { $0.parent == nil || categoryBySlug[$0.parent!] == nil } }

    /// A category's children, by title.
    public func children(of category: Category) -> [Category] {
        childSlugs[category.slug, default: []].compactMap { categoryBySlug[$0] }
    }

    /// From the root down to the category itself: its breadcrumb trail.
    public func path(to category: Category) -> [Category] {
        var trail = [category]
        var seen: Set<Slug> = [category.slug]
        while let parent = trail[0].parent, let up = categoryBySlug[parent], seen.insert(parent).inserted {
            trail.insert(up, at: 0)
        }
        return trail
    }

    /// The products of a category and of every category below it, each once, by name.
    public var productsByCategory: RecordGroups<Slug, Product> {
        RecordGroups(positions: productPositionsByCategory, records: products)
    }

    /// The first category a product names that exists: its breadcrumb and feed `g:product_type`.
    public func primaryCategory(of product: Product) -> Category? {
        // A loop: a lazy `compactMap`'s closure held a copy of the whole catalog, made twice for
        // every product page.
        for slug in product.categories {
            if let category = categoryBySlug[slug] { return category }
        }
        return nil
    }

    /// Promotions that apply to a product of the category (or of one below it), directly or
    /// through its brand: what its feed and page list.
    public func promotions(for category: Category) -> [Promotion] {
        var slugs = Set<Slug>()
        for product in productsByCategory[category.slug, default: []] {
            for promotion in promotions(for: product) { slugs.insert(promotion.slug) }
        }
        return promotions.filter { slugs.contains($0.slug) }
    }

    /// Every local image a record names, each once, sorted.
    public var localImagePaths: [String] {
        // Added one by one: three small arrays made and joined per product were most of this
        // walk, which runs on one core between loading and planning.
        var paths = Set<String>()
        func add(_ image: ImageReference?) { if case .local(let path)? = image { paths.insert(path) } }
        for brand in brands { add(brand.logo) }
        for promotion in promotions { add(promotion.image) }
        for category in categories { add(category.image) }
        for product in products {
            add(product.thumbnail)
            add(product.image)
            for image in product.images { add(image) }
            for variant in product.variants { add(variant.image) }
        }
        return paths.sorted()
    }

    mutating func indexCategories() {
        for category in categories { categoryBySlug[category.slug] = category }
        for category in categories {
            if let parent = category.parent, categoryBySlug[parent] != nil { childSlugs[parent, default: []].append(category.slug) }
        }
        var direct: [Slug: [Int]] = [:]
        for (position, product) in products.enumerated() {
            for slug in Set(product.categories) { direct[slug, default: []].append(position) }
        }
        // Each category's products are its own and its descendants', merged; a cycle (which the
        // loader refuses) is cut where it closes rather than followed for ever.
        var done: [Slug: [Int]] = [:]
        func collect(_ slug: Slug, _ visiting: inout Set<Slug>) -> [Int] {
            if let known = done[slug] { return known }
            guard visiting.insert(slug).inserted else { return [] }
            var positions = Set(direct[slug, default: []])
            for child in childSlugs[slug, default: []] { positions.formUnion(collect(child, &visiting)) }
            visiting.remove(slug)
            let sorted = positions.sorted()
            done[slug] = sorted
            return sorted
        }
        for category in categories {
            var visiting = Set<Slug>()
            productPositionsByCategory[category.slug] = collect(category.slug, &visiting)
        }
    }
}
