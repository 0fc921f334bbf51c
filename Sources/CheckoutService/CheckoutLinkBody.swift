import CatalogModel
import Foundation

/// The JSON of a checkout link (`POST /api/checkout-links`, `GET /api/checkout/<token>`), as the
/// OpenAPI document's `CheckoutLink` schema states it. Amounts are integer minor units.
struct CheckoutLinkBody: Encodable {
    struct Line: Encodable {
        var sku: String
        var name: String
        var unitAmount: Int64
        var quantity: Int
        var discountAmount: Int64
        var lineAmount: Int64
        var promotion: String?
    }

    var url: String
    var token: String
    var expiresAt: String
    var currency: String
    var lines: [Line]
    var subtotal: Int64
    var discount: Int64
    var total: Int64

    init(
        url: String, token: String, expiresAt: String, currency: String, lines: [Line], subtotal: Int64, discount: Int64,
        total: Int64
    ) {
        self.url = url
        self.token = token
        self.expiresAt = expiresAt
        self.currency = currency
        self.lines = lines
        self.subtotal = subtotal
        self.discount = discount
        self.total = total
    }

    init(_ link: CheckoutLinks.Link, url: String) {
        self.url = url
        self.token = link.token
        self.expiresAt = Timestamp.rfc3339(link.expiresAt)
        self.currency = link.cart.currency.code
        self.lines = link.cart.lines.map {
            Line(
                sku: $0.sku, name: $0.name, unitAmount: $0.unitAmount, quantity: $0.quantity,
                discountAmount: $0.discountAmount, lineAmount: $0.lineAmount, promotion: $0.promotion?.rawValue)
        }
        self.subtotal = link.cart.subtotal
        self.discount = link.cart.discount
        self.total = link.cart.total
    }
}

extension CheckoutLinkBody {
    /// The same bytes `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes (a test
    /// holds them equal), written directly: encoding through `Encodable` took a quarter of the time
    /// spent answering `POST /api/checkout-links`.
    var json: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512 + token.utf8.count * 2 + lines.count * 160)
        out.append(contentsOf: #"{"currency":"#.utf8)
        JSONText.appendString(currency, to: &out)
        out.append(contentsOf: #","discount":\#(discount),"expiresAt":"#.utf8)
        JSONText.appendString(expiresAt, to: &out)
        out.append(contentsOf: #","lines":["#.utf8)
        for (index, line) in lines.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"discountAmount":\#(line.discountAmount),"lineAmount":\#(line.lineAmount),"name":"#.utf8)
            JSONText.appendString(line.name, to: &out)
            if let promotion = line.promotion {
                out.append(contentsOf: #","promotion":"#.utf8)
                JSONText.appendString(promotion, to: &out)
            }
            out.append(contentsOf: #","quantity":\#(line.quantity),"sku":"#.utf8)
            JSONText.appendString(line.sku, to: &out)
            out.append(contentsOf: #","unitAmount":\#(line.unitAmount)}"#.utf8)
        }
        out.append(contentsOf: #"],"subtotal":\#(subtotal),"token":"#.utf8)
        JSONText.appendString(token, to: &out)
        out.append(contentsOf: #","total":\#(total),"url":"#.utf8)
        JSONText.appendString(url, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }
}

/// JSON string literals as Foundation's encoder writes them: `"` and `\` escaped, control
/// characters as `\n`-style or `\u00XX` escapes, everything else as UTF-8.
enum JSONText {
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
            case 0x08: out.append(contentsOf: [92, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [92, UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// `{error, message, details}`: every refusal has this shape.
struct ErrorBody: Encodable {
    var error: String
    var message: String
    var details: JSONValue
}

struct HealthBody: Encodable {
    var status: String
    var catalogVersion: String
    var products: Int
}
