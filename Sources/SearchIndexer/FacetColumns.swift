import CatalogModel

/// Per-product facet values, by product number: what the page needs to count brands and
/// availability over any set of matches and to apply a price range.
struct FacetColumns {
    var brand: [UInt8]
    var brandWidth: Int
    var availability: [UInt8]
    var price: [UInt8]
    var priceWidth: Int

    /// `prices`: what each product costs everyone now (`Catalog.quote`), so a price filter keeps
    /// exactly the products whose shown price is in range.
    init(brandOfProduct: [UInt32], brandCount: Int, availabilityOfProduct: [UInt8], prices: [Money], currency: Currency) {
        brandWidth = Self.width(for: UInt64(max(brandCount, 1) - 1))
        var brandWriter = ByteWriter()
        for number in brandOfProduct { brandWriter.fixed(UInt64(number), width: brandWidth) }
        brand = brandWriter.bytes

        availability = [UInt8](repeating: 0, count: (availabilityOfProduct.count + 3) / 4)
        for (index, value) in availabilityOfProduct.enumerated() {
            availability[index / 4] |= value << UInt8((index % 4) * 2)
        }

        let prices = prices.map { $0.currency == currency ? UInt64($0.minorUnits) : nil }
        // One more than the highest price must fit, so the all-ones value stays free as "other currency".
        priceWidth = Self.width(for: (prices.compactMap { $0 }.max() ?? 0) + 1)
        let otherCurrency = priceWidth == 8 ? UInt64.max : (UInt64(1) << UInt64(priceWidth * 8)) - 1
        var priceWriter = ByteWriter()
        for value in prices { priceWriter.fixed(value ?? otherCurrency, width: priceWidth) }
        price = priceWriter.bytes
    }

    /// Bytes needed for values up to `largest`.
    static func width(for largest: UInt64) -> Int {
        var width = 1
        while width < 8, largest >> UInt64(width * 8) != 0 { width += 1 }
        return width
    }
}
