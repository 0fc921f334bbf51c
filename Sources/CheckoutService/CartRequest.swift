public import Foundation

/// What a client asks to buy: skus with quantities and maybe a promotion code. Never a price.
public struct CartRequest: Sendable, Hashable {
    public var items: [CartItem]
    /// Upper-cased; nil when none was given.
    public var code: String?
    /// The storefront the cart was filled in (`ko-kr`), which decides its market's prices and
    /// currency; nil for the root storefront.
    public var storefront: String?

    public init(items: [CartItem], code: String? = nil, storefront: String? = nil) {
        self.items = items
        self.code = code
        self.storefront = storefront
    }
}

public struct CartItem: Sendable, Hashable {
    public var sku: String
    public var quantity: Int

    public init(sku: String, quantity: Int) {
        self.sku = sku
        self.quantity = quantity
    }
}

extension CartRequest {
    /// Reads the body of `POST /api/checkout-links`. Syntax errors are 400; a body that is JSON
    /// but not a cart (wrong type, unknown or price-like field) is 422, naming the field.
    public static func decode(json data: Data) throws(CheckoutError) -> CartRequest {
        do {
            let body = try JSONDecoder().decode(Body.self, from: data)
            return try CartRequest(items: body.items, code: normalizedCode(body.code), storefront: normalizedStorefront(body.storefront))
        } catch let error as CheckoutError {
            throw error
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .malformedJSON("\(error)")
        }
    }

    /// Reads the `<sku>:<qty>[,<sku>:<qty>…]` path segment of a `/cart/…` link (percent-decoded).
    public static func parse(path segment: String, code: String?, storefront: String? = nil) throws(CheckoutError) -> CartRequest {
        // Skus need no escaping, so most links have nothing to decode.
        let decoded = segment.utf8.contains(UInt8(ascii: "%")) ? segment.removingPercentEncoding : segment
        guard let decoded, !decoded.isEmpty else { throw .malformedCart(segment) }
        var items: [CartItem] = []
        for entry in decoded.split(separator: ",", omittingEmptySubsequences: false) {
            guard let colon = entry.lastIndex(of: ":") else { throw .malformedCart(decoded) }
            let sku = String(entry[..<colon])
            let quantityText = entry[entry.index(after: colon)...]
            guard !sku.isEmpty, !quantityText.isEmpty, quantityText.utf8.count <= 9,
                quantityText.allSatisfy({ $0.isASCII && $0.isNumber }), let quantity = Int(quantityText)
            else { throw .malformedCart(decoded) }
            items.append(CartItem(sku: sku, quantity: quantity))
            if items.count > CartRules.maximumLines { throw .tooManyLines(decoded.split(separator: ",").count) }
        }
        return CartRequest(items: items, code: try normalizedCode(code), storefront: try normalizedStorefront(storefront))
    }

    /// A storefront is named by its folder (`ko-kr`); an empty one is the root.
    static func normalizedStorefront(_ storefront: String?) throws(CheckoutError) -> String? {
        guard let storefront, !storefront.isEmpty else { return nil }
        let lower = storefront.lowercased()
        guard lower.count <= 40, lower.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw .invalidRequest("`storefront` must be a storefront's folder such as ko-kr, or left out for the root", field: "storefront")
        }
        return lower
    }

    /// Codes are typed by people: compare them upper-cased, and treat an empty one as none.
    static func normalizedCode(_ code: String?) throws(CheckoutError) -> String? {
        guard let code, !code.isEmpty else { return nil }
        let upper = code.uppercased()
        let allowed = upper.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard allowed, upper.count <= CartRules.maximumCodeLength else {
            throw .invalidCode
        }
        return upper
    }

    private static func describe(_ error: DecodingError) -> CheckoutError {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "body" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let reason = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return .malformedJSON(reason ?? context.debugDescription)
        case .dataCorrupted(let context):
            return .invalidRequest("`\(path(context.codingPath))` is not valid: \(context.debugDescription)", field: path(context.codingPath))
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            if context.codingPath.isEmpty { return .invalidRequest("The body must be a JSON object with `items`", field: field) }
            return .invalidRequest("`\(field)` must be \(Self.name(of: type))", field: field)
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return .invalidRequest("`\(field)` must be \(Self.name(of: type)), not null", field: field)
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return .invalidRequest("`\(field)` is required", field: field)
        @unknown default:
            return .invalidRequest("The body is not a cart: \(error)", field: "body")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type:
            "an integer from \(CartRules.quantities.lowerBound) to \(CartRules.quantities.upperBound)"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}

/// The JSON body, checked key by key so that an unknown or price-like field is refused by name
/// instead of silently ignored.
private struct Body: Decodable {
    var items: [CartItem] = []
    var code: String?
    var storefront: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try rejectUnknownKeys(container, allowed: ["items", "code", "storefront"], at: "")
        var list = try container.nestedUnkeyedContainer(forKey: AnyKey("items"))
        if let count = list.count, count > CartRules.maximumLines { throw CheckoutError.tooManyLines(count) }
        while !list.isAtEnd {
            let index = list.currentIndex
            let fields = try list.nestedContainer(keyedBy: AnyKey.self)
            try rejectUnknownKeys(fields, allowed: ["sku", "quantity"], at: "items[\(index)].")
            let sku = try fields.decode(String.self, forKey: AnyKey("sku"))
            // Read as a number first: Foundation reports 1.5 or 1e30 read as an Int as invalid JSON,
            // which would be a 400 for what is a well-formed body with a bad quantity.
            let number = try fields.decode(Double.self, forKey: AnyKey("quantity"))
            guard number.isFinite, number.rounded() == number, abs(number) < 1e9 else {
                throw CheckoutError.invalidRequest(
                    "`items[\(index)].quantity` must be an integer from \(CartRules.quantities.lowerBound) to \(CartRules.quantities.upperBound)",
                    field: "items[\(index)].quantity")
            }
            items.append(CartItem(sku: sku, quantity: Int(number)))
        }
        code = try container.decodeIfPresent(String.self, forKey: AnyKey("code"))
        storefront = try container.decodeIfPresent(String.self, forKey: AnyKey("storefront"))
    }
}

private func rejectUnknownKeys(_ container: KeyedDecodingContainer<AnyKey>, allowed: Set<String>, at prefix: String) throws {
    let keys = container.allKeys
    if keys.allSatisfy({ allowed.contains($0.stringValue) }) { return }
    for key in keys.map(\.stringValue).sorted() where !allowed.contains(key) {
        let lower = key.lowercased()
        if ["price", "amount", "total", "discount", "cost"].contains(where: lower.contains) {
            throw CheckoutError.priceNotAccepted(field: prefix + key)
        }
        throw CheckoutError.invalidRequest(
            "`\(prefix + key)` is not a field of a cart; allowed: \(allowed.sorted().joined(separator: ", "))",
            field: prefix + key)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
