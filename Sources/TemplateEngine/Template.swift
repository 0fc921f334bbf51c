/// One parsed theme file: a tree of nodes whose names are already split and whose text is
/// already bytes, so rendering never parses, splits or converts anything.
public struct Template: Sendable {
    let nodes: [TemplateNode]
    /// The file's name in its set (`product`, `partials/header`).
    public let name: String

    /// Parses `text`; a mistake is reported with its line and column in `text`.
    public init(name: String, text: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(text)
        self.nodes = try parser.parseTemplate()
        self.name = name
    }
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
    let parts: [String]
    /// Applied last to first, as written: `a(b(x))` applies `b`, then `a`.
    let transforms: [String]
}

enum PartialName: Sendable {
    case fixed(String)
    /// `{{>*name}}`: the template named by a value in the context.
    case dynamic(TemplateName)
}

indirect enum TemplateNode: Sendable {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it overrides. `indentation` is the
    /// whitespace before a tag that stands alone on its line, repeated on every line it renders.
    case partial(PartialName, indentation: [UInt8], overrides: [String: [TemplateNode]]?)
    /// `{{$name}}default{{/name}}`: the innermost override of that name, else the default.
    case block(String, [TemplateNode], indentation: [UInt8])
    /// `{{%CONTENT_TYPE:TEXT}}`: escaping for the rest of this template.
    case contentType(escapes: Bool)
}
