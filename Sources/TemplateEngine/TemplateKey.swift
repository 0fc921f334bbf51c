import TextHash

/// A name in a page context, with its hash worked out once. A template's names are made when it
/// is parsed, so looking one up in a context hashes nothing: with `String` keys, each lookup ran
/// the standard library's SipHash over the name again, for every frame it passed, and that was
/// four per cent of a build's instructions (callgrind, 1,000 products).
public struct TemplateKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let text: String
    private let hash: UInt64

    public init(_ text: String) {
        self.text = text
        hash = TextHash.hash(of: text)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var description: String { text }

    public static func == (left: TemplateKey, right: TemplateKey) -> Bool {
        left.hash == right.hash && left.text == right.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// What a dictionary asks: the stored hash mixed with the table's seed.
    public func _rawHashValue(seed: Int) -> Int {
        TextHash.mixed(hash, seed: seed)
    }
}

/// A page context: the dictionaries page builders make. Any `[String: Any]` still renders, more
/// slowly.
public typealias TemplateFields = [TemplateKey: Any]
