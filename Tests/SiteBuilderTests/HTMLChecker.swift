import CLibXML2
import Foundation

/// Parses HTML with libxml2's HTML parser and returns every error it reports. libxml2's parser
/// predates HTML5, so "unknown tag" is forgiven for HTML5's own elements and nothing else.
enum HTMLChecker {
    static let html5Elements: Set<String> = [
        "main", "nav", "header", "footer", "article", "section", "aside", "time", "figure", "figcaption", "picture", "source",
        "picture", "template", "output", "progress", "meter", "details", "summary", "dialog", "mark", "search",
        "svg", "path", "circle", "data",
    ]

    final class Collector {
        var errors: [String] = []
    }

    static func errors(in html: String) -> [String] {
        let collector = Collector()
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        xmlSetStructuredErrorFunc(box.toOpaque()) { context, error in
            guard let context, let error else { return }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            if error.pointee.code == Int32(XML_HTML_UNKNOWN_TAG.rawValue), let tag = error.pointee.str1.map({ String(cString: $0) }),
                HTMLChecker.html5Elements.contains(tag)
            {
                return
            }
            collector.errors.append("line \(error.pointee.line): \(message)")
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        let document = html.withCString { htmlReadMemory($0, Int32(strlen($0)), "page.html", "UTF-8", options) }
        if document == nil { collector.errors.append("the document could not be parsed at all") }
        xmlFreeDoc(document)
        return collector.errors
    }
}
