public import CatalogModel
public import Foundation

/// Prices a cart from the catalog alone: the client says what and how many, the catalog says
/// how much. Each line is the catalog's quote for the cart's code (`Catalog.quote`) times its quantity.
public struct CartPricer: Sendable {
    public let catalog: Catalog
    /// Promotions by their code, for telling a mistyped code from a running one.
    private let promotionsByCode: [String: [Promotion]]
    /// The shop's storefronts by folder (`ko-kr`, the root as ""); empty for a shop without markets.
    private let storefronts: [(name: String, storefront: Storefront)]

    public init(catalog: Catalog) {
        self.catalog = catalog
        self.storefronts = catalog.site.markets.isEmpty
            ? [] : catalog.site.storefronts.map { (String($0.pathPrefix.dropLast()), $0) }
        var byCode: [String: [Promotion]] = [:]
        for promotion in catalog.promotions {
            if let code = promotion.code { byCode[code, default: []].append(promotion) }
        }
        self.promotionsByCode = byCode
    }

    /// `Catalog.activePromotion(withCode:at:)`, through the index.
    func activePromotion(withCode code: String, at now: Date) -> Promotion? {
        promotionsByCode[code.uppercased(), default: []].first { $0.status(at: now) == .active }
    }

    /// The market a cart of this storefront is priced in: nil for a shop without markets, whose
    /// one storefront prices as it always did. A storefront the shop does not have is refused.
    public func market(ofStorefront name: String?) throws(CheckoutError) -> Market? {
        guard !storefronts.isEmpty else {
            if let name { throw .unknownStorefront(name, known: [""]) }
            return nil
        }
        let wanted = name ?? ""
        guard let found = storefronts.first(where: { $0.name == wanted }) else {
            throw .unknownStorefront(wanted, known: storefronts.map(\.name))
        }
        return found.storefront.market
    }

    /// Checks the request in a fixed order (shape, quantities, storefront, skus, code, market,
    /// stock, currency), so the same bad cart always gets the same answer, and prices it at `now`.
    public func price(_ request: CartRequest, at now: Date) throws(CheckoutError) -> PricedCart {
        let items = try merged(request.items)
        let market = try market(ofStorefront: request.storefront)
        var unknown: [String] = []
        var groups: [Product] = []
        var products: [Product] = []
        for item in items {
            switch catalog.match(sku: item.sku) {
            case nil: unknown.append(item.sku)
            case .group(let product): groups.append(product)
            case let match?: products.append(match.buyable!)
            }
        }
        guard unknown.isEmpty else { throw .unknownSKUs(unknown) }
        guard groups.isEmpty else { throw .variantRequired(groups) }
        if let code = request.code, activePromotion(withCode: code, at: now) == nil { throw .unknownCode(code) }
        if let market {
            let unsold = products.filter { catalog.price(of: $0, in: market) == nil }.map(\.sku)
            guard unsold.isEmpty else { throw .notSoldInMarket(unsold, market: market) }
        }
        let soldOut = products.filter { !$0.availability.isPurchasable }.map(\.sku)
        guard soldOut.isEmpty else { throw .outOfStock(soldOut) }
        var currencies: [String] = []
        for product in products where !currencies.contains(product.price.currency.code) {
            currencies.append(product.price.currency.code)
        }
        // A market prices every product in its own currency.
        if let market { currencies = [market.currency.code] }
        guard currencies.count == 1, let currency = market?.currency ?? products.first?.price.currency else {
            throw .mixedCurrencies(currencies)
        }
        let lines = try zip(items, products).map { item, product throws(CheckoutError) in
            try line(product, quantity: item.quantity, code: request.code, at: now, market: market)
        }
        let cart = PricedCart(currency: currency, lines: lines, code: request.code, storefront: request.storefront)
        guard cart.fits else { throw .amountTooLarge }
        return cart
    }

    /// One line at `now`, as `price` makes it; also used to re-price a signed cart against a newer catalog.
    func line(_ product: Product, quantity: Int, code: String?, at now: Date, market: Market? = nil) throws(CheckoutError)
        -> PricedCart.Line
    {
        let quote: PriceQuote
        if let market {
            guard let priced = catalog.quote(for: product, in: market, at: now, code: code) else {
                throw .notSoldInMarket([product.sku], market: market)
            }
            quote = priced
        } else {
            quote = catalog.quote(for: product, at: now, code: code)
        }
        guard let line = PricedCart.Line(sku: product.sku, name: product.name, quantity: quantity, quote: quote) else {
            throw .amountTooLarge
        }
        return line
    }

    /// Lines with the same sku become one, quantities added; order of first appearance is kept.
    func merged(_ items: [CartItem]) throws(CheckoutError) -> [CartItem] {
        guard !items.isEmpty else { throw .emptyCart }
        guard items.count <= CartRules.maximumLines else { throw .tooManyLines(items.count) }
        var result: [CartItem] = []
        var index: [String: Int] = [:]
        for item in items {
            guard CartRules.quantities.contains(item.quantity) else { throw .invalidQuantity(sku: item.sku, quantity: item.quantity) }
            if let at = index[item.sku] {
                result[at].quantity += item.quantity
                guard CartRules.quantities.contains(result[at].quantity) else {
                    throw .invalidQuantity(sku: item.sku, quantity: result[at].quantity)
                }
            } else {
                index[item.sku] = result.count
                result.append(item)
            }
        }
        return result
    }
}
