/// A column of `Content/stock.csv`, the prices and stock another system exports: the loader
/// checks the sheet's header against these, and the README's key table is made from them.
public struct StockColumn: Sendable {
    public let name: String
    /// As the README's table says it.
    public let type: String
    public let required: Bool
    public let meaning: String

    public static let all: [StockColumn] = [
        StockColumn(name: "sku", type: "text", required: true, meaning: "a product's or variant's SKU, one row each"),
        StockColumn(
            name: "availability", type: Availability.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "), required: false,
            meaning: "replaces the SKU's availability"),
        StockColumn(
            name: "price", type: "decimal in the product's currency", required: false, meaning: "replaces the SKU's price"),
        StockColumn(
            name: "quantity", type: "whole number ≥ 0", required: false,
            meaning: "0 means `out_of_stock`; more brings an out-of-stock SKU back `in_stock`"),
    ]
}
