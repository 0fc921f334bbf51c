public import CatalogModel
import ContentLoader
public import Foundation

/// Turns Shopify's product CSV into content files. Rows are grouped by `Handle`: the first row of
/// a handle holds the product, further rows add variants and images. `Vendor` becomes the brand,
/// `Type` a category, `Body (HTML)` the Markdown body. What the content model cannot say
/// (inventory counts, compare-at prices without a promotion, drafts) is reported, never dropped
/// silently.
public struct ShopifyImporter: Sendable {
    public var currency: Currency

    public init(currency: Currency = .usd) {
        self.currency = currency
    }

    static let required = ["Handle", "Title", "Variant Price"]

    public func importFile(_ url: URL) -> ImportResult {
        var result = ImportResult()
        let table: CSVTable
        switch CSVTable.read(url, required: Self.required, source: "Shopify's admin (Products → Export)") {
        case .success(let read): table = read
        case .failure(let diagnostic):
            result.diagnostics.append(diagnostic)
            return result
        }
        // Rows by handle, in file order.
        var order: [String] = []
        var rowsByHandle: [String: [Int]] = [:]
        let rows = table.keyedRows()
        for (index, row) in rows.enumerated() {
            let handle = row["Handle", default: ""].trimmingWhitespace()
            guard !handle.isEmpty else {
                result.diagnostics.append(.error("row without a Handle", at: table.location(ofRow: index)))
                continue
            }
            if rowsByHandle[handle] == nil { order.append(handle) }
            rowsByHandle[handle, default: []].append(index)
        }
        var records = ImportedRecords()
        var productSlugs = SlugMaker()
        for handle in order {
            let indices = rowsByHandle[handle]!
            let first = rows[indices[0]]
            let at = table.location(ofRow: indices[0])
            let title = first["Title", default: ""].trimmingWhitespace()
            guard !title.isEmpty else {
                result.diagnostics.append(.error("\(handle): the first row of a product needs its Title", at: at))
                continue
            }
            if first["Status"]?.lowercased() == "draft" || first["Published"]?.lowercased() == "false" {
                result.diagnostics.append(.warning("\(handle): a draft, not published in Shopify: left out", at: at))
                continue
            }
            let vendor = first["Vendor", default: ""].trimmingWhitespace()
            let brandTitle = vendor.isEmpty ? "Unbranded" : vendor
            if vendor.isEmpty {
                result.diagnostics.append(.warning("\(handle): no Vendor; the product goes under the brand \"Unbranded\"", at: at))
            }
            let brand = records.brand(brandTitle, into: &result)
            var productCategories: [String] = []
            let type = first["Type", default: ""].trimmingWhitespace()
            if !type.isEmpty { productCategories.append(records.category([type], into: &result).rawValue) }

            // Option names from the first row; Shopify calls the one option of a plain product "Title".
            let optionNames = (1...3).compactMap { n -> String? in
                let name = first["Option\(n) Name", default: ""].trimmingWhitespace()
                return name.isEmpty ? nil : name
            }
            let hasOptions = !(optionNames == ["Title"] || optionNames.isEmpty)
            struct Row { var sku: String; var values: [String]; var price: String; var gtin: String?; var image: String?; var available: Bool }
            var variants: [Row] = []
            var images: [(position: Int, url: String)] = []
            for (offset, index) in indices.enumerated() {
                let row = rows[index]
                let location = table.location(ofRow: index)
                if let src = row["Image Src"]?.trimmingWhitespace(), !src.isEmpty {
                    images.append((Int(row["Image Position", default: ""]) ?? offset + 1, src))
                }
                let priceText = row["Variant Price", default: ""].trimmingWhitespace()
                guard !priceText.isEmpty else { continue }  // an image-only row
                var price: String?
                switch Money.parse(priceText, currency: currency) {
                case .success(let money): price = money.decimalString
                case .failure(let error):
                    result.diagnostics.append(.error("\(handle): Variant Price: \(error.description)", at: location))
                }
                if let compare = row["Variant Compare At Price"]?.trimmingWhitespace(), !compare.isEmpty {
                    result.diagnostics.append(.warning(
                        "\(handle): compare-at price \(compare) not imported; a sale is a promotion in Vitrine (add one with discountPercent)",
                        at: location))
                }
                var available = true
                if let quantity = row["Variant Inventory Qty"].flatMap({ Int($0.trimmingWhitespace()) }) {
                    available = quantity > 0
                    if offset == 0 {
                        result.diagnostics.append(.warning(
                            "\(handle): inventory counts are not imported; availability follows them (0 or less: out_of_stock)", at: location))
                    }
                }
                var sku = row["Variant SKU", default: ""].trimmingWhitespace()
                if !ImportedRecords.isSKU(sku) {
                    let made = "SHOPIFY-\(Slug.suggestion(for: handle).uppercased())-\(variants.count + 1)"
                    result.diagnostics.append(.warning(
                        "\(handle): Variant SKU \"\(sku)\" is empty or has characters a SKU cannot; imported as \(made)", at: location))
                    sku = made
                }
                let values = (1...max(1, optionNames.count)).map { row["Option\($0) Value", default: ""].trimmingWhitespace() }
                var gtin = row["Variant Barcode"]?.trimmingWhitespace()
                if let code = gtin, !code.isEmpty, let problem = GTIN.problem(with: code) {
                    result.diagnostics.append(.warning("\(handle): Variant Barcode not imported: \(problem)", at: location))
                    gtin = nil
                }
                let image = row["Variant Image"]?.trimmingWhitespace()
                if let price {
                    variants.append(Row(
                        sku: sku, values: values, price: price, gtin: gtin?.isEmpty == false ? gtin : nil,
                        image: image?.isEmpty == false ? image : nil, available: available))
                }
            }
            guard let base = variants.first else {
                if !result.failed {
                    result.diagnostics.append(.error("\(handle): no row has a Variant Price", at: at))
                }
                continue
            }
            images.sort { $0.position < $1.position }
            let slug = productSlugs.slug(for: handle)
            var writer = FrontMatterWriter()
            writer.text("sku", hasOptions ? "SHOPIFY-\(Slug.suggestion(for: handle).uppercased())" : base.sku)
            writer.text("name", title)
            writer.raw("brand", brand.rawValue)
            writer.raw("price", base.price)
            if !hasOptions, !base.available { writer.raw("availability", "out_of_stock") }
            if !hasOptions { writer.text("gtin", base.gtin) }
            writer.text("image", images.first?.url)
            writer.list("images", images.dropFirst().map(\.url))
            writer.list("tags", first["Tags", default: ""].split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty })
            writer.list("categories", productCategories)
            if hasOptions {
                let keys = optionNames.map(Self.optionKey)
                writer.raw("options", "[" + keys.joined(separator: ", ") + "]")
                var lines = ["variants:"]
                for variant in variants {
                    lines.append("  - sku: " + JSONValue.string(variant.sku).encoded())
                    for (key, value) in zip(keys, variant.values) { lines.append("    \(key): " + JSONValue.string(value).encoded()) }
                    if variant.price != base.price || variants.contains(where: { $0.price != base.price }) { lines.append("    price: \(variant.price)") }
                    if !variant.available { lines.append("    availability: out_of_stock") }
                    if let gtin = variant.gtin { lines.append("    gtin: " + JSONValue.string(gtin).encoded()) }
                    if let image = variant.image { lines.append("    image: " + JSONValue.string(image).encoded()) }
                }
                writer.block(lines)
            }
            result.files["products/\(slug).md"] = writer.file(body: HTMLToMarkdown.convert(first["Body (HTML)", default: ""]))
        }
        return result
    }

    /// `Shade` → `shade`, `Skin Type` → `skinType`: option names are camelCase keys.
    static func optionKey(_ name: String) -> String {
        let words = Slug.suggestion(for: name).split(separator: "-")
        guard let head = words.first else { return "option" }
        var key = String(head) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = key.first, first.isNumber { key = "option" + key }
        return Variant.ownKeys.contains(key) ? key + "Option" : key
    }
}
