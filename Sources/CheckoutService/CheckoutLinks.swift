public import CatalogModel
public import Foundation

/// Issues signed checkout links for carts and reads them back. Holds the catalog and the key,
/// nothing per shopper: the token is the whole state.
public struct CheckoutLinks: Sendable {
    public let catalog: Catalog
    /// `CatalogFingerprint.short`: signed into every token, reported when a link's prices changed.
    public let version: String
    public let pricer: CartPricer
    public let signer: TokenSigner
    /// How long a link stays valid; the quote holds for this long.
    public let lifetime: TimeInterval
    /// Where the service is reached from outside, ending in `/`: the base of returned URLs.
    public let publicURL: String

    public init(catalog: Catalog, signer: TokenSigner, lifetime: TimeInterval = 30 * 60, publicURL: String) {
        self.catalog = catalog
        self.version = CatalogFingerprint.short(of: catalog)
        self.pricer = CartPricer(catalog: catalog)
        self.signer = signer
        self.lifetime = lifetime
        self.publicURL = publicURL.hasSuffix("/") ? publicURL : publicURL + "/"
    }

    /// A checkout link: the cart as priced now and the token that carries it.
    public struct Link: Sendable, Hashable {
        public var cart: PricedCart
        public var token: String
        public var expiresAt: Date
    }

    public func link(for request: CartRequest, at now: Date) throws(CheckoutError) -> Link {
        let cart = try pricer.price(request, at: now)
        let issued = Int64(now.timeIntervalSince1970.rounded(.down))
        let token = CheckoutToken(
            catalogVersion: version, issuedAt: issued, expiresAt: issued + Int64(lifetime),
            currency: cart.currency, code: cart.code, storefront: cart.storefront,
            lines: cart.lines.map {
                CheckoutToken.Line(sku: $0.sku, quantity: $0.quantity, listPrice: $0.listPrice, discount: $0.discount)
            })
        return Link(cart: cart, token: signer.sign(token), expiresAt: token.expiryDate)
    }

    public func url(forToken token: String) -> String { publicURL + CheckoutRoute.summary.path(token) }

    /// The signed cart behind a token: 403 if it is not ours or was altered, 410 once expired,
    /// 409 listing what changed when the current catalog would price it differently.
    ///
    /// The quote holds for the link's lifetime: a promotion ending after the link was made still
    /// applies, because the cart is re-priced at the moment it was issued, not at `now`. Re-pricing
    /// every time (rather than trusting the signed amounts when the catalog version matches) costs
    /// microseconds and names each line's promotion; the version is reported when they differ.
    public func cart(forToken text: Substring, at now: Date) throws(CheckoutError) -> Link {
        let token = try signer.verify(text)
        guard now < token.expiryDate else {
            throw CheckoutError.tokenExpired(at: Timestamp.rfc3339(token.expiryDate)).about(storefront: token.storefront)
        }
        let currency = token.currency
        var lines: [PricedCart.Line] = []
        var changes: [JSONValue] = []
        // A storefront (or market) the shop no longer has cannot price the cart: every line changed.
        let market = try? pricer.market(ofStorefront: token.storefront)
        for signed in token.lines {
            guard let product = catalog.match(sku: signed.sku)?.buyable else {
                changes.append(["sku": .string(signed.sku), "change": "removed", "was": Self.amounts(signed)])
                continue
            }
            if (token.storefront != nil && market == nil) || market.map({ catalog.price(of: product, in: $0) == nil }) == true
                || (market?.currency ?? currency) != currency
            {
                changes.append(["sku": .string(signed.sku), "change": "not_sold", "was": Self.amounts(signed)])
                continue
            }
            guard product.availability.isPurchasable else {
                changes.append(["sku": .string(signed.sku), "change": "out_of_stock", "was": Self.amounts(signed)])
                continue
            }
            let line: PricedCart.Line
            do {
                line = try pricer.line(product, quantity: signed.quantity, code: token.code, at: token.issueDate, market: market)
            } catch {
                // Only a new price too large to multiply out gets here.
                changes.append(["sku": .string(signed.sku), "change": "price", "was": Self.amounts(signed)])
                continue
            }
            if line.listPrice != signed.listPrice || line.discount != signed.discount {
                changes.append([
                    "sku": .string(signed.sku), "change": "price",
                    "was": Self.amounts(signed),
                    "now": ["unitAmount": .int(line.listPrice.minorUnits), "discountAmount": .int(line.discount.minorUnits)],
                ])
            }
            lines.append(line)
        }
        guard changes.isEmpty else {
            throw CheckoutError.catalogChanged(changes, signedVersion: token.catalogVersion, currentVersion: version)
                .about(storefront: token.storefront)
        }
        return Link(
            cart: PricedCart(currency: currency, lines: lines, code: token.code, storefront: token.storefront), token: String(text),
            expiresAt: token.expiryDate)
    }

    private static func amounts(_ line: CheckoutToken.Line) -> JSONValue {
        ["unitAmount": .int(line.listPrice.minorUnits), "discountAmount": .int(line.discount.minorUnits)]
    }
}
