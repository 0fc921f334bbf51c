import CatalogModel

extension MerchantItem {
    /// Whose catalog reads the item. Meta's catalog feed takes Google's `g:` vocabulary
    /// (https://developers.facebook.com/docs/marketing-api/catalog/reference) with its own
    /// spellings: availability in words, no `identifier_exists`, options Google's attributes lack
    /// as `additional_variant_attribute`.
    enum Dialect: Sendable {
        case google
        case meta

        /// Google's spelling is the content model's own; Meta's is in U.S. English words.
        func spelling(of availability: Availability) -> String {
            switch self {
            case .google: availability.rawValue
            case .meta:
                switch availability {
                case .inStock: "in stock"
                case .outOfStock: "out of stock"
                case .preorder: "preorder"
                // Meta's word for an item that ships later than usual.
                case .backorder: "available for order"
                }
            }
        }

        /// The item's description. A product without detail text is described by its name, which
        /// Google takes; Meta rejects a description equal to the title, so there it names the brand
        /// too, and it wants no links, so URLs written out in the text are left out.
        func description(of item: MerchantItem) -> String {
            guard self == .meta else { return item.description }
            let text = Self.withoutLinks(item.description)
            return text.isEmpty || text == item.title ? "\(item.title) – \(item.brand)" : text
        }

        /// `Read more at https://example.com/x.` → `Read more at.`: each word that is a URL
        /// (`http://`, `https://`, `www.`, after an opening bracket or quote) is left out, and its
        /// closing punctuation stays with the word before.
        static func withoutLinks(_ text: String) -> String {
            guard mayHoldLinks(text) else { return text }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var words: [String] = []
                for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                    let core = word.drop { "([<\"'".contains($0) }
                    guard core.hasPrefix("http://") || core.hasPrefix("https://") || core.hasPrefix("www.") else {
                        words.append(String(word))
                        continue
                    }
                    let closing = String(word.reversed().prefix { ".,;:!?".contains($0) }.reversed())
                    if !closing.isEmpty, let last = words.popLast() { words.append(last + closing) }
                }
                return words.joined(separator: " ")
            }
            return lines.joined(separator: "\n").trimmingWhitespace()
        }

        /// Whether `://` or `www.` occurs, on the bytes: `String.contains` with a text went
        /// through the string-processing searcher, 7 % of a build of 10,000 products.
        static func mayHoldLinks(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bytes in
                guard bytes.count >= 3 else { return false }
                for index in 0..<bytes.count - 2 {
                    switch bytes[index] {
                    case UInt8(ascii: ":") where bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/"):
                        return true
                    case UInt8(ascii: "w") where index + 3 < bytes.count && bytes[index + 1] == UInt8(ascii: "w")
                        && bytes[index + 2] == UInt8(ascii: "w") && bytes[index + 3] == UInt8(ascii: "."):
                        return true
                    default: continue
                    }
                }
                return false
            }
        }

        /// `shade:Rose,finish:Matte`: Meta's one field for options it has no attribute of its own
        /// for. A pair whose name or value holds a separator would be read as other pairs, so it is
        /// left out; nil when none is left.
        static func variantAttributeText(_ pairs: [(name: String, value: String)]) -> String? {
            let kept = pairs.filter { !"\($0.name)\($0.value)".contains(where: { $0 == "," || $0 == ":" }) }
            return kept.isEmpty ? nil : kept.map { "\($0.name):\($0.value)" }.joined(separator: ",")
        }
    }
}
