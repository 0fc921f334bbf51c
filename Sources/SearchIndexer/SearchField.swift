/// Where in a product a word was found. A word's score in a product is the sum of the weights of
/// the fields it occurs in (each weight a bit, so the sum is 1…15): a word in the name outranks the
/// same word only in the brand, tags or SKU, which outrank the detail text.
public enum SearchField: UInt8, Sendable, CaseIterable {
    case name = 8
    case brand = 4
    case label = 2  // tags and SKU
    case detail = 1

    public var weight: UInt8 { rawValue }
}
