import CatalogModel

extension ContentLoader {
    /// The products each market cannot sell: no price listed in its currency and no exchange
    /// rate to convert one. They are left out of that market's storefronts; a warning, since a
    /// shop may mean it, named at the market so the list reads as one fact about it.
    static func unsoldProducts(in catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for market in catalog.site.markets {
            let unsold = catalog.products.filter { !catalog.sells($0, in: market) }
            guard !unsold.isEmpty else { continue }
            let code = market.currency.code
            let shown = unsold.prefix(10).map(\.sku).joined(separator: ", ")
            let more = unsold.count > 10 ? " and \(unsold.count - 10) more" : ""
            let count = unsold.count == 1 ? "1 product has" : "\(unsold.count) products have"
            diagnostics.append(.warning(
                "markets: \(market.id): \(count) no \(code) price and \(code) has no exchange rate, so its storefronts leave "
                    + "\(unsold.count == 1 ? "it" : "them") out: \(shown)\(more); add prices: {\(code): …} to "
                    + "\(unsold.count == 1 ? "it" : "them") or \"exchangeRates\": {\"\(code)\": …} to site.json",
                at: market.source))
        }
        return diagnostics
    }
}
