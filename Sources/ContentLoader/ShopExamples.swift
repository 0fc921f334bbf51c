import CatalogModel

/// The examples advice quotes, taken from the shop's own content: one of its brands, an SKU
/// written the way its SKUs are. A message about another shop's files never names the sample
/// shop's brands or SKUs; without content of its own a shop is shown a neutral example.
///
/// The loader reads every file first and only then knows the shop's brands and SKUs: a file
/// whose messages asked for them (`FieldReader.usedShopExamples`) is read once more with them.
struct ShopExamples: Sendable {
    /// Brand slugs in the records' order; the first is the example when none is closer.
    var brands: [String]
    /// An SKU in the pattern of the shop's SKUs that no record uses yet.
    let sku: String

    static let neutralBrand = "a-brand-slug"
    static let neutralSKU = "SKU-001"

    init(brands: [String] = [], skus: [String] = []) {
        self.brands = brands
        self.sku = Self.skuExample(following: skus)
    }

    /// The shop's brand closest by spelling to a wrong `text`, else its first brand.
    func brand(near text: String? = nil) -> String {
        if let text, let close = Spelling.closest(to: text, among: brands) { return close }
        return brands.first ?? Self.neutralBrand
    }

    /// The shop's brand close to a wrong `text` by spelling, or nil.
    func closeBrand(to text: String) -> String? {
        Spelling.closest(to: text, among: brands)
    }

    /// An unused SKU shaped like most of `skus`: each is read as a shape (`ORG-DC-50` is
    /// `AAA-AA-99`), the commonest shape with a digit wins (any shape when none has one), and its
    /// last SKU in sorted order is counted on (`ORG-NS-31`), or given a `-2` when it has no digit.
    static func skuExample(following skus: [String]) -> String {
        guard !skus.isEmpty else { return neutralSKU }
        func shape(_ sku: String) -> String {
            String(sku.map { c -> Character in
                if c.isASCII, c.isUppercase { return "A" }
                if c.isASCII, c.isLowercase { return "a" }
                if c.isASCII, c.isNumber { return "9" }
                return c
            })
        }
        var byShape: [String: [String]] = [:]
        for sku in skus { byShape[shape(sku), default: []].append(sku) }
        let withDigits = byShape.filter { $0.key.contains("9") }
        let pool = withDigits.isEmpty ? byShape : withDigits
        // Most SKUs first; between equals, the shape written first in sorted order, so the
        // choice does not depend on the order files were read in.
        let chosen = pool.max { a, b in
            a.value.count != b.value.count ? a.value.count < b.value.count : a.key > b.key
        }!
        let base = chosen.value.max()!
        let taken = Set(skus)
        var candidate = base
        for _ in 0..<1000 {
            candidate = next(after: candidate)
            if !taken.contains(candidate) { return candidate }
        }
        return neutralSKU
    }

    /// `ORG-NS-30` → `ORG-NS-31`, `A-099` → `A-100`; without a digit `AVN-MIST` → `AVN-MIST-2`,
    /// then `AVN-MIST-3`.
    private static func next(after sku: String) -> String {
        let characters = Array(sku)
        guard let last = characters.lastIndex(where: { $0.isASCII && $0.isNumber }) else { return sku + "-2" }
        var first = last
        while first > 0, characters[first - 1].isASCII, characters[first - 1].isNumber { first -= 1 }
        let digits = String(characters[first...last])
        // A run too long for an Int is counted on in its last digits.
        let tail = String(digits.suffix(9))
        let number = String(Int(tail)! + 1)
        let padded = String(repeating: "0", count: max(0, tail.count - number.count)) + number
        let head = String(characters[..<first]) + String(digits.dropLast(tail.count))
        return head + padded + String(characters[(last + 1)...])
    }
}
