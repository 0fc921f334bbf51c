import CatalogModel
import Foundation
import TextHash

extension ContentLoader {
    /// Prices and stock from the shop's inventory system, one row per SKU, so that thousands of
    /// changes an hour need no product file touched.
    public static let stockFile = "stock.csv"
    /// One row per SKU of the whole catalog: at 100,000 products with shades it outgrows the
    /// 4 MiB of a content file.
    public static let stockFileBytes = 64 << 20
    /// The contract's columns, in the order the messages name them.
    public static let stockColumns = StockColumn.all.map(\.name)

    /// Reads `stock.csv` when the content folder has one and puts its rows into the decoded
    /// products. This happens before the catalog is assembled, so every later check (sale prices,
    /// what can be bought) sees the prices and stock the shop will sell at. Returns, for each
    /// product a row changed, a digest of its rows: an incremental build renders the product's
    /// outputs again when it differs.
    func applyStock(to products: inout DecodedRecords<Product>, diagnostics: inout [Diagnostic]) -> [Slug: UInt64]? {
        let path = contentFolder.appendingPathComponent(Self.stockFile).path
        let display = "\(displayName)/\(Self.stockFile)"
        let data: Data
        switch ContentFileReader.read(path, limit: Self.stockFileBytes) {
        case .success(let bytes): data = bytes
        case .failure(.missing): return nil
        case .failure(let refusal):
            diagnostics.append(refusal.diagnostic(for: display))
            return nil
        }
        let table: CSVTable
        do { table = try CSVTable.parse(data, display: display) } catch {
            switch error { case .unreadable(let diagnostic): diagnostics.append(diagnostic) }
            return nil
        }
        var sheet = StockSheet(table: table)
        guard sheet.readHeader(&diagnostics) else { return [:] }
        return sheet.apply(to: &products, diagnostics: &diagnostics)
    }
}

/// `stock.csv` read against the decoded products: its header, then each row checked where it is
/// written and applied to its product or variant.
struct StockSheet {
    let table: CSVTable
    /// Column index of each known column the header has.
    var columns: [String: Int] = [:]

    init(table: CSVTable) { self.table = table }

    /// The known columns' places, and a diagnostic for each column that is not one: an error for
    /// a near miss (`qty` is not, `quantiy` is), a warning otherwise; false without `sku`.
    mutating func readHeader(_ diagnostics: inout [Diagnostic]) -> Bool {
        let known = ContentLoader.stockColumns
        for (index, raw) in table.header.enumerated() {
            let name = raw.trimmingWhitespace().lowercased()
            let at = SourceLocation(path: table.display, line: 1, column: table.column(ofField: index, onLine: 1))
            if let first = columns[name] {
                diagnostics.append(.error(
                    "the column \(name) appears twice (first as column \(first + 1)); keep one", at: at))
            } else if known.contains(name) {
                columns[name] = index
            } else if let meant = Spelling.mistypedKey(name, among: known) {
                diagnostics.append(.error("unknown column \(raw); did you mean \(meant)?", at: at))
            } else {
                diagnostics.append(.warning(
                    "the column \(raw) is ignored; stock.csv has \(known.joined(separator: ", "))", at: at))
            }
        }
        guard columns["sku"] != nil else {
            diagnostics.append(.error(
                "stock.csv needs a sku column; its first row names the columns, e.g. sku,availability,price,quantity",
                at: SourceLocation(path: table.display, line: 1, column: 1)))
            return false
        }
        return true
    }

    /// Where a product or variant is among the decoded products.
    struct Target {
        var product: Int
        var variant: Int?
    }

    mutating func apply(to products: inout DecodedRecords<Product>, diagnostics: inout [Diagnostic]) -> [Slug: UInt64] {
        var targets: [String: Target] = [:]
        for (position, product) in products.records.enumerated() {
            if targets[product.sku] == nil { targets[product.sku] = Target(product: position) }
            for (index, variant) in product.variants.enumerated() where targets[variant.sku] == nil {
                targets[variant.sku] = Target(product: position, variant: index)
            }
        }
        var firstLine: [String: Int] = [:]
        var digests: [Slug: UInt64] = [:]
        for row in table.fields.indices {
            let fields = table.fields[row]
            if fields.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { continue }
            func at(_ name: String) -> SourceLocation { table.location(ofRow: row, field: columns[name] ?? 0) }
            // A short row's missing fields are empty, and so is a trailing comma's; a value past
            // the header's columns is a comma that needed quotes.
            if let extra = fields.indices.dropFirst(table.header.count).first(where: { !fields[$0].trimmingWhitespace().isEmpty }) {
                diagnostics.append(.error(
                    "this row has more fields than the header's \(table.header.count) columns; put a field that holds a comma in double quotes",
                    at: table.location(ofRow: row, field: extra)))
                continue
            }
            func value(_ name: String) -> String? {
                // A row may stop before the header's last columns: those cells are empty.
                guard let index = columns[name], index < fields.count else { return nil }
                let text = fields[index].trimmingWhitespace()
                return text.isEmpty ? nil : text
            }
            guard let sku = value("sku") else {
                diagnostics.append(.error("sku is empty; every row names the product's or variant's SKU it sets", at: at("sku")))
                continue
            }
            if let first = firstLine[sku] {
                diagnostics.append(.error(
                    "SKU \(sku) has a row already, on line \(first); keep one row per SKU", at: at("sku")))
                continue
            }
            firstLine[sku] = table.lines[row]
            guard let target = targets[sku] else {
                let hint = Spelling.closest(to: sku, among: Array(targets.keys)).map { "; did you mean \($0)?" }
                    ?? "; write the SKU of a product or variant"
                diagnostics.append(.error("no product or variant has the SKU \(sku)\(hint)", at: at("sku")))
                continue
            }
            let product = products.records[target.product]
            var failed = false
            var availability: Availability?
            if let text = value("availability") {
                availability = Availability(rawValue: text)
                if availability == nil {
                    let choices = Availability.allCases.map(\.rawValue).joined(separator: ", ")
                    diagnostics.append(.error("availability: \"\(text)\" is not one of \(choices)", at: at("availability")))
                    failed = true
                }
            }
            var price: Money?
            if let text = value("price") {
                switch Money.parse(text, currency: product.price.currency) {
                case .success(let money): price = money
                case .failure(let problem):
                    diagnostics.append(.error("price: \(problem.description)", at: at("price")))
                    failed = true
                }
            }
            var quantity: Int?
            if let text = value("quantity") {
                quantity = Int(text).flatMap { $0 >= 0 ? $0 : nil }
                if quantity == nil {
                    diagnostics.append(.error("quantity: \"\(text)\" is not a whole number of 0 or more; write e.g. 12", at: at("quantity")))
                    failed = true
                }
            }
            if let quantity, let availability, quantity == 0 ? availability == .inStock : availability == .outOfStock {
                diagnostics.append(.error(
                    quantity == 0
                        ? "quantity 0 means out_of_stock, and availability says in_stock; leave availability empty, or write backorder or preorder to keep selling"
                        : "availability out_of_stock with \(quantity) in stock; leave availability empty or fix the quantity",
                    at: at("availability")))
                failed = true
            }
            guard !failed else { continue }
            let current = target.variant.map { product.variants[$0].availability ?? product.availability } ?? product.availability
            let stock = availability ?? Self.availability(forQuantity: quantity, current: current)
            products.modify(at: target.product) { product in
                if let variant = target.variant {
                    if let price { product.variants[variant].price = price }
                    if let stock { product.variants[variant].availability = stock }
                } else {
                    if let price { product.price = price }
                    if let stock { product.availability = stock }
                }
            }
            let row = [sku, availability?.rawValue ?? "", price.map { String($0.minorUnits) } ?? "", quantity.map(String.init) ?? ""]
            let slug = product.slug
            digests[slug] = TextHash.hash(of: row.joined(separator: "\u{1F}")) &+ (digests[slug] ?? 0) &* 0x100_0000_01B3
        }
        return digests
    }

    /// What a quantity says when the row gives no availability: none left is `out_of_stock`, as
    /// the contract says (a row that keeps selling writes `backorder`); some is `in_stock` for an
    /// item marked out of stock, and leaves a pre-order or backorder as it is. Nil changes nothing.
    static func availability(forQuantity quantity: Int?, current: Availability) -> Availability? {
        guard let quantity else { return nil }
        if quantity == 0 { return .outOfStock }
        return current == .outOfStock ? .inStock : nil
    }
}
