import CLibXML2
import Foundation

/// Review services hand out a review's text as typed, sometimes with the HTML their widgets or
/// editors added (`<p>`, `<br>`, `&amp;`); a review in Vitrine is plain text, never markup, so
/// nothing a buyer wrote can become part of a page. Text with tags is read by libxml2's HTML
/// parser, as `HTMLToMarkdown` reads descriptions, and written as a reader saw it: paragraphs
/// apart by a blank line, `<br>` a line break, list items on lines of their own, scripts and
/// styles dropped. Text without tags keeps its own line breaks; only its character references
/// (`&amp;`, `&#39;`) are decoded.
public enum HTMLToText {
    /// The text as paragraphs: lines trimmed, at most one blank line in a row, none at the ends.
    public static func convert(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        let plain = hasTags(text) ? fromHTML(text) : decodingReferences(text)
        return tidy(plain)
    }

    /// The text on one line (a title, a name): every run of white space one space.
    public static func line(_ text: String) -> String {
        convert(text).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A `<` that opens a tag (`<p>`, `</b>`, `<br/>`) or a comment; "I <3 it" and "a < b" are text.
    static func hasTags(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func isLetter(_ at: Int) -> Bool { at < bytes.count && (bytes[at] | 0x20) >= 0x61 && (bytes[at] | 0x20) <= 0x7A }
        guard let lastClose = bytes.lastIndex(of: UInt8(ascii: ">")) else { return false }
        var index = 0
        while let open = bytes[index..<lastClose].firstIndex(of: UInt8(ascii: "<")) {
            let next = open + 1
            let mark = bytes[next]
            if isLetter(next) || mark == UInt8(ascii: "!") || (mark == UInt8(ascii: "/") && isLetter(next + 1)) { return true }
            index = next
        }
        return false
    }

    private static func fromHTML(_ html: String) -> String {
        let wrapped = "<html><body>" + html + "</body></html>"
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        guard let document = wrapped.withCString({ htmlReadMemory($0, Int32(strlen($0)), nil, "UTF-8", options) }) else {
            return decodingReferences(html)
        }
        defer { xmlFreeDoc(document) }
        var writer = Writer()
        if let root = xmlDocGetRootElement(document) { writer.walk(root) }
        return writer.out
    }

    /// `&amp;`, `&eacute;`, `&#39;`, `&#x2019;` as the characters they name; anything else as written.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(32).firstIndex(of: ";"), let scalar = scalar(named: after[..<semicolon]) {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    private static func scalar(named name: Substring) -> Unicode.Scalar? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if name.hasPrefix("#") { return UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init) }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        guard let entity = String(name).withCString({ htmlEntityLookup(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }) else {
            return nil
        }
        return Unicode.Scalar(entity.pointee.value)
    }

    /// Lines trimmed, tabs and no-break spaces as spaces, control characters and byte-order marks
    /// dropped (JSON would have to escape them, and no reader sees them), runs of blank lines one
    /// blank line.
    static func tidy(_ text: String) -> String {
        var lines: [String] = []
        var blank = false
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for raw in unified.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for scalar in raw.unicodeScalars {
                if scalar == "\t" || scalar == "\u{A0}" {
                    line.unicodeScalars.append(" ")
                } else if scalar.properties.generalCategory == .control || scalar == "\u{FEFF}" {
                    continue
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                blank = !lines.isEmpty
            } else {
                if blank { lines.append("") }
                blank = false
                lines.append(trimmed)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Walks the parsed tree writing what a browser would show as text.
    private struct Writer {
        var out = ""

        static let dropped: Set<String> = [
            "script", "style", "noscript", "iframe", "template", "head", "object", "svg", "form", "button", "select", "textarea",
        ]
        static let paragraphs: Set<String> = [
            "p", "div", "section", "article", "header", "footer", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
            "table", "pre", "figure",
        ]
        static let lines: Set<String> = ["li", "tr", "dt", "dd"]

        mutating func walk(_ node: xmlNodePtr) {
            var child = node.pointee.children
            while let current = child {
                visit(current)
                child = current.pointee.next
            }
        }

        mutating func visit(_ node: xmlNodePtr) {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = xmlNodeGetContent(node) else { return }
                defer { vitrine_xml_free(content) }
                // As a browser shows it: a run of white space, line breaks included, is one space.
                let text = String(cString: content)
                var previousSpace = out.last.map { $0 == " " || $0 == "\n" } ?? true
                for character in text {
                    if character.isWhitespace && character != "\u{A0}" {
                        if !previousSpace { out.append(" ") }
                        previousSpace = true
                    } else {
                        out.append(character)
                        previousSpace = false
                    }
                }
            case XML_ELEMENT_NODE:
                let tag = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if Self.dropped.contains(tag) { return }
                if tag == "br" {
                    trimTrailingSpace()
                    out.append("\n")
                } else if Self.paragraphs.contains(tag) {
                    breakLine(blank: true)
                    walk(node)
                    breakLine(blank: true)
                } else if Self.lines.contains(tag) {
                    breakLine(blank: false)
                    if tag == "li" { out.append("- ") }
                    walk(node)
                    breakLine(blank: false)
                } else {
                    if tag == "td" || tag == "th", let last = out.last, last != "\n", last != " " { out.append(" ") }
                    walk(node)
                }
            default:
                return
            }
        }

        mutating func trimTrailingSpace() {
            while out.last == " " { out.removeLast() }
        }

        /// Ends the current line, and leaves a blank line after it for a paragraph.
        mutating func breakLine(blank: Bool) {
            trimTrailingSpace()
            guard !out.isEmpty else { return }
            let wanted = blank ? 2 : 1
            var have = 0
            for character in out.reversed() {
                guard character == "\n" else { break }
                have += 1
            }
            if have < wanted { out += String(repeating: "\n", count: wanted - have) }
        }
    }
}
