/// One parsed theme file: a tree of nodes whose names are already split and whose text is
/// already bytes, so rendering never parses, splits or converts anything.
public struct Template: Sendable {
    let nodes: [TemplateNode]
    /// The file's name in its set (`product`, `partials/header`).
    public let name: String
    /// Every `{{>name}}` and `{{<name}}` with a fixed name, where it is written: what a page made
    /// from this template depends on, and what the theme loader checks names a template.
    public let partials: [PartialUse]
    /// Every name a tag looks up through the context stack, by its first part (`product` of
    /// `product.name`): what `vitrine check` holds against the names a page provides.
    public let names: [NameUse]
    /// The source, kept to parse again for another thread (`TemplateSet.forThisThread`).
    let text: String

    /// Parses `text`; a mistake is reported with its line and column in `text`.
    public init(name: String, text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        self.nodes = try parser.parseTemplate()
        self.partials = parser.partialUses
        self.names = parser.nameUses
        self.name = name
        self.text = text
    }

    /// The line and column (1-based, in characters) of a byte offset in the source.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        TemplateParser(text).lineAndColumn(of: offset)
    }

    /// The same template in nodes of its own, shared with no other copy.
    func parsedAgain() -> Template {
        // It parsed once, so it parses again; the original serves if it somehow did not.
        (try? Template(name: name, text: text)) ?? self
    }
}

public struct NameUse: Sendable, Equatable {
    public let name: String
    /// Of the tag's opening delimiter, in bytes.
    public let offset: Int
    /// Inside a section that pushes a context, where the name may be one of that context's.
    public let inSection: Bool
}

public struct PartialUse: Sendable, Equatable {
    public let name: String
    /// Of the tag's opening delimiter, 1-based.
    public let line: Int
    public let column: Int
}

/// A name as a tag writes it: `product.name`, `.`, `empty(tags)`.
struct TemplateName: Sendable, Equatable {
    enum Scope: Sendable, Equatable {
        /// `{{.}}`: the innermost context itself.
        case current
        /// `{{name}}`: the first context, innermost outwards, that has the first part.
        case stack
        /// `{{.name}}`: only the innermost context.
        case innermost
        /// `{{first()}}`: a transform of the position in the list being iterated.
        case position
    }
    let scope: Scope
    /// The dotted parts as page contexts' keys, hashed here once.
    let keys: [TemplateKey]
    /// Applied last to first, as written: `a(b(x))` applies `b`, then `a`.
    let transforms: [String]

    init(scope: Scope, parts: [String], transforms: [String]) {
        self.scope = scope
        self.keys = parts.map { TemplateKey($0) }
        self.transforms = transforms
    }
}

enum PartialName: Sendable {
    case fixed(TemplateKey)
    /// `{{>*name}}`: the template named by a value in the context.
    case dynamic(TemplateName)
}

enum TemplateNode: Sendable {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it overrides. `indentation` is the
    /// whitespace before a tag that stands alone on its line, repeated on every line it renders.
    case partial(PartialName, indentation: [UInt8], overrides: [TemplateKey: [TemplateNode]]?)
    /// `{{$name}}default{{/name}}`: the innermost override of that name, else the default.
    case block(TemplateKey, [TemplateNode], indentation: [UInt8])
    /// `{{%CONTENT_TYPE:TEXT}}`: escaping for the rest of this template.
    case contentType(escapes: Bool)
}
