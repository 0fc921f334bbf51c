public import CatalogModel
import ContentLoader
public import Foundation

/// Turns WooCommerce's product CSV (Products → Export) into content files: simple and variable
/// products, their variations (rows whose `Parent` names them), `Categories` with `>` as a tree,
/// brands from `Brands` or a "Brand" attribute, and a sale price with its dates as a promotion
/// when a percentage can say it exactly.
public struct WooCommerceImporter: Sendable {
    public var currency: Currency

    public init(currency: Currency = .usd) {
        self.currency = currency
    }

    static let required = ["Type", "Name", "Regular price"]

    public func importFile(_ url: URL) -> ImportResult {
        var result = ImportResult()
        let table: CSVTable
        switch CSVTable.read(url, required: Self.required, source: "WooCommerce (Products → Export)") {
        case .success(let read): table = read
        case .failure(let diagnostic):
            result.diagnostics.append(diagnostic)
            return result
        }
        let rows = table.keyedRows()
        func value(_ row: Int, _ column: String) -> String { rows[row][column, default: ""].trimmingWhitespace() }

        // Variations by the parent they name: "id:12" or the parent's SKU.
        var variationsByParent: [String: [Int]] = [:]
        var parents: [Int] = []
        for index in rows.indices {
            switch value(index, "Type").lowercased() {
            case "variation":
                variationsByParent[value(index, "Parent"), default: []].append(index)
            case "simple", "variable":
                parents.append(index)
            case let other:
                result.diagnostics.append(.warning(
                    "\(value(index, "Name")): product type \"\(other)\" is not imported (simple, variable and variation are)",
                    at: table.location(ofRow: index)))
            }
        }

        var records = ImportedRecords()
        var productSlugs = SlugMaker()
        var promotionSlugs = SlugMaker()
        func money(_ text: String, _ column: String, _ row: Int) -> Money? {
            switch Money.parse(text, currency: currency) {
            case .success(let money): return money
            case .failure(let error):
                result.diagnostics.append(.error("\(value(row, "Name")): \(column): \(error.description)", at: table.location(ofRow: row)))
                return nil
            }
        }

        for index in parents {
            let at = table.location(ofRow: index)
            let name = value(index, "Name")
            guard !name.isEmpty else {
                result.diagnostics.append(.error("a product needs a Name", at: at))
                continue
            }
            if ["-1", "0"].contains(value(index, "Published")) {
                result.diagnostics.append(.warning("\(name): not published in WooCommerce (a draft or private): left out", at: at))
                continue
            }
            // Attributes: a "Brand" attribute names the brand; the others are options.
            var attributes: [(name: String, values: String)] = []
            for n in 1...9 where !value(index, "Attribute \(n) name").isEmpty {
                attributes.append((value(index, "Attribute \(n) name"), value(index, "Attribute \(n) value(s)")))
            }
            var brandTitle = value(index, "Brands").split(separator: ",").first.map { String($0).trimmingWhitespace() } ?? ""
            if brandTitle.isEmpty, let attribute = attributes.first(where: { $0.name.lowercased() == "brand" }) { brandTitle = attribute.values }
            if brandTitle.isEmpty {
                result.diagnostics.append(.warning("\(name): no brand; it goes under \"Unbranded\"", at: at))
                brandTitle = "Unbranded"
            }
            let productCategories = value(index, "Categories").split(separator: ",").map { entry in
                records.category(entry.split(separator: ">").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }, into: &result)
            }
            let slug = productSlugs.slug(for: name)
            var sku = value(index, "SKU")
            if !ImportedRecords.isSKU(sku) {
                let made = "WOO-\(value(index, "ID").isEmpty ? slug.rawValue.uppercased() : Slug.suggestion(for: value(index, "ID")))"
                result.diagnostics.append(.warning(
                    "\(name): SKU \"\(sku)\" is empty or has characters a SKU cannot; imported as \(made)", at: at))
                sku = made
            }
            let isVariable = value(index, "Type").lowercased() == "variable"
            let options = isVariable ? attributes.filter { $0.name.lowercased() != "brand" }.map(\.name) : []
            let variationRows = isVariable
                ? (variationsByParent["id:\(value(index, "ID"))", default: []] + variationsByParent[sku, default: []]) : []
            if isVariable, variationRows.isEmpty || options.isEmpty {
                result.diagnostics.append(.error("\(name): a variable product without variations or attributes", at: at))
                continue
            }
            let regularText = isVariable ? value(variationRows[0], "Regular price") : value(index, "Regular price")
            guard let price = money(regularText, "Regular price", isVariable ? variationRows[0] : index) else { continue }

            var writer = FrontMatterWriter()
            writer.text("sku", sku)
            writer.text("name", name)
            writer.raw("brand", records.brand(brandTitle, into: &result).rawValue)
            writer.raw("price", price.decimalString)
            if !isVariable, value(index, "In stock?") == "0" { writer.raw("availability", "out_of_stock") }
            let images = value(index, "Images").split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            writer.text("image", images.first)
            writer.list("images", Array(images.dropFirst()))
            writer.list("tags", value(index, "Tags").split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
            writer.list("categories", productCategories.map(\.rawValue))
            if !value(index, "Stock").isEmpty || !value(index, "Tax class").isEmpty {
                result.diagnostics.append(.warning("\(name): stock counts and tax classes are not imported", at: at))
            }
            if isVariable {
                let keys = options.map(ShopifyImporter.optionKey)
                writer.raw("options", "[" + keys.joined(separator: ", ") + "]")
                var lines = ["variants:"]
                for row in variationRows {
                    var variantSKU = value(row, "SKU")
                    if !ImportedRecords.isSKU(variantSKU) {
                        let made = "\(sku)-\(lines.count)"
                        result.diagnostics.append(.warning(
                            "\(name): variation SKU \"\(variantSKU)\" is empty or has characters a SKU cannot; imported as \(made)",
                            at: table.location(ofRow: row)))
                        variantSKU = made
                    }
                    lines.append("  - sku: " + JSONValue.string(variantSKU).encoded())
                    for (n, option) in options.enumerated() {
                        // A variation's attributes are in the same numbered columns as its parent's.
                        let column = (1...9).first { value(row, "Attribute \($0) name") == option } ?? (n + 1)
                        lines.append("    \(keys[n]): " + JSONValue.string(value(row, "Attribute \(column) value(s)")).encoded())
                    }
                    if !value(row, "Regular price").isEmpty, let own = money(value(row, "Regular price"), "Regular price", row), own != price {
                        lines.append("    price: \(own.decimalString)")
                    }
                    if value(row, "In stock?") == "0" { lines.append("    availability: out_of_stock") }
                }
                writer.block(lines)
            }
            let description = value(index, "Description").isEmpty ? value(index, "Short description") : value(index, "Description")
            result.files["products/\(slug).md"] = writer.file(body: HTMLToMarkdown.convert(description))

            // A sale: a promotion naming the product, when a percentage gives exactly its price.
            let saleText = value(index, "Sale price")
            if !saleText.isEmpty, let sale = money(saleText, "Sale price", index) {
                let starts = value(index, "Date sale price starts")
                var percent = Decimal(price.minorUnits - sale.minorUnits) * 100 / Decimal(max(1, price.minorUnits))
                var rounded = Decimal()
                NSDecimalRound(&rounded, &percent, 2, .plain)
                let exact = rounded > 0 && price.discounted(byPercent: rounded) == sale
                if exact, case .success(let start) = Timestamp.parse(starts) {
                    var promotion = FrontMatterWriter()
                    promotion.text("title", "\(name) on sale")
                    promotion.raw("starts", start.iso8601)
                    if case .success(let end) = Timestamp.parse(value(index, "Date sale price ends")) { promotion.raw("ends", end.iso8601) }
                    promotion.list("products", [slug.rawValue])
                    promotion.raw("discountPercent", "\(rounded)")
                    result.files["promotions/\(promotionSlugs.slug(for: "\(name) sale").rawValue).md"] = promotion.file(body: "")
                } else {
                    result.diagnostics.append(.warning(
                        "\(name): sale price \(saleText) not imported; a promotion needs a start date and a percentage that gives it exactly",
                        at: at))
                }
            }
        }
        return result
    }
}
