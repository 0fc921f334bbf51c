import Foundation
import CCmarkGFM
public import CatalogModel
import TextHash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// GitHub Flavored Markdown through cmark-gfm. Every C pointer stays inside this file; a new parser
/// per document, so documents render in parallel.
public enum MarkdownRenderer {
    /// Registering the core extensions is not thread-safe: a static initializer runs it once.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]
    /// The extensions with an inline pass, the ones that touch cmark's global table.
    private static let inlineExtensionNames: Set = ["strikethrough", "autolink"]
    /// What a document that cannot use strikethrough or autolinks is parsed with.
    private static let blockExtensionNames = extensionNames.filter { !inlineExtensionNames.contains($0) }

    /// cmark-gfm keeps the inline parser's special characters in one global table: each
    /// document's inline pass (inside `cmark_parser_finish`) adds its inline extensions'
    /// characters (`~` for strikethrough, `:` and `w` for autolinks) and removes them when done,
    /// so a document finishing on another thread could make this one miss its strikethrough
    /// (github/cmark-gfm#176). Documents that may need those extensions pass through this lock.
    /// The others, most product texts, are parsed without them: such a parser neither adds nor
    /// removes a character, and renders them to the same bytes. Locking every document kept each
    /// core waiting a fifth of the time while a catalog loaded.
    private static let inlinePassLock = NSLock()

    /// Whether `source` holds what strikethrough or an autolink starts from: `~`, `://` (a URL),
    /// `www.`, or `@` (an e-mail address, linked after parsing). Told generously, on the bytes, so
    /// a document that needs the extensions always gets them; `memchr` per byte sought, as a loop
    /// over every byte cost a tenth of parsing the document.
    static func mayUseInlineExtensions(_ source: String) -> Bool {
        return source.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            if memchr(base, Int32(UInt8(ascii: "~")), count) != nil || memchr(base, Int32(UInt8(ascii: "@")), count) != nil { return true }
            /// Whether `matches` holds at any index where `byte` is.
            func anywhere(_ byte: UInt8, _ matches: (Int) -> Bool) -> Bool {
                var from = 0
                while from < count, let found = memchr(base + from, Int32(byte), count - from) {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if matches(index) { return true }
                    from = index + 1
                }
                return false
            }
            let slash = UInt8(ascii: "/")
            if anywhere(UInt8(ascii: ":"), { $0 + 2 < count && bytes[$0 + 1] == slash && bytes[$0 + 2] == slash }) { return true }
            // `| 0x20` lowers `W` and leaves no other byte a `w`.
            let w = UInt8(ascii: "w")
            return anywhere(UInt8(ascii: ".")) { $0 >= 3 && bytes[$0 - 1] | 0x20 == w && bytes[$0 - 2] | 0x20 == w && bytes[$0 - 3] | 0x20 == w }
        }
    }

    /// Raw HTML is omitted (no `CMARK_OPT_UNSAFE`): content files cannot inject scripts into the shop.
    public static func render(_ source: String) -> RenderedMarkdown {
        render(source, inlineExtensions: mayUseInlineExtensions(source))
    }

    /// With `inlineExtensions` false, strikethrough and autolinks are left out: right only for a
    /// document `mayUseInlineExtensions` clears, and tests render such documents both ways.
    static func render(_ source: String, inlineExtensions: Bool) -> RenderedMarkdown {
        guard !source.isEmpty else { return .empty }
        return parsed(source, inlineExtensions: inlineExtensions) { document, parser, options in
            let walked = walkedPlainTextAndHeadings(of: document)
            let headingIDs = identifiers(forHeadings: walked?.headings ?? headingTexts(in: document, options: options))
            let extensions = cmark_parser_get_syntax_extensions(parser)
            var html = taking(cmark_render_html(document, options, extensions)) { bytes in
                headingIDs.isEmpty ? String(decoding: bytes, as: UTF8.self) : addingIDs(headingIDs, to: bytes)
            }
            if Self.bytes(of: &html, hold: "<input type=\"checkbox\"") { html = labellingTaskBoxes(in: html) }
            let text = walked?.text ?? cmarkPlainText(of: document, options: options)
            return RenderedMarkdown(html: html, plainText: text)
        } ?? .empty
    }

    /// The walked plain text and cmark's, for the test that holds one to the other.
    static func bothPlainTexts(_ source: String) -> (walked: String?, cmark: String) {
        parsed(source, inlineExtensions: mayUseInlineExtensions(source)) { document, _, options in
            (walkedPlainText(of: document), cmarkPlainText(of: document, options: options))
        } ?? (nil, "")
    }

    /// The headings' texts from the one walk and walked one by one, for the test that holds one
    /// to the other.
    static func bothHeadingTexts(_ source: String) -> (walked: [String]?, alone: [String]) {
        parsed(source, inlineExtensions: mayUseInlineExtensions(source)) { document, _, options in
            (walkedPlainTextAndHeadings(of: document)?.headings, headingTexts(in: document, options: options))
        } ?? (nil, [])
    }

    private static func cmarkPlainText(of document: OpaquePointer, options: Int32) -> String {
        taking(cmark_render_plaintext(document, options | CMARK_OPT_NOBREAKS, 0), normalizedPlainText)
    }

    /// Parses `source` with the GitHub extensions and hands `body` the tree, the parser and the
    /// options; both are freed when it returns. Nil when cmark cannot start or finish.
    private static func parsed<T>(
        _ source: String, inlineExtensions inline: Bool, _ body: (_ document: OpaquePointer, _ parser: OpaquePointer, _ options: Int32) -> T
    ) -> T? {
        _ = extensionsRegistered
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_GITHUB_PRE_LANG
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in inline ? extensionNames : blockExtensionNames {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        source.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        if inline { inlinePassLock.lock() }
        let finished = cmark_parser_finish(parser)
        if inline { inlinePassLock.unlock() }
        guard let document = finished else { return nil }
        defer { cmark_node_free(document) }
        return body(document, parser, options)
    }

    /// Ids from heading text (`## How to use` → `how-to-use`), numbered when repeated, so links
    /// to a section stay stable while the text does.
    static func identifiers(forHeadings texts: [String]) -> [String] {
        var ids: [String] = []
        var seen: [String: Int] = [:]
        for text in texts {
            var id = Slug.suggestion(for: text)
            if let count = seen[id] {
                seen[id] = count + 1
                id += "-\(count)"
            } else {
                seen[id] = 1
            }
            ids.append(id)
        }
        return ids
    }

    /// Each heading's plain text, for a tree the walk cannot write whole (a table, a footnote):
    /// walked where the heading alone can be, else cmark's.
    static func headingTexts(in document: OpaquePointer, options: Int32) -> [String] {
        var texts: [String] = []
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == vitrine_cmark_node_heading()
            else { continue }
            // Whitespace is all the walk writes differently, and a slug makes a dash of it anyway.
            texts.append(walkedPlainText(of: node) ?? take(cmark_render_plaintext(node, options, 0)))
        }
        return texts
    }

    /// cmark writes bare `<h2>` tags; with raw HTML omitted, every `<hN>` in the output is a heading,
    /// in document order, so the ids can be added in one pass over cmark's bytes, copying the runs
    /// between headings whole. Foundation's substring search here was a twentieth of loading a
    /// large catalog, and a copy of every byte one at a time a thirtieth.
    private static func addingIDs(_ ids: [String], to bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ids.reduce(0) { $0 + $1.utf8.count + 6 })
        var next = 0
        var copied = 0
        var search = 0
        while next < ids.count, search < bytes.count,
            let hit = memchr(base + search, Int32(UInt8(ascii: "<")), bytes.count - search)
        {
            // Just after the `<`.
            let i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) + 1
            search = i
            guard i + 2 < bytes.count, base[i] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(base[i + 1]),
                base[i + 2] == UInt8(ascii: ">")
            else { continue }
            out.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: i + 2 - copied))
            out.append(contentsOf: " id=\"\(ids[next])\">".utf8)
            next += 1
            copied = i + 3
            search = copied
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: bytes.count - copied))
        return String(decoding: out, as: UTF8.self)
    }

    /// A search of the UTF-8 bytes (`memchr` for the first, `memcmp` for the rest): Foundation's
    /// `contains` bridged every body to `NSString` (3 % of a 10,000-product build), and the
    /// standard library's generic `contains` took ten times that.
    static func bytes(of text: inout String, hold needle: StaticString) -> Bool {
        let length = needle.utf8CodeUnitCount
        return text.withUTF8 { haystack in
            guard let base = haystack.baseAddress, length > 0 else { return length == 0 }
            var start = 0
            while haystack.count - start >= length {
                guard let hit = memchr(base + start, Int32(needle.utf8Start[0]), haystack.count - start - length + 1) else {
                    return false
                }
                if memcmp(hit, needle.utf8Start, length) == 0 { return true }
                start = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) + 1
            }
            return false
        }
    }

    /// GitHub task lists render as bare disabled checkboxes, which a screen reader announces as
    /// "checkbox, not checked" with nothing to say what for: each gets its item's text (up to a
    /// nested list or the item's end, without tags) as `aria-label`.
    static func labellingTaskBoxes(in html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let box = rest.range(of: "<input type=\"checkbox\"") {
            out += rest[..<box.lowerBound]
            guard let close = rest[box.upperBound...].range(of: "/>") else { break }
            let after = rest[close.upperBound...]
            var end = after.endIndex
            for stop in ["</li>", "<ul", "<ol", "<p>", "\n"] {
                if let found = after.range(of: stop), found.lowerBound < end { end = found.lowerBound }
            }
            // The item's text: tags dropped, entities kept as they are (they are already escaped).
            var text = ""
            var inTag = false
            for character in after[..<end] {
                if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
            }
            let label = text.trimmingWhitespace().replacingOccurrences(of: "\"", with: "&quot;")
            out += rest[box.lowerBound..<close.lowerBound]
            if !label.isEmpty { out += "aria-label=\"\(label)\" " }
            out += "/>"
            rest = after
        }
        return out + rest
    }

    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        taking(pointer) { String(decoding: $0, as: UTF8.self) }
    }

    /// What `read` makes of the text cmark returned, which is freed afterwards: read in place
    /// rather than copied into a String first.
    private static func taking<T>(_ pointer: UnsafeMutablePointer<CChar>?, _ read: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let pointer else { return read(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { vitrine_cmark_free(pointer) }
        // CChar and UInt8 may alias each other.
        return read(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// One paragraph per line, no trailing blank lines.
    private static func normalizedPlainText(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var writer = PlainTextWriter(capacity: text.count)
        writer.write(text)
        return writer.string
    }
}
