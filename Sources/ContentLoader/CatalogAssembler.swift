public import CatalogModel

/// Checks what no single file can: unique slugs and SKUs, references that resolve, images that exist.
public enum CatalogAssembler {
    public static func assemble(
        site: Site,
        brands: DecodedRecords<Brand>,
        products: DecodedRecords<Product>,
        promotions: DecodedRecords<Promotion>,
        pages: DecodedRecords<Page>,
        categories: DecodedRecords<Category> = DecodedRecords(),
        existingImages: Set<String>
    ) -> (Catalog, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []

        func unique<R, Key: Hashable>(
            _ list: DecodedRecords<R>, kind: String, key: (R) -> Key, source: (R) -> SourceLocation, what: String
        ) -> DecodedRecords<R> {
            // Nearly always nothing clashes: then the records stay as they are, neither sorted nor
            // copied. Read by position: a loop over the records copied each one.
            let records = list.records
            var keys = Set<Key>(minimumCapacity: records.count)
            if records.indices.allSatisfy({ keys.insert(key(records[$0])).inserted }) { return list }
            var firstByKey: [Key: SourceLocation] = [:]
            var kept: [Int] = []
            // Positions are sorted rather than the records, which are large to move.
            let sources = records.indices.map { source(records[$0]) }
            for position in records.indices.sorted(by: { sources[$0] < sources[$1] }) {
                let k = key(records[position])
                if let first = firstByKey[k] {
                    diagnostics.append(.error(
                        "duplicate \(kind) \(what) \"\(k)\": also used by \(first.path); \(what)s are unique", at: sources[position]))
                } else {
                    firstByKey[k] = sources[position]
                    kept.append(position)
                }
            }
            return list.keeping(kept)
        }

        let brands = unique(brands, kind: "brand", key: { $0.slug }, source: { $0.source }, what: "slug")
        var products = unique(products, kind: "product", key: { $0.slug }, source: { $0.source }, what: "slug")
        products = unique(products, kind: "product", key: { $0.sku }, source: { $0.source }, what: "sku")
        diagnostics += variantSKUClashes(products.records)
        let promotions = unique(promotions, kind: "promotion", key: { $0.slug }, source: { $0.source }, what: "slug")
        let pages = unique(pages, kind: "page", key: { $0.slug }, source: { $0.source }, what: "slug")
        let categories = unique(categories, kind: "category", key: { $0.slug }, source: { $0.source }, what: "slug")
        diagnostics += categoryCycles(categories.records)

        // Closures, not key paths: a key path through a record copied the whole record.
        let known: [RecordKind: Set<Slug>] = [
            .brand: Set(brands.records.indices.map { brands.records[$0].slug }),
            .product: Set(products.records.indices.map { products.records[$0].slug }),
            .category: Set(categories.records.indices.map { categories.records[$0].slug }),
        ]
        // In the records' order, which decides between equally close suggestions; only for a mistake.
        func names(of kind: RecordKind) -> [String] {
            switch kind {
            case .brand: brands.records.map(\.slug.rawValue)
            case .product: products.records.map(\.slug.rawValue)
            case .category: categories.records.map(\.slug.rawValue)
            default: []
            }
        }
        // Each kind's references and images are read where they are, in one pass: joined into
        // one list first, every one was copied (its strings retained) on the one core this
        // stretch runs on. The first place each local picture is named is kept for the catalog.
        var imageUses: [String: SourceLocation] = [:]
        func check(_ uses: [RecordUses]) {
            for index in uses.indices {
                for reference in uses[index].references where !(known[reference.kind]?.contains(reference.slug) ?? false) {
                    var message = "\(reference.key): \"\(reference.slug)\" is not a known \(reference.kind.rawValue)"
                    if let close = Spelling.closest(to: reference.slug.rawValue, among: names(of: reference.kind)) {
                        message += "; did you mean \"\(close)\"?"
                    } else if reference.kind == .brand, let first = names(of: .brand).first {
                        // The shop's own brand as the example, never the sample shop's.
                        message += "; name one of this shop's brands, e.g. \"\(first)\", or add brands/\(reference.slug).md"
                    } else {
                        message += "; add \(reference.kind.folder ?? "")/\(reference.slug).md or fix the slug"
                    }
                    diagnostics.append(.error(message, at: reference.location))
                }
                for use in uses[index].images {
                    guard case .local(let path) = use.image else { continue }
                    if !existingImages.contains(path) {
                        diagnostics.append(.error(
                            "\(use.key): \(path) does not exist; add the file under the content folder or fix the path",
                            at: use.location))
                    }
                    if let first = imageUses[path], first <= use.location { continue }
                    imageUses[path] = use.location
                }
            }
        }
        check(brands.uses)
        check(products.uses)
        check(promotions.uses)
        check(categories.uses)

        var catalog = Catalog(
            site: site, brands: brands.records, products: products.records, promotions: promotions.records, pages: pages.records,
            categories: categories.records)
        catalog.imageUses = imageUses
        return (catalog, diagnostics)
    }

    /// SKUs are unique across products and variants: a checkout link names one thing to buy.
    static func variantSKUClashes(_ products: [Product]) -> [Diagnostic] {
        guard products.contains(where: \.hasVariants) else { return [] }
        var owners: [String: (what: String, location: SourceLocation)] = [:]
        for product in products { owners[product.sku] = ("product \"\(product.slug)\"", product.source) }
        var diagnostics: [Diagnostic] = []
        for product in products {
            for variant in product.variants {
                // A variant reusing its own product's sku was reported where the file was read.
                if let owner = owners[variant.sku] {
                    guard owner.location != product.source else { continue }
                    diagnostics.append(.error(
                        "variants.sku: \"\(variant.sku)\" is also the sku of \(owner.what) (\(owner.location.path):\(owner.location.line)); "
                            + "skus are unique across products and variants",
                        at: variant.source))
                } else {
                    owners[variant.sku] = ("a variant of \"\(product.slug)\"", variant.source)
                }
            }
        }
        return diagnostics
    }

    /// A category tree must end at a root: `parent` links that come back round are an error at
    /// each category of the loop, naming the whole loop.
    static func categoryCycles(_ categories: [Category]) -> [Diagnostic] {
        let bySlug = Dictionary(categories.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        var state: [Slug: Bool] = [:]  // false: on the current walk, true: known to reach a root
        var diagnostics: [Diagnostic] = []
        for start in categories where state[start.slug] == nil {
            var walk: [Slug] = []
            var current: Slug? = start.slug
            while let slug = current, state[slug] == nil, let category = bySlug[slug] {
                state[slug] = false
                walk.append(slug)
                current = category.parent
            }
            if let slug = current, state[slug] == false, let at = walk.firstIndex(of: slug) {
                let loop = Array(walk[at...])
                let names = (loop + [loop[0]]).map(\.rawValue).joined(separator: " → ")
                for member in loop {
                    diagnostics.append(.error(
                        "parent: the categories form a loop (\(names)); a category tree needs a root, so remove one of these parents",
                        at: bySlug[member]!.source))
                }
            }
            for slug in walk { state[slug] = true }
        }
        return diagnostics
    }
}
