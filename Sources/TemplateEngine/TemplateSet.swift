/// A theme's templates by name, each parsed once. Partials and parents are found here by name.
public struct TemplateSet: Sendable {
    let templates: [TemplateKey: Template]
    /// Shared by the set and its copies for other threads.
    let identity: Identity

    final class Identity: Sendable {}

    public init(_ templates: [Template]) {
        self.templates = Dictionary(templates.map { (TemplateKey($0.name), $0) }, uniquingKeysWith: { _, last in last })
        identity = Identity()
    }

    /// The same set with nodes of its own.
    init(copying set: TemplateSet) {
        templates = set.templates.mapValues { $0.parsedAgain() }
        identity = set.identity
    }

    public var names: Set<String> { Set(templates.keys.map(\.text)) }

    /// The parsed file of that name, for checks that read what it uses.
    public func template(named name: String) -> Template? { templates[TemplateKey(name)] }

    /// Renders the named template with `context`: dictionaries `[String: Any]`, arrays, strings,
    /// numbers and booleans, as page builders make them. An unknown name renders nothing.
    public func render(_ name: String, _ context: Any) -> String {
        String(decoding: renderBytes(name, context), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, for a file: no String to validate and copy again.
    public func renderBytes(_ name: String, _ context: Any) -> [UInt8] {
        let set = forThisThread
        guard let template = set.templates[TemplateKey(name)] else { return [] }
        var renderer = TemplateRenderer(set: set, root: context)
        renderer.render(template.nodes, indentation: [])
        return renderer.bytes
    }
}
