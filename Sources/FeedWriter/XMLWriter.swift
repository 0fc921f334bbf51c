import BuildEngine
import CLibXML2
import Foundation
import TextHash

/// One XML document streamed into memory by libxml2's xmlTextWriter. Every element name, text and
/// attribute value goes through libxml2, which escapes it, so no feed ever holds markup assembled
/// from strings. One writer per document and per thread; the C pointers never leave this type.
final class XMLWriter {
    private var buffer: xmlBufferPtr?
    private var writer: xmlTextWriterPtr?

    /// libxml2's global state is set up once, before any thread makes a writer: a `static let`
    /// initializer runs exactly once even when first touched from several threads.
    static let libraryReady: Void = { xmlInitParser() }()

    init() {
        (buffer, writer) = Self.memoryWriter()
        startDocument()
    }

    private static func memoryWriter() -> (xmlBufferPtr, xmlTextWriterPtr) {
        _ = XMLWriter.libraryReady
        guard let buffer = xmlBufferCreate() else { fatalError("libxml2 could not allocate an XML buffer") }
        // The default scheme grows the buffer to the exact size on every flush, which copies a
        // 10 MB product feed over and over; doubling keeps writing linear.
        xmlBufferSetAllocationScheme(buffer, XML_BUFFER_ALLOC_DOUBLEIT)
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { fatalError("libxml2 could not allocate an XML writer") }
        return (buffer, writer)
    }

    /// Elements written by libxml2 on their own, without a declaration or indentation, for a
    /// document to take many times over with `raw`: a part every review of a product shares is
    /// escaped once, not once per review.
    static func fragment(_ write: (XMLWriter) -> Void) -> [UInt8] {
        let xml = XMLWriter(fragment: ())
        write(xml)
        check(xmlTextWriterFlush(xml.writer!), "flush a fragment")
        let buffer = xml.buffer!
        return Array(UnsafeBufferPointer(start: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer))))
    }

    private init(fragment: Void) {
        (buffer, writer) = Self.memoryWriter()
    }

    /// Bytes `fragment` made, in place; libxml2 first closes an open start tag.
    func raw(_ bytes: [UInt8]) {
        let writer = self.writer!
        bytes.withUnsafeBufferPointer { check(xmlTextWriterWriteRawLen(writer, $0.baseAddress, Int32($0.count)), "write a fragment") }
    }

    /// A writer whose document goes to `sink` in libxml2's output chunks (4 KB) as it is written,
    /// never held whole. `sink` must outlive the writer; `finish()` then returns no bytes.
    /// `indented: false` writes no line breaks or indentation between elements: for a file only
    /// machines read, whose size those would grow by a fifth.
    init(streamingTo sink: OutputSink, indented: Bool = true) {
        _ = XMLWriter.libraryReady
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let output = xmlOutputBufferCreateIO(
            { context, bytes, length in
                guard let context, let bytes, length > 0 else { return 0 }
                Unmanaged<OutputSink>.fromOpaque(context).takeUnretainedValue()
                    .write(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
                return length
            }, nil, context, nil)
        guard let output, let writer = xmlNewTextWriter(output) else { fatalError("libxml2 could not allocate an XML writer") }
        self.writer = writer
        startDocument(indented: indented)
    }

    private func startDocument(indented: Bool = true) {
        let writer = self.writer!
        if indented {
            check(xmlTextWriterSetIndent(writer, 1), "set indentation")
            withXMLString("  ") { check(xmlTextWriterSetIndentString(writer, $0), "set indentation") }
        }
        check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "start the document")
    }

    deinit {
        if let writer { xmlFreeTextWriter(writer) }
        if let buffer { xmlBufferFree(buffer) }
    }

    /// Opens `<name>`, or `<prefix:name>` for an element of a namespace declared on an ancestor.
    func start(_ name: String, prefix: String? = nil) {
        let writer = self.writer!
        withXMLString(name) { localName in
            if let prefix {
                withXMLString(prefix) { check(xmlTextWriterStartElementNS(writer, $0, localName, nil), "open <\(name)>") }
            } else {
                check(xmlTextWriterStartElement(writer, localName), "open <\(name)>")
            }
        }
    }

    func end() {
        check(xmlTextWriterEndElement(writer!), "close an element")
    }

    func attribute(_ name: String, _ value: String) {
        let writer = self.writer!
        withXMLString(name) { name in
            withXMLString(XMLWriter.xmlSafe(value)) { check(xmlTextWriterWriteAttribute(writer, name, $0), "write an attribute") }
        }
    }

    func text(_ value: String) {
        let writer = self.writer!
        withXMLString(XMLWriter.xmlSafe(value)) { check(xmlTextWriterWriteString(writer, $0), "write text") }
    }

    /// `<name attributes…>text</name>`
    func element(_ name: String, prefix: String? = nil, _ text: String, attributes: KeyValuePairs<String, String> = [:]) {
        start(name, prefix: prefix)
        for (key, value) in attributes { attribute(key, value) }
        self.text(text)
        end()
    }

    /// `<name>text</name>` for a text given as UTF-8 bytes, copied as they are when they hold
    /// nothing libxml2 would escape or `xmlSafe` drop (`&`, `<`, `>`, `"`, controls, and the
    /// lead byte of U+FFFE and U+FFFF): the ratings feed prints a million review texts, nearly
    /// all plain, and making each a string for libxml2 to scan cost more than the writing.
    func element(_ name: String, utf8 text: ArraySlice<UInt8>) {
        let plain = text.withUnsafeBufferPointer { bytes in
            !bytes.contains { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }
        }
        guard plain, !text.isEmpty else { return element(name, String(decoding: text, as: UTF8.self)) }
        start(name)
        text.withUnsafeBufferPointer { check(xmlTextWriterWriteRawLen(writer!, $0.baseAddress, Int32($0.count)), "write text") }
        end()
    }

    /// `<name attributes…/>`
    func emptyElement(_ name: String, prefix: String? = nil, attributes: KeyValuePairs<String, String>) {
        start(name, prefix: prefix)
        for (key, value) in attributes { attribute(key, value) }
        end()
    }

    /// Closes every open element and returns the document's bytes (UTF-8, ending in a newline);
    /// empty for a streaming writer, whose bytes are all in its sink now.
    @discardableResult
    func finish() -> Data {
        check(xmlTextWriterEndDocument(writer!), "end the document")
        xmlFreeTextWriter(writer)  // flushes into the buffer or the sink
        writer = nil
        guard let buffer else { return Data() }
        let data = Data(bytes: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer)))
        xmlBufferFree(buffer)
        self.buffer = nil
        return data
    }

    /// The writer fails only on a broken call sequence or a failed allocation, never on content
    /// (`xmlSafe` removes what XML cannot hold), so a failure is a bug in this module.
    private func check(_ result: Int32, _ action: @autoclosure () -> String) { Self.check(result, action()) }

    private static func check(_ result: Int32, _ action: @autoclosure () -> String) {
        precondition(result >= 0, "libxml2 could not \(action())")
    }

    private func withXMLString<R>(_ string: String, _ body: (UnsafePointer<xmlChar>) -> R) -> R {
        string.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
    }

    /// Drops the characters XML 1.0 cannot carry at all, escaped or not (C0 controls other than
    /// tab, newline and carriage return; U+FFFE and U+FFFF); a stray control character copied from
    /// a spreadsheet would otherwise make feed readers reject the whole feed.
    static func xmlSafe(_ string: String) -> String {
        func allowed(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
        // Fast path on bytes: only a C0 control or the lead byte 0xEF (of U+FFFE, U+FFFF) can be a problem.
        // On the string's own bytes, not through `String.UTF8View`'s iterator: every text of every
        // feed item comes through here.
        let suspicious = string.withUTF8Bytes { $0.contains { $0 == 0xEF || ($0 < 0x20 && $0 != 0x9 && $0 != 0xA && $0 != 0xD) } }
        guard suspicious, !string.unicodeScalars.allSatisfy(allowed) else { return string }
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: string.unicodeScalars.filter(allowed))
        return String(cleaned)
    }
}
