public import CatalogModel
public import Foundation
public import ShopStrings
public import TemplateEngine

/// The theme: every `*.mustache` file of the built-in theme and the templates folder
/// (`ThemeSource`), by name without extension (`product`, `partials/header`), plus its static
/// files. Parsed once; a broken template is reported at its line, and a partial that names no
/// template is an error rather than silence.
public struct TemplateLibrary: Sendable {
    let set: TemplateSet
    /// Another engine rendering the same files, for the differential test; nil in a build.
    let reference: (@Sendable (_ name: String, _ context: [String: Any]) -> String)?
    public let names: Set<String>
    /// Files under `static/`, relative to it, copied to the output root (the stylesheet).
    public let staticFiles: [String]
    /// The static files that come from the base theme (not replaced by the folder's), with their
    /// bytes; the others are read from `folder`'s `static/`.
    public let baseStaticFiles: [String: Data]
    /// The folder the theme's own files are read from (a shop's overrides); it may not exist.
    public let folder: URL
    /// The templates each one names with `{{> name}}` or `{{< name}}`, directly.
    public let references: [String: Set<String>]
    /// The string tables (`i18n/<language>.json`) by language: the built-in theme's, each
    /// replaced whole by the folder's file of the same name.
    public let messageTables: [String: MessageTable]

    /// Page templates a theme must have.
    public static let requiredTemplates = [
        "layout", "home", "brands", "brand", "product", "promotions", "promotion", "page", "not-found", "deals", "search", "bag", "favourites",
        "checkout-success", "checkout-cancelled", "partials/header", "partials/footer",
    ]

    /// A theme's own stylesheet, linked after `style.css` on every page when the theme has it
    /// (the built-in theme has none), so a shop can add CSS without copying `style.css`.
    public static let customStylesheet = "custom.css"

    /// Whether the layout links `custom.css`.
    public var hasCustomStylesheet: Bool { staticFiles.contains(Self.customStylesheet) }

    /// A whole theme in one folder.
    public static func load(from folder: URL, required: [String] = requiredTemplates) -> (library: TemplateLibrary?, diagnostics: [Diagnostic]) {
        load(from: .folder(folder), required: required)
    }

    /// A theme made of a base (the built-in theme) and the folder's files that replace it, or a
    /// folder alone. A template's diagnostics name the file it was read from: `Templates/…` for
    /// the folder's, `(built-in)/…` for the base's.
    public static func load(from source: ThemeSource, required: [String] = requiredTemplates) -> (library: TemplateLibrary?, diagnostics: [Diagnostic]) {
        let folder = source.folder.standardizedFileURL
        let display = folder.lastPathComponent
        var diagnostics: [Diagnostic] = []
        var isDirectory: ObjCBool = false
        let folderExists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
        guard folderExists || !source.base.isEmpty else {
            return (nil, [.error("templates folder does not exist; pass --templates DIR", at: SourceLocation(path: display))])
        }
        var files: [String: ThemeSource.Origin] = source.base.mapValues { .base($0) }
        if folderExists {
            let resolvedFolder = folder.resolvingSymlinksInPath().path
            for relative in Self.folderFiles(folder) {
                switch verdict(on: relative, in: folder, resolvedFolder: resolvedFolder, display: display) {
                case .read: files[relative] = .folder
                case .skip: continue
                case .refuse(let diagnostic): diagnostics.append(diagnostic)
                }
            }
        }
        var templates: [String: Template] = [:]
        var paths: [String: String] = [:]
        var staticFiles: [String] = []
        var baseStaticFiles: [String: Data] = [:]
        var messageTables: [String: MessageTable] = [:]
        var messageUses: [(path: String, uses: [(id: String, line: Int, column: Int)])] = []
        for (relative, origin) in files.sorted(by: { $0.key < $1.key }) {
            if relative.hasPrefix("static/") {
                let name = String(relative.dropFirst("static/".count))
                staticFiles.append(name)
                if case .base(let data) = origin { baseStaticFiles[name] = data }
                continue
            }
            let language = MessageTable.language(ofThemePath: relative)
            guard relative.hasSuffix(".mustache") || language != nil else { continue }
            let data: Data?
            let path: String
            switch origin {
            case .base(let bytes):
                (data, path) = (bytes, source.baseDisplay + "/" + relative)
            case .folder:
                (data, path) = (FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path), display + "/" + relative)
            }
            if let language {
                let (table, problems) = MessageTable.parse(data ?? Data(), language: language, path: path)
                messageTables[language] = table
                diagnostics += problems
                continue
            }
            guard let data, let text = String(data: data, encoding: .utf8) else {
                diagnostics.append(.error("cannot read the template as UTF-8 text", at: SourceLocation(path: path)))
                continue
            }
            let templateName = String(relative.dropLast(".mustache".count))
            messageUses.append((path, Self.messageUses(in: text)))
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
        if let english = messageTables[ShopStrings.fallbackLanguage] {
            // The placeholders pages fill are the built-in English table's: a shop's own English
            // table is held to it as its translations are.
            let englishPath = MessageTable.folder + "/" + ShopStrings.fallbackLanguage + "." + MessageTable.fileExtension
            let reference = source.base[englishPath].flatMap { data -> MessageTable? in
                guard case .folder? = files[englishPath] else { return nil }
                return MessageTable.parse(data, language: ShopStrings.fallbackLanguage, path: source.baseDisplay + "/" + englishPath).table
            } ?? english
            for table in messageTables.values where table.path != reference.path {
                diagnostics += table.placeholderDiagnostics(against: reference)
                if table.language != english.language { diagnostics += table.unknownMessageDiagnostics(against: english) }
            }
            // `t` holds only texts without a plural form: any other name prints nothing.
            let printable = english.messages.filter { if case .text = $0.value { true } else { false } }
            for (path, uses) in messageUses {
                for use in uses where printable[use.id] == nil {
                    var message = "t.\(use.id) is not a message of the string tables (i18n/en.json) and prints nothing"
                    if english.messages[use.id] != nil { message = "t.\(use.id) is a plural message; pages format it with its number" }
                    else if let close = Spelling.closest(to: use.id, among: Array(english.messages.keys)) {
                        message += "; did you mean t.\(close)?"
                    }
                    diagnostics.append(.warning(message, at: SourceLocation(path: path, line: use.line, column: use.column)))
                }
            }
        }
        guard diagnostics.errorCount == 0 else { return (nil, diagnostics.sorted()) }
        let library = TemplateLibrary(
            set: TemplateSet(Array(templates.values)), reference: nil, names: Set(templates.keys), staticFiles: staticFiles,
            baseStaticFiles: baseStaticFiles, folder: folder, references: templates.mapValues { Set($0.partials.map(\.name)) },
            messageTables: messageTables)
        return (library, diagnostics.sorted())
    }

    /// Where a template prints a message by name (`{{{t.addToBag}}}`, `{{t.menu}}`), in lines and
    /// columns of `text`: read from the text, as the parsed tree keeps only a name's first part.
    static func messageUses(in text: String) -> [(id: String, line: Int, column: Int)] {
        var uses: [(String, Int, Int)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                var cursor = open.upperBound
                while cursor < rest.endIndex, "{&#^ ".contains(rest[cursor]) { cursor = rest.index(after: cursor) }
                rest = rest[cursor...]
                guard rest.hasPrefix("t.") else { continue }
                let id = rest.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                if !id.isEmpty { uses.append((String(id), number + 1, column)) }
            }
        }
        return uses
    }

    /// The folder's files (not folders), relative to it; hidden files and everything in hidden
    /// folders (`.vitrine-theme/`, an editor's swap files) are left out, as `InputScan` leaves
    /// them out.
    static func folderFiles(_ folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var relatives: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if let type = enumerator?.fileAttributes?[.type] as? FileAttributeType, type == .typeDirectory {
                if (relative as NSString).lastPathComponent.hasPrefix(".") { enumerator?.skipDescendants() }
                continue
            }
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            relatives.append(relative)
        }
        return relatives
    }

    /// Whether a theme-relative path is a string table (`i18n/ko.json`).
    public static func isMessageTable(_ relative: String) -> Bool {
        MessageTable.language(ofThemePath: relative) != nil
    }

    /// `vitrine check --messages ko`: one warning per message of the English table that the
    /// language's table lacks; without a table, every message, at `absentPath` (where the table
    /// would go).
    public func missingMessageDiagnostics(language: String, absentPath: String) -> [Diagnostic] {
        guard let english = messageTables[ShopStrings.fallbackLanguage], language != english.language else { return [] }
        let table = messageTables[language] ?? MessageTable(language: language, path: absentPath, messages: [:])
        return table.missingDiagnostics(against: english)
    }

    /// The theme's strings in `language`, falling back to English message by message.
    public func strings(in language: String) -> ShopStrings {
        ShopStrings(tables: messageTables, language: language)
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
            set: set, reference: reference, names: names, staticFiles: staticFiles, baseStaticFiles: baseStaticFiles, folder: folder,
            references: references, messageTables: messageTables)
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
