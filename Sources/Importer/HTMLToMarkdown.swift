import CLibXML2
import Foundation

/// Product descriptions from Shopify and WooCommerce are HTML; content bodies are Markdown. The
/// HTML is parsed by libxml2's HTML parser (which copes with the tag soup shop editors write) and
/// its tree written as Markdown: headings, paragraphs, lists, emphasis, links, line breaks and
/// tables are kept; scripts, styles, forms and every attribute but `href` are dropped.
public enum HTMLToMarkdown {
    public static func convert(_ html: String) -> String {
        guard !html.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "" }
        let wrapped = "<html><body>" + html + "</body></html>"
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        guard let document = wrapped.withCString({ htmlReadMemory($0, Int32(strlen($0)), nil, "UTF-8", options) }) else {
            return ""
        }
        defer { xmlFreeDoc(document) }
        var writer = Writer()
        if let root = xmlDocGetRootElement(document) { writer.blocks(of: root) }
        return writer.result()
    }

    private struct Writer {
        var out = ""

        func name(_ node: xmlNodePtr) -> String { node.pointee.name.map { String(cString: $0).lowercased() } ?? "" }

        func children(_ node: xmlNodePtr) -> [xmlNodePtr] {
            var list: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                list.append(current)
                child = current.pointee.next
            }
            return list
        }

        func attribute(_ node: xmlNodePtr, _ key: String) -> String? {
            guard let value = xmlGetProp(node, key) else { return nil }
            defer { vitrine_xml_free(value) }
            return String(cString: value)
        }

        static let dropped: Set<String> = ["script", "style", "noscript", "iframe", "form", "button", "input", "select", "textarea", "head", "template"]
        static let blockNames: Set<String> = ["p", "div", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote", "body", "html"]

        mutating func blocks(of node: xmlNodePtr) {
            var inline = ""
            func flush(_ writer: inout Writer) {
                let text = Self.collapse(inline)
                if !text.isEmpty { writer.paragraph(text) }
                inline = ""
            }
            for child in children(node) {
                let tag = name(child)
                if child.pointee.type == XML_ELEMENT_NODE, Self.dropped.contains(tag) { continue }
                if child.pointee.type == XML_ELEMENT_NODE, Self.blockNames.contains(tag) {
                    flush(&self)
                    block(child, tag)
                } else {
                    inline += self.inline(child)
                }
            }
            flush(&self)
        }

        mutating func paragraph(_ text: String) {
            out += text + "\n\n"
        }

        mutating func block(_ node: xmlNodePtr, _ tag: String) {
            switch tag {
            case "h1", "h2", "h3", "h4", "h5", "h6":
                let level = Int(String(tag.last!))!
                let text = Self.collapse(inlineChildren(node))
                if !text.isEmpty { paragraph(String(repeating: "#", count: level) + " " + text) }
            case "ul", "ol":
                var number = 1
                var lines: [String] = []
                for item in children(node) where name(item) == "li" {
                    let text = Self.collapse(inlineChildren(item))
                    guard !text.isEmpty else { continue }
                    lines.append((tag == "ol" ? "\(number). " : "- ") + text)
                    number += 1
                }
                if !lines.isEmpty { paragraph(lines.joined(separator: "\n")) }
            case "blockquote":
                let text = Self.collapse(inlineChildren(node))
                if !text.isEmpty { paragraph("> " + text) }
            case "table":
                table(node)
            default:
                blocks(of: node)
            }
        }

        mutating func table(_ node: xmlNodePtr) {
            var rows: [[String]] = []
            func collect(_ node: xmlNodePtr) {
                for child in children(node) {
                    switch name(child) {
                    case "tr":
                        rows.append(children(child).filter { ["td", "th"].contains(name($0)) }.map {
                            Self.collapse(inlineChildren($0)).replacingOccurrences(of: "|", with: "\\|")
                        })
                    case "thead", "tbody", "tfoot": collect(child)
                    default: break
                    }
                }
            }
            collect(node)
            guard let width = rows.map(\.count).max(), width > 0 else { return }
            let padded = rows.map { $0 + Array(repeating: "", count: width - $0.count) }
            var lines = ["| " + padded[0].joined(separator: " | ") + " |", "|" + Array(repeating: "---|", count: width).joined()]
            for row in padded.dropFirst() { lines.append("| " + row.joined(separator: " | ") + " |") }
            paragraph(lines.joined(separator: "\n"))
        }

        func inlineChildren(_ node: xmlNodePtr) -> String { children(node).map(inline).joined() }

        func inline(_ node: xmlNodePtr) -> String {
            if node.pointee.type == XML_TEXT_NODE {
                guard let content = xmlNodeGetContent(node) else { return "" }
                defer { vitrine_xml_free(content) }
                return Self.escape(String(cString: content))
            }
            guard node.pointee.type == XML_ELEMENT_NODE else { return "" }
            let tag = name(node)
            if Self.dropped.contains(tag) { return "" }
            let inner = inlineChildren(node)
            switch tag {
            case "strong", "b": return Self.wrap(inner, "**")
            case "em", "i": return Self.wrap(inner, "*")
            case "br": return "  \n"
            case "a":
                guard let href = attribute(node, "href"), href.hasPrefix("http://") || href.hasPrefix("https://") || href.hasPrefix("mailto:") else {
                    return inner
                }
                return "[\(Self.collapse(inner))](\(href))"
            default: return inner
            }
        }

        static func wrap(_ text: String, _ mark: String) -> String {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? text : mark + trimmed + mark
        }

        /// Markdown's own characters in text are escaped, so a price like `*new*` stays text.
        static func escape(_ text: String) -> String {
            var out = ""
            for character in text {
                if "\\`*_[]<>#".contains(character) { out.append("\\") }
                out.append(character)
            }
            return out
        }

        /// White space as a browser shows it: runs become one space, except hard breaks.
        static func collapse(_ text: String) -> String {
            let lines = text.components(separatedBy: "  \n").map { line in
                line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            }
            return lines.filter { !$0.isEmpty }.joined(separator: "  \n")
        }

        func result() -> String {
            var text = out
            while text.hasSuffix("\n") { text.removeLast() }
            return text.isEmpty ? "" : text + "\n"
        }
    }
}
