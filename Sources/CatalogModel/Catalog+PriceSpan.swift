public import Foundation

/// The prices of a product's variants at one moment: what a card, a search result and a price
/// filter say of a product that is sold in several shades or sizes.
public struct PriceSpan: Sendable {
    /// The cheapest variant (the first of the cheapest, in content order) as a product, with its quote.
    public var cheapest: Product
    public var lowest: PriceQuote
    public var highest: PriceQuote
    /// Every variant's quoted price, each once, ascending.
    public var prices: [Money]
    /// The most buyable availability among the variants: in stock if any is.
    public var availability: Availability
    /// Each variant as a product with its quote, in content order.
    public var offers: [(item: Product, quote: PriceQuote)]

    public var pricesDiffer: Bool { prices.count > 1 }
}

extension Catalog {
    /// The span of a product's variants; a product without variants spans its own price.
    public func priceSpan(for product: Product, at now: Date) -> PriceSpan {
        let items = product.buyables
        let quotes = items.map { quote(for: $0, at: now) }
        var low = 0
        var high = 0
        for index in quotes.indices.dropFirst() {
            if quotes[index].price < quotes[low].price { low = index }
            if quotes[index].price > quotes[high].price { high = index }
        }
        let availability = Availability.byPreference.first { code in items.contains { $0.availability == code } } ?? product.availability
        return PriceSpan(
            cheapest: items[low], lowest: quotes[low], highest: quotes[high], prices: Set(quotes.map(\.price)).sorted(),
            availability: availability, offers: Array(zip(items, quotes)))
    }
}
