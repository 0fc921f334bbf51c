import Synchronization

/// A context many pages show alike, such as a product's card: the same keys as a dictionary, and
/// what a partial rendered from it, kept for the next page that includes the same partial with it.
///
/// A related-products list puts a dozen cards on each of ten thousand product pages; rendering
/// the card partial again for each was a tenth of a build. The bytes are reused only when the
/// first rendering read nothing outside this context (see `TemplateRenderer`), so a theme whose
/// card reads the page around it renders it every time, exactly as before.
public final class SharedContext: @unchecked Sendable {
    // Unchecked: the values are written once, in `init`, and only read after; the memo is locked.
    public let values: TemplateFields
    private let memo = Mutex<[Rendering]>([])

    public init(_ values: TemplateFields) {
        self.values = values
    }

    /// Which rendering: a partial of one template set, begun at a line's start or not. The set's
    /// identity is held, so it cannot be freed and another set take its place.
    struct Key {
        let set: TemplateSet.Identity
        let partial: TemplateKey
        let atLineStart: Bool

        func matches(_ other: Key) -> Bool {
            set === other.set && atLineStart == other.atLineStart && partial == other.partial
        }
    }

    /// The bytes; how many levels of partials deep they went (where a page nests the card deeper,
    /// the depth limit might have cut it short); and the names found in no context, which another
    /// page must lack as well.
    struct Rendering {
        let key: Key
        let bytes: [UInt8]
        let levels: Int
        let misses: [TemplateKey]
    }

    /// How many renderings are kept: for tests.
    var keptCount: Int { memo.withLock { $0.count } }

    func rendered(_ key: Key) -> Rendering? {
        memo.withLock { list in list.first { $0.key.matches(key) } }
    }

    func keep(_ bytes: [UInt8], levels: Int, misses: [TemplateKey], as key: Key) {
        memo.withLock { list in
            guard !list.contains(where: { $0.key.matches(key) }) else { return }
            list.append(Rendering(key: key, bytes: bytes, levels: levels, misses: misses))
        }
    }

    /// `value` with every shared context in it replaced by its dictionary, and every dictionary's
    /// keys by texts, for an engine that knows only `[String: Any]` (the differential test's
    /// swift-mustache).
    public static func plain(_ value: Any) -> Any {
        let type = Swift.type(of: value)
        if type == SharedContext.self { return plain(fields: (value as! SharedContext).values) }
        if type == [SharedContext].self { return (value as! [SharedContext]).map { plain(fields: $0.values) } }
        if type == String.self || type == Int.self || type == Bool.self { return value }
        if let fields = value as? TemplateFields { return plain(fields: fields) }
        if let lists = value as? [TemplateFields] { return lists.map(plain(fields:)) }
        // Other dictionaries and lists (`["products": [card]]` is `[String: [SharedContext]]`) as
        // the general types, which every engine reads alike.
        if let dictionary = value as? [String: Any] { return dictionary.mapValues(plain) }
        if let list = value as? [Any] { return list.map(plain) }
        return value
    }

    /// A context's dictionary with texts for keys, its values made plain as well.
    public static func plain(fields: TemplateFields) -> [String: Any] {
        Dictionary(fields.map { ($0.key.text, plain($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
}
