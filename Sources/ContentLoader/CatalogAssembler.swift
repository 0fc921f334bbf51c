public import CatalogModel

/// Checks what no single file can: unique slugs and SKUs, references that resolve, images that exist.
public enum CatalogAssembler {
    public static func assemble(
        site: Site,
        brands: [DecodedRecord<Brand>],
        products: [DecodedRecord<Product>],
        promotions: [DecodedRecord<Promotion>],
        pages: [DecodedRecord<Page>],
        categories: [DecodedRecord<Category>] = [],
        existingImages: Set<String>
    ) -> (Catalog, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []

        func unique<R>(_ records: [DecodedRecord<R>], kind: String, key: (R) -> String, source: (R) -> SourceLocation, what: String)
            -> [DecodedRecord<R>]
        {
            // Nearly always nothing clashes: then the records stay as they are, neither sorted nor copied.
            var keys = Set<String>(minimumCapacity: records.count)
            if records.allSatisfy({ keys.insert(key($0.record)).inserted }) { return records }
            var firstByKey: [String: SourceLocation] = [:]
            var kept: [DecodedRecord<R>] = []
            // Positions are sorted rather than the records, which are large to move.
            let sources = records.map { source($0.record) }
            for decoded in records.indices.sorted(by: { sources[$0] < sources[$1] }).map({ records[$0] }) {
                let k = key(decoded.record)
                if let first = firstByKey[k] {
                    diagnostics.append(.error(
                        "duplicate \(kind) \(what) \"\(k)\": also used by \(first.path); \(what)s are unique", at: source(decoded.record)))
                } else {
                    firstByKey[k] = source(decoded.record)
                    kept.append(decoded)
                }
            }
            return kept
        }

        let brands = unique(brands, kind: "brand", key: { $0.slug.rawValue }, source: { $0.source }, what: "slug")
        var products = unique(products, kind: "product", key: { $0.slug.rawValue }, source: { $0.source }, what: "slug")
        products = unique(products, kind: "product", key: { $0.sku }, source: { $0.source }, what: "sku")
        // Taken out once for the checks and the catalog: each `map` retained every product again.
        let productRecords = products.map { $0.record }
        diagnostics += variantSKUClashes(productRecords)
        let promotions = unique(promotions, kind: "promotion", key: { $0.slug.rawValue }, source: { $0.source }, what: "slug")
        let pages = unique(pages, kind: "page", key: { $0.slug.rawValue }, source: { $0.source }, what: "slug")
        let categories = unique(categories, kind: "category", key: { $0.slug.rawValue }, source: { $0.source }, what: "slug")
        diagnostics += categoryCycles(categories.map { $0.record })

        // Closures, not key paths: a key path through `record` copied each whole record.
        let known: [RecordKind: [String]] = [
            .brand: brands.map { $0.record.slug.rawValue },
            .product: products.map { $0.record.slug.rawValue },
            .category: categories.map { $0.record.slug.rawValue },
        ]
        let knownSets = known.mapValues(Set.init)
        // Each kind's references and images are read where they are, in one pass: joined into
        // one list first, every one was copied (its strings retained) on the one core this
        // stretch runs on. The first place each local picture is named is kept for the catalog.
        var imageUses: [String: SourceLocation] = [:]
        func check<R>(_ records: [DecodedRecord<R>]) {
            for decoded in records {
                for reference in decoded.references where !(knownSets[reference.kind]?.contains(reference.slug.rawValue) ?? false) {
                    var message = "\(reference.key): \"\(reference.slug)\" is not a known \(reference.kind.rawValue)"
                    if let close = Spelling.closest(to: reference.slug.rawValue, among: known[reference.kind] ?? []) {
                        message += "; did you mean \"\(close)\"?"
                    } else {
                        message += "; add \(reference.kind.folder ?? "")/\(reference.slug).md or fix the slug"
                    }
                    diagnostics.append(.error(message, at: reference.location))
                }
                for use in decoded.images {
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
        check(brands)
        check(products)
        check(promotions)
        check(categories)

        var catalog = Catalog(
            site: site, brands: brands.map { $0.record }, products: productRecords,
            promotions: promotions.map { $0.record }, pages: pages.map { $0.record }, categories: categories.map { $0.record })
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
