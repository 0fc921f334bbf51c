/// One buyable shade or size of a product. Keys it leaves out are the product's: a variant is
/// the product with its own SKU, option values and whatever it overrides.
public struct Variant: Sendable, Hashable {
    public var sku: String
    /// One value per name in the product's `options`, in that order.
    public var values: [String]
    public var price: Money?
    public var availability: Availability?
    public var gtin: String?
    public var mpn: String?
    public var image: ImageReference?
    public var netContent: NetContent?
    /// Its own prices in other currencies (`prices`); see `Catalog.price(of:variant:in:)`.
    public var prices: [Money]
    public var source: SourceLocation

    public init(
        sku: String, values: [String], price: Money? = nil, availability: Availability? = nil, gtin: String? = nil,
        mpn: String? = nil, image: ImageReference? = nil, netContent: NetContent? = nil, prices: [Money] = [],
        source: SourceLocation
    ) {
        self.prices = prices
        self.sku = sku
        self.values = values
        self.price = price
        self.availability = availability
        self.gtin = gtin
        self.mpn = mpn
        self.image = image
        self.netContent = netContent
        self.source = source
    }

    /// The attribute shared by schema.org and Google's product data that an option name stands
    /// for (`shade` is a colour), nil for an option neither names.
    public static func standardAttribute(for option: String) -> String? {
        switch option.lowercased() {
        case "shade", "color", "colour", "tint": "color"
        case "size", "volume": "size"
        case "material": "material"
        case "pattern": "pattern"
        default: nil
        }
    }

    /// Keys a variant has besides its option values.
    public static let ownKeys = ["sku", "price", "availability", "gtin", "mpn", "image", "netContent", "prices"]
    /// Characters in one option value.
    public static let valueLength = 1...100
    /// Option names a product may have.
    public static let optionCount = 1...3

    /// The keys of one entry of a product's `variants`: its own keys, each with the product's
    /// rule, and a value for every one of the product's `options`.
    public static func rules(options: [String]) -> [FieldRule] {
        let product = Dictionary(uniqueKeysWithValues: RecordKind.product.fields.map { ($0.key, $0) })
        var rules = [FieldRule("sku", product["sku"]!.type, required: true, "the variant's own stock keeping unit")]
        for key in ownKeys.dropFirst() {
            let rule = product[key]!
            rules.append(FieldRule(key, rule.type, "defaults to the product's \(key)"))
        }
        for option in options {
            rules.append(FieldRule(option, .text(valueLength), required: true, "the variant's \(option)"))
        }
        return rules
    }
}
