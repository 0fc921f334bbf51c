import CatalogModel
import Foundation

extension ContentLoader {
    /// What the last dotted part of a record file's name is.
    enum SuffixLanguage: Equatable {
        case translation(String)
        case contentLanguage
        /// Shaped like a language tag but not one of the site's; with the closest one it has.
        case unknown(closest: String?)
        /// Not shaped like a language: the name is checked as a slug, as before.
        case notALanguage
    }

    /// `serum.ko` → (`serum`, `ko`); nil for a name without a dot.
    static func translationSuffix(of base: String) -> (record: String, language: String)? {
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
        return (String(base[..<dot]), String(base[base.index(after: dot)...]))
    }

    static func languageOfSuffix(_ suffix: String, site: Site) -> SuffixLanguage {
        if let language = site.translationLanguages.first(where: { $0.tag == suffix }) { return .translation(language.tag) }
        if suffix == site.contentLanguage.tag { return .contentLanguage }
        guard FieldReader.matches(suffix, RecordKind.Patterns.languageTag) else { return .notALanguage }
        // Tags are two or three letters: only one edit away is a likely typo (`jp` for `ja`).
        let close = site.translationLanguages.map(\.tag).first { Spelling.editDistance($0.lowercased(), suffix.lowercased()) == 1 }
        return .unknown(closest: close)
    }

    /// A translation file's keys, read against its kind's translation rules.
    func decodeTranslation(_ file: ContentFile, language: String, slug: Slug?, root: RawNode?, body: String?, diagnostics: [Diagnostic])
        -> Decoded
    {
        let fileLocation = SourceLocation(path: file.displayPath, line: 1, column: 1)
        let record = "\(file.kind.folder ?? "")/\(file.slugText).\(file.isJSON ? "json" : "md")"
        var reader = FieldReader(
            translationOf: file.kind, record: record, root: root ?? RawNode(.map([]), at: fileLocation), json: file.isJSON,
            file: fileLocation)
        let title = reader.text(file.kind == .product ? "name" : "title")
        let tags = file.kind == .product ? reader.texts("tags") : nil
        let options = file.kind == .product ? reader.textMap("options") ?? [] : []
        let values = file.kind == .product ? reader.textMap("values") ?? [] : []
        let stores = file.kind == .promotion ? reader.textMap("stores") ?? [] : []
        let translatedSlug = reader.text("slug").flatMap(Slug.init)
        let slugSource = reader.location(of: "slug")
        let text = body ?? reader.jsonBody()
        var all = diagnostics + reader.diagnostics
        if file.kind == .page, let translatedSlug, RecordKind.reservedPageSlugs.contains(translatedSlug.rawValue) {
            all.append(.error(
                "slug: \"\(translatedSlug)\" is a folder of the site itself; choose another, e.g. \(translatedSlug)-info", at: slugSource))
        }
        guard let slug, all.allSatisfy({ $0.severity != .error }) else { return Decoded(record: nil, diagnostics: all) }
        let hasBody = text.map { !$0.trimmingWhitespace().isEmpty } ?? false
        let translation = Translation(
            kind: file.kind, slug: slug, language: language, title: title,
            body: hasBody ? MarkdownRenderer.render(text!) : nil, tags: tags, options: options, values: values, stores: stores,
            translatedSlug: translatedSlug, slugSource: translatedSlug == nil ? nil : slugSource, source: fileLocation)
        return Decoded(record: .translation(translation), diagnostics: all)
    }

    /// Puts each translation beside its record, checking what only the record can tell: that
    /// it exists, that translated option names, values and stores are its own, and that no two
    /// records share a path in one language.
    static func attach(_ translations: [Translation], to catalog: inout Catalog) -> [Diagnostic] {
        guard !translations.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        let products = catalog.productBySlug
        let brands = Set(catalog.brands.map(\.slug))
        let promotions = Dictionary(catalog.promotions.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let pages = Set(catalog.pages.map(\.slug))
        let categories = Set(catalog.categories.map(\.slug))
        var kept: [Translation.Key: Translation] = [:]
        for translation in translations {
            let kind = translation.kind
            let exists: Bool
            switch kind {
            case .product: exists = products[translation.slug] != nil
            case .brand: exists = brands.contains(translation.slug)
            case .promotion: exists = promotions[translation.slug] != nil
            case .page: exists = pages.contains(translation.slug)
            case .category: exists = categories.contains(translation.slug)
            case .site: exists = false
            }
            guard exists else {
                diagnostics.append(.error(
                    "translates \(kind.folder ?? "")/\(translation.slug).md (or .json), which does not exist; "
                        + "name the file after the record it translates, e.g. \(kind.folder ?? "")/<slug>.\(translation.language).md",
                    at: translation.source))
                continue
            }
            if kind == .product, let product = products[translation.slug] {
                for term in translation.options where !product.options.contains(term.original) {
                    diagnostics.append(.error(
                        "options.\(term.original): the product has no option `\(term.original)`"
                            + (product.options.isEmpty ? "; it has no variants" : "; its options are " + product.options.map { "`\($0)`" }.joined(separator: ", ")),
                        at: term.location))
                }
                let allValues = Set(product.variants.flatMap(\.values))
                for term in translation.values where !allValues.contains(term.original) {
                    var message = "values: \"\(term.original)\" is not a value of any of the product's variants"
                    if let close = Spelling.closest(to: term.original, among: allValues.sorted()) { message += "; did you mean \"\(close)\"?" }
                    diagnostics.append(.error(message, at: term.location))
                }
            }
            if kind == .promotion, let promotion = promotions[translation.slug] {
                let names = promotion.stores.map(\.name)
                for term in translation.stores where !names.contains(term.original) {
                    diagnostics.append(.error(
                        "stores: \"\(term.original)\" is not the name of one of the promotion's stores"
                            + (names.isEmpty ? "; it lists none" : " (" + names.map { "\"\($0)\"" }.joined(separator: ", ") + ")"),
                        at: term.location))
                }
            }
            kept[translation.key] = translation
        }
        diagnostics += translatedSlugCollisions(kept, catalog: catalog)
        catalog.translations = kept
        return diagnostics
    }

    /// In each language a record's path is its translated slug, else its own: two records may
    /// not end up at one path.
    private static func translatedSlugCollisions(_ translations: [Translation.Key: Translation], catalog: Catalog) -> [Diagnostic] {
        let renamed = translations.values.filter { $0.translatedSlug != nil }
        guard !renamed.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        let byGroup = Dictionary(grouping: renamed) { "\($0.kind.rawValue) \($0.language)" }
        for group in byGroup.keys.sorted() {
            let entries = byGroup[group]!.sorted { $0.slug < $1.slug }
            let kind = entries[0].kind
            let language = entries[0].language
            let own: [Slug]
            switch kind {
            case .product: own = catalog.products.map(\.slug)
            case .brand: own = catalog.brands.map(\.slug)
            case .promotion: own = catalog.promotions.map(\.slug)
            case .page: own = catalog.pages.map(\.slug)
            case .category: own = catalog.categories.map(\.slug)
            case .site: own = []
            }
            var pathOwner: [Slug: Slug] = [:]
            for slug in own where translations[Translation.Key(kind: kind, slug: slug, language: language)]?.translatedSlug == nil {
                pathOwner[slug] = slug
            }
            for entry in entries {
                let path = entry.translatedSlug!
                if let owner = pathOwner[path], owner != entry.slug {
                    diagnostics.append(.error(
                        "slug: \"\(path)\" is also the path of \(kind.folder ?? "")/\(owner) in \(language); give each record its own",
                        at: entry.slugSource ?? entry.source))
                } else {
                    pathOwner[path] = entry.slug
                }
            }
        }
        return diagnostics
    }
}
