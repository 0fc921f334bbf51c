import CLibXML2
import Foundation

/// A feed parsed back by libxml2, the way a strict reader parses it, and queried with XPath.
/// Untrusted input rules apply: no network (XML_PARSE_NONET) and no entity substitution.
final class ParsedXML {
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    static let namespaces = [
        "atom": "http://www.w3.org/2005/Atom",
        "g": "http://base.google.com/ns/1.0",
        "sm": "http://www.sitemaps.org/schemas/sitemap/0.9",
    ]

    private static let libraryReady: Void = { xmlInitParser() }()

    private let document: xmlDocPtr

    init(_ data: Data) throws {
        _ = ParsedXML.libraryReady
        guard let context = xmlNewParserCtxt() else { throw ParseError(description: "no parser context") }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue)
        let parsed = data.withUnsafeBytes { bytes in
            xmlCtxtReadMemory(
                context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), "feed.xml", nil, options)
        }
        guard let parsed, context.pointee.wellFormed != 0 else {
            if let parsed { xmlFreeDoc(parsed) }
            let message = xmlCtxtGetLastError(context).flatMap { $0.pointee.message.map { String(cString: $0) } }
            throw ParseError(description: "not well-formed XML: \(message ?? "unknown error")")
        }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// Text of every node the expression selects (elements or attributes), in document order.
    func strings(_ expression: String) -> [String] {
        nodes(expression) { node in
            guard let content = xmlNodeGetContent(node) else { return "" }
            defer { vitrine_xml_free(content) }
            return String(cString: content)
        }
    }

    func string(_ expression: String) -> String? { strings(expression).first }

    func count(_ expression: String) -> Int { strings(expression).count }

    /// Names of the elements the expression selects, without prefix, in document order: what a
    /// schema's sequence is checked against.
    func names(_ expression: String) -> [String] {
        nodes(expression) { String(cString: $0.pointee.name) }
    }

    private func nodes<T>(_ expression: String, _ read: (xmlNodePtr) -> T) -> [T] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        for (prefix, uri) in Self.namespaces { _ = xmlXPathRegisterNs(context, prefix, uri) }
        guard let result = xmlXPathEvalExpression(expression, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let nodes = result.pointee.nodesetval else { return [] }
        return (0..<Int(nodes.pointee.nodeNr)).compactMap { nodes.pointee.nodeTab[$0].map(read) }
    }

    /// The root element's name, without prefix.
    var rootName: String? {
        xmlDocGetRootElement(document).map { String(cString: $0.pointee.name) }
    }
}
