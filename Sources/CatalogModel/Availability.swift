/// Whether a product can be bought now; the raw values are the content file's spelling.
public enum Availability: String, Sendable, Hashable, Codable, CaseIterable {
    case inStock = "in_stock"
    case outOfStock = "out_of_stock"
    case preorder
    case backorder

    public var label: String {
        switch self {
        case .inStock: "In stock"
        case .outOfStock: "Out of stock"
        case .preorder: "Pre-order"
        case .backorder: "Backorder"
        }
    }

    public var schemaOrgURL: String {
        switch self {
        case .inStock: "https://schema.org/InStock"
        case .outOfStock: "https://schema.org/OutOfStock"
        case .preorder: "https://schema.org/PreOrder"
        case .backorder: "https://schema.org/BackOrder"
        }
    }

    /// Whether a checkout may include it.
    /// Most buyable first: what a product with variants says when its variants differ.
    public static let byPreference: [Availability] = [.inStock, .preorder, .backorder, .outOfStock]

    public var isPurchasable: Bool { self != .outOfStock }
}
