public import CatalogModel
import ContentLoader
public import Foundation

/// Turns Shopify's translation export (Settings → Languages → Export: one row per resource,
/// field and locale) into translation files beside the records of a content folder.
///
/// Shopify names a resource by its numeric id, which content files do not keep; its `handle` row
/// (default content: the handle) is what matches a product, collection or page to the record of
/// that slug, as `vitrine import shopify` named them. Product options and option values carry no
/// product at all: a translated option name goes to every product with an option of that name,
/// a translated value to every product with a variant of that value. Fields the content model
/// has no place for (SEO titles, product types) are reported once each, never written.
public struct ShopifyTranslationImporter: Sendable {
    /// The catalog the translations are for: records are matched and checked against it.
    public var catalog: Catalog
    /// The content folder's name as paths in `catalog` start with it (`Content`).
    public var contentDisplayName: String

    public init(catalog: Catalog, contentDisplayName: String) {
        self.catalog = catalog
        self.contentDisplayName = contentDisplayName
    }

    static let required = ["Type", "Identification", "Field", "Locale", "Translated content"]

    /// One resource of the export: its rows by field, per locale.
    private struct Resource {
        var type: String
        var id: String
        var handle: String?
        var firstRow: Int
        var fields: [String: [String: (text: String, row: Int, defaultText: String)]] = [:]
    }

    /// Text gathered for one translation file.
    private struct Draft {
        var kind: RecordKind
        var recordPath: String
        var title: String?
        var body: String?
        var slug: String?
        var options: [String: String] = [:]
        var values: [String: String] = [:]
    }

    public func importFile(_ url: URL) -> ImportResult {
        var result = ImportResult()
        let table: CSVTable
        switch CSVTable.read(url, required: Self.required, source: "Shopify's admin (Settings → Languages → Export)") {
        case .success(let read): table = read
        case .failure(let diagnostic):
            result.diagnostics.append(diagnostic)
            return result
        }
        let languages = catalog.site.translationLanguages.map(\.tag)
        guard !languages.isEmpty else {
            result.diagnostics.append(.error(
                "site.json lists no languages to translate into; add e.g. \"languages\": [\"en\", \"ko\"] before importing translations",
                at: SourceLocation(path: table.display)))
            return result
        }
        let rows = table.keyedRows()
        var resources: [String: Resource] = [:]
        var order: [String] = []
        var refusedLocales: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            let type = row["Type", default: ""].trimmingWhitespace().uppercased()
            // Spreadsheets keep long ids as text with a leading apostrophe.
            let id = row["Identification", default: ""].trimmingWhitespace().trimmingCharacters(in: ["'"])
            let field = row["Field", default: ""].trimmingWhitespace()
            let locale = row["Locale", default: ""].trimmingWhitespace()
            guard !type.isEmpty, !id.isEmpty, !field.isEmpty else {
                result.diagnostics.append(.error("row without a Type, Identification or Field", at: table.location(ofRow: index)))
                continue
            }
            let key = type + " " + id
            if resources[key] == nil {
                resources[key] = Resource(type: type, id: id, firstRow: index)
                order.append(key)
            }
            let defaultText = row["Default content", default: ""]
            if field == "handle", !defaultText.isEmpty { resources[key]!.handle = defaultText.trimmingWhitespace() }
            let text = row["Translated content", default: ""]
            guard !text.trimmingWhitespace().isEmpty else { continue }
            guard let language = Self.language(of: locale, among: languages) else {
                if refusedLocales[locale] == nil { refusedLocales[locale] = index }
                continue
            }
            resources[key]!.fields[field, default: [:]][language] = (text, index, defaultText)
        }
        for (locale, index) in refusedLocales.sorted(by: { $0.value < $1.value }) {
            result.diagnostics.append(.warning(
                "locale \"\(locale)\" is not one of site.json's translation languages (\(languages.joined(separator: ", "))): its rows are left out",
                at: table.location(ofRow: index, field: 3)))
        }
        var drafts: [String: Draft] = [:]
        var unplaced: [String: Int] = [:]
        for key in order {
            let resource = resources[key]!
            switch resource.type {
            case "PRODUCT", "COLLECTION", "PAGE":
                place(resource, table: table, into: &drafts, unplaced: &unplaced, result: &result)
            case "PRODUCT_OPTION":
                for (language, entry) in resource.fields["name"] ?? [:] {
                    let name = entry.defaultText.trimmingWhitespace()
                    let key = Self.optionKey(name)
                    let owners = catalog.products.filter { $0.options.contains(key) }
                    if owners.isEmpty {
                        result.diagnostics.append(.warning(
                            "option \"\(name)\": no product has an option `\(key)`; left out", at: table.location(ofRow: entry.row)))
                    }
                    for product in owners { edit(product, language, &drafts) { $0.options[key] = entry.text } }
                }
            case "PRODUCT_OPTION_VALUE":
                for (language, entry) in resource.fields["name"] ?? [:] {
                    let value = entry.defaultText
                    let owners = catalog.products.filter { $0.variants.contains { $0.values.contains(value) } }
                    if owners.isEmpty {
                        result.diagnostics.append(.warning(
                            "option value \"\(value)\": no variant has it; left out", at: table.location(ofRow: entry.row)))
                    }
                    for product in owners { edit(product, language, &drafts) { $0.values[value] = entry.text } }
                }
            default:
                if unplaced[resource.type] == nil { unplaced[resource.type] = resource.firstRow }
            }
        }
        for (type, row) in unplaced.sorted(by: { $0.value < $1.value }) {
            result.diagnostics.append(.warning(
                "\(type) rows are left out: Vitrine's content has no place for them", at: table.location(ofRow: row)))
        }
        for (path, draft) in drafts { result.files[path] = Self.file(draft) }
        return result
    }

    /// A locale of the export as one of the site's tags: exact, else by its language alone
    /// (`pt-BR` to `pt`), else nil.
    static func language(of locale: String, among languages: [String]) -> String? {
        if let exact = languages.first(where: { $0.lowercased() == locale.lowercased() }) { return exact }
        let primary = Site.primaryLanguage(of: locale).lowercased()
        return languages.first { $0.lowercased() == primary }
    }

    /// A product's, collection's or page's fields, into the translation of the record its handle names.
    private func place(
        _ resource: Resource, table: CSVTable, into drafts: inout [String: Draft], unplaced: inout [String: Int],
        result: inout ImportResult
    ) {
        guard !resource.fields.isEmpty else { return }
        let at = table.location(ofRow: resource.firstRow)
        guard let handle = resource.handle, let slug = Slug(handle) else {
            result.diagnostics.append(.warning(
                "\(resource.type) \(resource.id): the export has no handle row for it, so it cannot be matched to a record; left out", at: at))
            return
        }
        let kind: RecordKind
        let source: SourceLocation?
        switch resource.type {
        case "PRODUCT":
            kind = .product
            source = catalog.productBySlug[slug]?.source
        case "COLLECTION":
            kind = .category
            source = catalog.categoryBySlug[slug]?.source
        default:
            kind = .page
            source = catalog.pages.first { $0.slug == slug }?.source
        }
        guard let source else {
            result.diagnostics.append(.warning(
                "\(resource.type) \(resource.id) (\(handle)): no \(kind.rawValue) \(handle) in the content folder; left out", at: at))
            return
        }
        for (field, byLanguage) in resource.fields.sorted(by: { $0.key < $1.key }) {
            for (language, entry) in byLanguage {
                switch field {
                case "title":
                    drafts[path(of: source, language: language), default: Draft(kind: kind, recordPath: source.path)].title =
                        entry.text.trimmingWhitespace()
                case "body_html":
                    drafts[path(of: source, language: language), default: Draft(kind: kind, recordPath: source.path)].body =
                        HTMLToMarkdown.convert(entry.text)
                case "handle":
                    // A handle in another script (`나이트-세럼`) makes no slug: the record keeps its own.
                    let translated = entry.text.trimmingWhitespace()
                    let hasLatin = translated.unicodeScalars.contains { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                    let slug = Slug(translated) != nil ? translated : hasLatin ? Slug.suggestion(for: translated) : ""
                    if slug != handle, Slug(slug) != nil {
                        drafts[path(of: source, language: language), default: Draft(kind: kind, recordPath: source.path)].slug = slug
                    } else if Slug(slug) == nil {
                        result.diagnostics.append(.warning(
                            "handle \"\(translated)\" makes no path of letters a–z, digits and hyphens; the \(language) page keeps \(handle)",
                            at: table.location(ofRow: entry.row, field: 7)))
                    }
                default:
                    let name = "\(resource.type) \(field)"
                    if unplaced[name] == nil { unplaced[name] = entry.row }
                }
            }
        }
    }

    private func edit(_ product: Product, _ language: String, _ drafts: inout [String: Draft], _ change: (inout Draft) -> Void) {
        change(&drafts[path(of: product.source, language: language), default: Draft(kind: .product, recordPath: product.source.path)])
    }

    /// `products/origins/serum.ko.md` for the record at `Content/products/origins/serum.md`.
    func path(of source: SourceLocation, language: String) -> String {
        var relative = source.path
        if relative.hasPrefix(contentDisplayName + "/") { relative.removeFirst(contentDisplayName.count + 1) }
        let dot = relative.lastIndex(of: ".") ?? relative.endIndex
        return relative[..<dot] + "." + language + ".md"
    }

    private static func file(_ draft: Draft) -> String {
        var writer = FrontMatterWriter()
        writer.text(draft.kind == .product ? "name" : "title", draft.title)
        if !draft.options.isEmpty { writer.raw("options", JSONValue.object(draft.options.mapValues(JSONValue.string)).encoded()) }
        if !draft.values.isEmpty { writer.raw("values", JSONValue.object(draft.values.mapValues(JSONValue.string)).encoded()) }
        writer.text("slug", draft.slug)
        return writer.file(body: draft.body ?? "")
    }

    static func optionKey(_ name: String) -> String { ShopifyImporter.optionKey(name) }
}
