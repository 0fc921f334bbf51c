import Foundation
public import ShopStrings

/// A sentence the service says to a shopper, as a message of the theme's string tables and its
/// values: the error or page is made before the service knows whose language to answer in (a
/// cart's storefront), so it carries the message, and the answer writes it in that language.
public struct CheckoutText: Sendable, Hashable {
    /// A value for a placeholder: written as it is, a number grouped as the language groups it
    /// (`5,001`, `5.001`), a list written with the language's own separators (`listSeparator`,
    /// and `listAnd` before the last item), or another message.
    public indirect enum Argument: Sendable, Hashable {
        case text(String)
        case number(Int)
        case list([Argument], and: Bool)
        case message(String)
    }

    public var id: String
    public var arguments: [String: Argument]
    /// The number a plural message is chosen by (`{count}`).
    public var count: Int?

    public init(_ id: String, _ arguments: [String: Argument] = [:], count: Int? = nil) {
        self.id = id
        self.arguments = arguments
        self.count = count
    }

    /// The sentence in `strings`' language.
    public func formatted(in strings: ShopStrings) -> String {
        strings(id, arguments.mapValues { $0.formatted(in: strings) }, count: count)
    }
}

extension CheckoutText.Argument: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }

    func formatted(in strings: ShopStrings) -> String {
        switch self {
        case .text(let text):
            return text
        case .number(let number):
            // Western digits, as the service's other numbers (counts, SKUs, times) are written.
            return number.formatted(.number.locale(Locale(identifier: strings.language + "@numbers=latn")))
        case .message(let id):
            return strings(id)
        case .list(let items, let and):
            let texts = items.map { $0.formatted(in: strings) }
            guard and, texts.count > 1 else { return texts.joined(separator: strings("listSeparator")) }
            return strings("listAnd", ["list": texts.dropLast().joined(separator: strings("listSeparator")), "last": texts.last!])
        }
    }

    /// Each of `values` as written, separated by commas (or the language's separator).
    static func list(_ values: [String]) -> Self { .list(values.map(Self.text), and: false) }
}
