import CatalogModel
import Foundation

/// The brand and category files an import makes as it meets their names, each once: shared by
/// the CSV formats, whose products name brands and categories by title.
struct ImportedRecords {
    private var brandSlugs = SlugMaker()
    private var brands: [String: Slug] = [:]
    private var categorySlugs = SlugMaker()
    /// By the category's full path, `Skincare > Serums`.
    private var categories: [String: Slug] = [:]

    /// Whether another system's SKU is one the content model takes as it is.
    static func isSKU(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 50 && text.range(of: RecordKind.Patterns.sku, options: .regularExpression) != nil
    }

    mutating func brand(_ title: String, into result: inout ImportResult) -> Slug {
        if let slug = brands[title] { return slug }
        let slug = brandSlugs.slug(for: title)
        brands[title] = slug
        var writer = FrontMatterWriter()
        writer.text("title", title)
        result.files["brands/\(slug).md"] = writer.file(body: "")
        return slug
    }

    /// The category at the end of `path`, with its ancestors made as needed.
    mutating func category(_ path: [String], into result: inout ImportResult) -> Slug {
        let key = path.joined(separator: " > ")
        if let slug = categories[key] { return slug }
        let parent = path.count > 1 ? category(Array(path.dropLast()), into: &result) : nil
        let slug = categorySlugs.slug(for: path.last!)
        categories[key] = slug
        var writer = FrontMatterWriter()
        writer.text("title", path.last!)
        writer.raw("parent", parent?.rawValue)
        result.files["categories/\(slug).md"] = writer.file(body: "")
        return slug
    }
}
