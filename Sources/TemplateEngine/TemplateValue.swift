import Foundation

/// What the engine makes of context values, with the types page builders use checked first.
enum TemplateValue {
    enum Shape {
        case falsy
        case truth
        /// Lists of dictionaries are pushed without a cast per item.
        case dictionaries([[String: Any]])
        case fieldLists([TemplateFields])
        /// Cards shared by many pages: pushed as they are, so a partial rendered from one is kept.
        case shared([SharedContext])
        /// Tags and option values: iterated without casting the list to `[Any]`, a copy.
        case strings([String])
        case list([Any])
        case object
    }

    /// As swift-mustache decides: `false`, null and empty lists are false; everything else,
    /// including "" and 0, is true.
    static func shape(of value: Any) -> Shape {
        // The types page builders use, told apart by their metadata, before any cast.
        let type = Swift.type(of: value)
        if type == String.self || type == TemplateFields.self || type == Int.self || type == SharedContext.self
            || type == [String: Any].self
        {
            return .object
        }
        if type == Bool.self { return known(value, as: Bool.self) ? .truth : .falsy }
        if type == [TemplateFields].self {
            let items = known(value, as: [TemplateFields].self)
            return items.isEmpty ? .falsy : .fieldLists(items)
        }
        if type == [[String: Any]].self {
            let items = known(value, as: [[String: Any]].self)
            return items.isEmpty ? .falsy : .dictionaries(items)
        }
        if type == [Any].self {
            let items = known(value, as: [Any].self)
            return items.isEmpty ? .falsy : .list(items)
        }
        if type == [SharedContext].self {
            let items = known(value, as: [SharedContext].self)
            return items.isEmpty ? .falsy : .shared(items)
        }
        if type == [String].self {
            let items = known(value, as: [String].self)
            return items.isEmpty ? .falsy : .strings(items)
        }
        if value is String { return .object }
        if let bool = value as? Bool { return bool ? .truth : .falsy }
        if value is [String: Any] || value is TemplateFields { return .object }
        if let items = value as? [[String: Any]] { return items.isEmpty ? .falsy : .dictionaries(items) }
        if let items = value as? [TemplateFields] { return items.isEmpty ? .falsy : .fieldLists(items) }
        if let items = value as? [Any] { return items.isEmpty ? .falsy : .list(items) }
        if value is NSNull { return .falsy }
        if let items = elements(of: value) { return items.isEmpty ? .falsy : .list(items) }
        return .object
    }

    static func isTruthy(_ value: Any?) -> Bool {
        guard let value else { return false }
        switch shape(of: value) {
        case .falsy: return false
        default: return true
        }
    }

    /// Arrays and sets of other element types, through reflection: rare in page contexts.
    static func elements(of value: Any) -> [Any]? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .collection || mirror.displayStyle == .set else { return nil }
        return mirror.children.map(\.value)
    }

    static func child(_ name: TemplateKey, of value: Any) -> Any? {
        let type = Swift.type(of: value)
        if type == TemplateFields.self { return known(value, as: TemplateFields.self)[name] }
        // A final class: its exact type is the only one it can have.
        if type == SharedContext.self { return known(value, as: SharedContext.self).values[name] }
        if type == [String: Any].self { return known(value, as: [String: Any].self)[name.text] }
        // A section over a text pushes it; names are looked up past it, before any cast.
        if type == String.self || type == Bool.self || type == Int.self { return nil }
        if let fields = value as? TemplateFields { return fields[name] }
        if let dictionary = value as? [String: Any] { return dictionary[name.text] }
        if value is String || value is Bool || value is Int || value is NSNull { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { child(name, of: $0.value) }
        }
        return mirror.children.first(where: { $0.label == name.text })?.value
    }

    /// A value stored as `Optional<T>` inside `Any` is the value or nothing. Told by one cast to
    /// `OptionalValue` rather than a `Mirror`: every list a page names comes through here, and
    /// reflecting them was about 1 % of a 10,000-product build in `perf`. The types page builders
    /// use are known by their metadata alone: the casts for each name a page renders were 3 % of
    /// a build.
    static func unwrapped(_ value: Any) -> Any? {
        if isPlain(Swift.type(of: value)) { return value }
        guard let optional = value as? any OptionalValue else { return value }
        guard let wrapped = optional.wrappedValue else { return nil }
        return unwrapped(wrapped)
    }

    /// Whether values of `type` are never optional: the types page contexts are made of.
    static func isPlain(_ type: Any.Type) -> Bool {
        type == String.self || type == TemplateFields.self || type == Bool.self || type == Int.self
            || type == [TemplateFields].self || type == [Any].self || type == [String].self
            || type == SharedContext.self || type == [SharedContext].self
            || type == [String: Any].self || type == [[String: Any]].self
    }

    /// As swift-mustache prints it (`1.5`, `2.0`), so a theme's output does not change with the engine.
    static func text(of value: Any) -> String {
        if value is NSNull { return "" }
        // Printed as swift-mustache prints the same dictionary with texts for keys.
        if Swift.type(of: value) == SharedContext.self || value is TemplateFields { return String(describing: SharedContext.plain(value)) }
        return String(describing: value)
    }

    /// The transforms swift-mustache offers themes, with the same names and results; an unknown
    /// one, or one that does not apply to the value, gives nothing.
    static func transform(_ value: Any, _ name: String) -> Any? {
        // The types page builders use, by their metadata first: a product page's `empty(tags)`
        // went through four failed casts (to a text, a number and two kinds of dictionary) before
        // its list was recognised, about 2,000 instructions.
        let type = Swift.type(of: value)
        if type == [String].self { return listTransform(known(value, as: [String].self), name) }
        if type == String.self { return textTransform(known(value, as: String.self), name) }
        if type == Int.self { return numberTransform(known(value, as: Int.self), name) }
        if type == [TemplateFields].self { return listTransform(known(value, as: [TemplateFields].self), name) }
        if type == [SharedContext].self { return listTransform(known(value, as: [SharedContext].self), name) }
        if type == TemplateFields.self { return dictionaryTransform(count: known(value, as: TemplateFields.self).count, name) }
        if type == SharedContext.self { return dictionaryTransform(count: known(value, as: SharedContext.self).values.count, name) }
        if let string = value as? String { return textTransform(string, name) }
        if let number = value as? Int { return numberTransform(number, name) }
        if let dictionary = value as? TemplateFields { return dictionaryTransform(count: dictionary.count, name) }
        if let dictionary = value as? [String: Any] { return dictionaryTransform(count: dictionary.count, name) }
        if let dictionaries = value as? [TemplateFields] { return listTransform(dictionaries, name) }
        if let dictionaries = value as? [[String: Any]] { return listTransform(dictionaries, name) }
        if let shared = value as? [SharedContext] { return listTransform(shared, name) }
        if let list = value as? [Any] { return listTransform(list, name) }
        if let list = elements(of: value) { return listTransform(list, name) }
        return nil
    }

    private static func textTransform(_ string: String, _ name: String) -> Any? {
        switch name {
        case "empty": return string.isEmpty
        case "capitalized": return string.capitalized
        case "lowercased": return string.lowercased()
        case "uppercased": return string.uppercased()
        case "reversed": return String(string.reversed())
        default: return nil
        }
    }

    private static func numberTransform(_ number: Int, _ name: String) -> Any? {
        switch name {
        case "equalzero": return number == 0
        case "plusone": return number + 1
        case "minusone": return number - 1
        case "even": return number & 1 == 0
        case "odd": return number & 1 == 1
        default: return nil
        }
    }

    /// `empty` and `count` of a dictionary, whatever its key type.
    private static func dictionaryTransform(count: Int, _ name: String) -> Any? {
        switch name {
        case "empty": return count == 0
        case "count": return count
        default: return nil
        }
    }

    /// `empty`, `count`, `first`, `last` and `reversed` of a list, whatever its element type.
    private static func listTransform<Item>(_ items: [Item], _ name: String) -> Any? {
        switch name {
        case "empty": return items.isEmpty
        case "count": return items.count
        case "first": return items.first
        case "last": return items.last
        case "reversed": return Array(items.reversed())
        default: return nil
        }
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()` inside a list section.
    static func positionTransform(_ transforms: [String], index: Int, count: Int) -> Any? {
        guard let name = transforms.last else { return nil }
        var value: Any
        switch name {
        case "first": value = index == 0
        case "last": value = index == count - 1
        case "index": value = index
        case "even": value = index & 1 == 0
        case "odd": value = index & 1 == 1
        default: return nil
        }
        for outer in transforms.dropLast().reversed() {
            guard let next = transform(value, outer) else { return nil }
            value = next
        }
        return value
    }
}

extension TemplateValue {
    /// `value` as `T`, whose exact type the caller has checked is `T`. `value as! T` still ran the
    /// runtime's general cast (`swift_dynamicCast`), half a per cent of a build for the values a
    /// page prints; opening the existential and reinterpreting it costs half as much.
    @inline(__always)
    static func known<T>(_ value: Any, as _: T.Type) -> T {
        func open<V>(_ opened: V) -> T {
            if V.self == T.self { return unsafeBitCast(opened, to: T.self) }
            // Boxed twice: generic code holding an `Any` as its `T` makes an `Any` inside an
            // `Any`, which opens to the inner box. The general cast looks through it.
            return opened as! T
        }
        return _openExistential(value, do: open)
    }
}

/// What `TemplateValue.unwrapped` asks of an `Optional` of any type.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}
