public import CatalogModel
public import Foundation
public import TemplateEngine

/// The theme: every `*.mustache` file under the templates folder, by name without extension
/// (`product`, `partials/header`), plus its static files. Parsed once; a broken template is
/// reported at its line, and a partial that names no template is an error rather than silence.
public struct TemplateLibrary: Sendable {
    let set: TemplateSet
    /// Another engine rendering the same files, for the differential test; nil in a build.
    let reference: (@Sendable (_ name: String, _ context: [String: Any]) -> String)?
    public let names: Set<String>
    /// Files under `static/`, relative to it, copied to the output root (the stylesheet).
    public let staticFiles: [String]
    public let folder: URL
    /// The templates each one names with `{{> name}}` or `{{< name}}`, directly.
    public let references: [String: Set<String>]

    /// Page templates a theme must have.
    public static let requiredTemplates = [
        "layout", "home", "brands", "brand", "product", "promotions", "promotion", "page", "not-found", "deals", "search", "bag", "favourites",
        "partials/header", "partials/footer",
    ]

    public static func load(from folder: URL, required: [String] = requiredTemplates) -> (library: TemplateLibrary?, diagnostics: [Diagnostic]) {
        let folder = folder.standardizedFileURL
        let display = folder.lastPathComponent
        var diagnostics: [Diagnostic] = []
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return (nil, [.error("templates folder does not exist; pass --templates DIR", at: SourceLocation(path: display))])
        }
        var templates: [String: Template] = [:]
        var paths: [String: String] = [:]
        var staticFiles: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var relatives: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if let type = enumerator?.fileAttributes?[.type] as? FileAttributeType, type == .typeDirectory { continue }
            relatives.append(relative)
        }
        let resolvedFolder = folder.resolvingSymlinksInPath().path
        for relative in relatives.sorted() {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            switch verdict(on: relative, in: folder, resolvedFolder: resolvedFolder, display: display) {
            case .read: break
            case .skip: continue
            case .refuse(let diagnostic):
                diagnostics.append(diagnostic)
                continue
            }
            if relative.hasPrefix("static/") {
                staticFiles.append(String(relative.dropFirst("static/".count)))
                continue
            }
            guard relative.hasSuffix(".mustache") else { continue }
            let path = display + "/" + relative
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path),
                let text = String(data: data, encoding: .utf8)
            else {
                diagnostics.append(.error("cannot read the template as UTF-8 text", at: SourceLocation(path: path)))
                continue
            }
            let templateName = String(relative.dropLast(".mustache".count))
            do {
                templates[templateName] = try Template(name: templateName, text: text)
                paths[templateName] = path
            } catch {
                diagnostics.append(.error(error.message, at: SourceLocation(path: path, line: error.line, column: error.column)))
            }
        }
        for name in required where templates[name] == nil
            && !diagnostics.contains(where: { $0.location.path.hasSuffix("/\(name).mustache") })
        {
            diagnostics.append(.error(
                "missing template \(name).mustache; copy it from Vitrine's default Templates/", at: SourceLocation(path: display)))
        }
        diagnostics += Self.checkPartials(templates: templates, paths: paths)
        guard diagnostics.errorCount == 0 else { return (nil, diagnostics.sorted()) }
        let library = TemplateLibrary(
            set: TemplateSet(Array(templates.values)), reference: nil, names: Set(templates.keys), staticFiles: staticFiles,
            folder: folder, references: templates.mapValues { Set($0.partials.map(\.name)) })
        return (library, diagnostics.sorted())
    }

    /// Renders a named template; the context is plain dictionaries and arrays.
    public func render(_ name: String, _ context: TemplateFields) -> String {
        if let reference { return reference(name, Self.plain(context)) }
        return set.render(name, context)
    }

    /// A page's file: the engine's bytes as they are.
    public func renderData(_ name: String, _ context: TemplateFields) -> Data {
        if let reference { return Data(reference(name, Self.plain(context)).utf8) }
        return Data(set.renderBytes(name, context))
    }

    /// What another engine is given: dictionaries where the project's engine has shared contexts.
    static func plain(_ context: TemplateFields) -> [String: Any] {
        SharedContext.plain(fields: context)
    }

    /// The same theme rendered by another engine: the differential test renders every page with
    /// this library and with swift-mustache and requires the same bytes.
    public func rendering(with reference: @escaping @Sendable (_ name: String, _ context: [String: Any]) -> String) -> TemplateLibrary {
        TemplateLibrary(
            set: set, reference: reference, names: names, staticFiles: staticFiles, folder: folder, references: references)
    }

    /// The template and every template it pulls in, however deeply: what a page made from it
    /// depends on, so an incremental build re-renders it when any of them changes.
    public func closure(of name: String) -> Set<String> {
        var seen: Set<String> = [name]
        var pending = [name]
        while let next = pending.popLast() {
            for used in references[next, default: []] where seen.insert(used).inserted { pending.append(used) }
        }
        return seen
    }

    /// `{{> name}}` and `{{< name}}` must name a template: the engine renders a missing one as nothing.
    static func checkPartials(templates: [String: Template], paths: [String: String]) -> [Diagnostic] {
        let known = Array(templates.keys)
        var diagnostics: [Diagnostic] = []
        for (templateName, template) in templates {
            for use in template.partials where templates[use.name] == nil {
                var message = "partial `\(use.name)` is not a template in this folder"
                if let close = Spelling.closest(to: use.name, among: known) { message += "; did you mean `\(close)`?" }
                diagnostics.append(.error(message, at: SourceLocation(path: paths[templateName] ?? templateName, line: use.line, column: use.column)))
            }
        }
        return diagnostics
    }
}
