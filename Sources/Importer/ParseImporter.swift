public import CatalogModel
import ContentLoader
public import Foundation

/// Turns a Parse JSON export (one file per class, `{"results": [...]}`) of the shop Vitrine
/// descends from into content files: `Category` objects become brands, `Product` objects
/// products pointing at them, `Promotion` objects promotions.
public struct ParseImporter: Sendable {
    public var currency: Currency
    /// Where the export's files (`{"__type": "File", "name": …}`) are; without it, their URLs are kept.
    public var filesFolder: URL?

    public init(currency: Currency = .usd, filesFolder: URL? = nil) {
        self.currency = currency
        self.filesFolder = filesFolder
    }

    /// One exported object: its fields, and where it was written.
    struct Object {
        var id: String
        var fields: [String: RawNode]
        var location: SourceLocation
    }

    public func importFiles(_ paths: [URL]) -> ImportResult {
        var result = ImportResult()
        var classes: [String: [Object]] = [:]
        for path in paths.sorted(by: { $0.path < $1.path }) {
            let className = path.deletingPathExtension().lastPathComponent
            let display = path.lastPathComponent
            guard ["Category", "Product", "Promotion"].contains(className) else {
                result.diagnostics.append(.error(
                    "not a class Vitrine imports; name the files Category.json, Product.json and Promotion.json as Parse exports them",
                    at: SourceLocation(path: display)))
                continue
            }
            guard let data = FileManager.default.contents(atPath: path.path) else {
                result.diagnostics.append(.error("cannot read the file", at: SourceLocation(path: display)))
                continue
            }
            switch StructuredText.parseJSON(data, text: String(decoding: data, as: UTF8.self), path: display) {
            case .failure(let diagnostic): result.diagnostics.append(diagnostic)
            case .success(let root):
                classes[className, default: []] += objects(in: root, display: display, into: &result)
            }
        }
        guard !result.failed else { return result }

        var brandSlugs = SlugMaker()
        var brandByID: [String: Slug] = [:]
        for object in classes["Category", default: []] {
            guard let title = text(object, "title", required: true, into: &result) else { continue }
            let slug = brandSlugs.slug(for: title)
            brandByID[object.id] = slug
            var writer = FrontMatterWriter()
            writer.text("title", title)
            writer.text("logo", file(object, "image", kind: "brands", into: &result))
            result.files["brands/\(slug).md"] = writer.file(body: "")
        }
        var productSlugs = SlugMaker()
        for object in classes["Product", default: []] {
            guard let name = text(object, "name", required: true, into: &result) else { continue }
            let slug = productSlugs.slug(for: name)
            var writer = FrontMatterWriter()
            // Parse products had no SKU: the object id is stable across exports.
            writer.text("sku", "PARSE-" + object.id)
            writer.text("name", name)
            if let pointer = object.fields["brand"] {
                if let target = pointerID(pointer, className: "Category", key: "brand", into: &result) {
                    if let brand = brandByID[target] {
                        writer.raw("brand", brand.rawValue)
                    } else {
                        result.diagnostics.append(.error(
                            "brand: points at Category \(target), which the export does not have; export the Category class too",
                            at: pointer.location))
                    }
                }
            } else {
                result.diagnostics.append(.error("missing brand: a product needs a Category pointer", at: object.location))
            }
            writer.raw("price", price(object, into: &result))
            writer.text("priceUnit", text(object, "priceUnit", required: false, into: &result))
            writer.text("thumbnail", file(object, "thumbnail", kind: "products", into: &result))
            writer.text("image", file(object, "fullsizeImage", kind: "products", into: &result))
            writer.raw("date", date(object, "createdAt"))
            result.files["products/\(slug).md"] = writer.file(body: text(object, "detail", required: false, into: &result) ?? "")
        }
        var promotionSlugs = SlugMaker()
        for object in classes["Promotion", default: []] {
            let content = text(object, "content", required: true, into: &result) ?? ""
            // The old app's flyer text has no title: its first line is one.
            let firstLine = content.split(whereSeparator: \.isNewline).first.map { String($0).trimmingWhitespace() } ?? ""
            let title = firstLine.isEmpty ? "Promotion \(object.id)" : String(firstLine.prefix(200))
            let slug = promotionSlugs.slug(for: title)
            var writer = FrontMatterWriter()
            writer.text("title", title)
            guard let starts = date(object, "createdAt") else {
                result.diagnostics.append(.error("missing createdAt: a promotion starts then", at: object.location))
                continue
            }
            writer.raw("starts", starts)
            writer.text("image", file(object, "image", kind: "promotions", into: &result))
            result.files["promotions/\(slug).md"] = writer.file(body: content)
        }
        return result
    }

    // MARK: Reading the export

    private func objects(in root: RawNode?, display: String, into result: inout ImportResult) -> [Object] {
        guard case .map(let entries)? = root?.value, let list = entries.first(where: { $0.key == "results" })?.value,
            case .list(let items) = list.value
        else {
            result.diagnostics.append(.error(
                "expected Parse's export format, {\"results\": [ … ]}", at: root?.location ?? SourceLocation(path: display)))
            return []
        }
        var objects: [Object] = []
        for item in items {
            guard case .map(let fields) = item.value,
                let id = fields.first(where: { $0.key == "objectId" })?.value.scalarText
            else {
                result.diagnostics.append(.error("expected an object with an objectId", at: item.location))
                continue
            }
            objects.append(Object(
                id: id, fields: Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }),
                location: item.location))
        }
        return objects
    }

    private func text(_ object: Object, _ key: String, required: Bool, into result: inout ImportResult) -> String? {
        guard let node = object.fields[key], !node.isNull else {
            if required { result.diagnostics.append(.error("missing \(key)", at: object.location)) }
            return nil
        }
        guard let text = node.scalarText else {
            result.diagnostics.append(.error("\(key): expected text", at: node.location))
            return nil
        }
        return text
    }

    /// A float price as the exact decimal it was meant to be; one with more fraction digits than
    /// the currency has (`31.999999`, a float's rounding error) is an error to fix in the export,
    /// never rounded silently into a price.
    private func price(_ object: Object, into result: inout ImportResult) -> String? {
        guard let node = object.fields["unitPrice"], let text = node.scalarText else {
            result.diagnostics.append(.error("missing unitPrice", at: object.location))
            return nil
        }
        switch Money.parse(text, currency: currency) {
        case .success(let money): return money.decimalString
        case .failure(let error):
            var message = "unitPrice: \(error.description)"
            if case .tooManyFractionDigits = error, let value = Decimal(string: text) {
                var exact = value
                var rounded = Decimal()
                NSDecimalRound(&rounded, &exact, currency.minorUnits, .plain)
                let meant = (try? Money.parse("\(rounded)", currency: currency).get())?.decimalString ?? "\(rounded)"
                message = "unitPrice: \(text) is not an exact price in \(currency.code); it is probably \(meant) stored as a float: "
                    + "correct it in the export"
            }
            result.diagnostics.append(.error(message, at: node.location))
            return nil
        }
    }

    private func date(_ object: Object, _ key: String) -> String? {
        guard let node = object.fields[key] else { return nil }
        let text: String?
        if case .map(let entries) = node.value {
            text = entries.first { $0.key == "iso" }?.value.scalarText  // {"__type": "Date", "iso": …}
        } else {
            text = node.scalarText
        }
        guard let text, case .success(let stamp) = Timestamp.parse(text) else { return nil }
        return stamp.iso8601
    }

    private func pointerID(_ node: RawNode, className: String, key: String, into result: inout ImportResult) -> String? {
        guard case .map(let entries) = node.value,
            entries.first(where: { $0.key == "__type" })?.value.scalarText == "Pointer",
            let id = entries.first(where: { $0.key == "objectId" })?.value.scalarText
        else {
            result.diagnostics.append(.error("\(key): expected a Pointer to \(className)", at: node.location))
            return nil
        }
        return id
    }

    /// A Parse file: copied from the files folder under `images/<kind>/`, else its URL.
    private func file(_ object: Object, _ key: String, kind: String, into result: inout ImportResult) -> String? {
        guard let node = object.fields[key], case .map(let entries) = node.value else { return nil }
        let name = entries.first { $0.key == "name" }?.value.scalarText
        let url = entries.first { $0.key == "url" }?.value.scalarText
        if let folder = filesFolder, let name {
            // A name is a file in the folder, never a path that could lead out of it or of the content folder.
            guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else {
                result.diagnostics.append(.error("\(key): \"\(name)\" is not a plain file name", at: node.location))
                return nil
            }
            let source = folder.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: source) else {
                result.diagnostics.append(.error("\(key): \(name) is not in \(folder.path)", at: node.location))
                return nil
            }
            let target = "images/\(kind)/\(name)"
            result.images[target] = source
            return target
        }
        if let url, url.hasPrefix("http://") || url.hasPrefix("https://") { return url }
        result.diagnostics.append(.warning(
            "\(key): the file has no URL and no --files folder was given; the picture is left out", at: node.location))
        return nil
    }
}
