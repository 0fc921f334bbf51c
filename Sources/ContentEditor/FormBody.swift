import ContentLoader
import Foundation
import MultipartKit
import NIOCore

/// A submitted form: its text fields (a name may repeat, as a multiple select's does) and its
/// files. Browsers send a form with a file as `multipart/form-data`, read here by MultipartKit;
/// `application/x-www-form-urlencoded` is read too. Line endings become LF: a browser sends a
/// textarea's lines with CRLF, and content files keep LF.
struct FormBody: Sendable {
    struct File: Sendable {
        var filename: String
        var bytes: [UInt8]
    }

    private(set) var fields: [String: [String]] = [:]
    private(set) var files: [String: File] = [:]

    enum Problem: Error, Equatable {
        case unsupportedType
        case malformed
    }

    init(fields: [String: [String]] = [:], files: [String: File] = [:]) {
        self.fields = fields
        self.files = files
    }

    subscript(_ name: String) -> String? { fields[name]?.first }

    func all(_ name: String) -> [String] { fields[name] ?? [] }

    static func parse(_ buffer: ByteBuffer, contentType: String?) throws(Problem) -> FormBody {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return urlEncoded(String(buffer: buffer))
        }
        guard type.hasPrefix("multipart/form-data"), let boundary = Self.boundary(in: contentType ?? "") else {
            throw .unsupportedType
        }
        return try multipart(buffer, boundary: boundary)
    }

    static func urlEncoded(_ text: String) -> FormBody {
        var form = FormBody()
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                (String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part))
            }
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            form.fields[name, default: []].append(Self.lf(value))
        }
        return form
    }

    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func multipart(_ buffer: ByteBuffer, boundary: String) throws(Problem) -> FormBody {
        let parser = MultipartParser(boundary: boundary)
        var form = FormBody()
        var disposition = ""
        var body: [UInt8] = []
        var complete = false
        parser.onHeader = { name, value in
            if name.lowercased() == "content-disposition" { disposition = value }
        }
        parser.onBody = { chunk in body += chunk.readBytes(length: chunk.readableBytes) ?? [] }
        parser.onPartComplete = {
            let name = Self.parameter("name", in: disposition)
            if let name {
                if let filename = Self.parameter("filename", in: disposition) {
                    if !filename.isEmpty || !body.isEmpty { form.files[name] = File(filename: filename, bytes: body) }
                } else {
                    form.fields[name, default: []].append(Self.lf(String(decoding: body, as: UTF8.self)))
                }
            }
            complete = true
            disposition = ""
            body = []
        }
        do {
            try parser.execute(buffer)
        } catch {
            throw .malformed
        }
        guard complete || buffer.readableBytes == 0 else { throw .malformed }
        return form
    }

    /// A parameter of a `Content-Disposition` value: `form-data; name="price"; filename="a.jpg"`.
    static func parameter(_ wanted: String, in header: String) -> String? {
        var rest = Substring(header)
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...].drop(while: { $0 == " " })
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = rest[rest.index(after: equals)...]
            var text = ""
            if value.first == "\"" {
                value = value.dropFirst()
                var escaped = false
                var end = value.endIndex
                for index in value.indices {
                    let c = value[index]
                    if escaped { text.append(c); escaped = false; continue }
                    if c == "\\" { escaped = true; continue }
                    if c == "\"" { end = index; break }
                    text.append(c)
                }
                rest = end < value.endIndex ? value[value.index(after: end)...] : value[value.endIndex...]
            } else {
                let end = value.firstIndex(of: ";") ?? value.endIndex
                text = value[..<end].trimmingCharacters(in: .whitespaces)
                rest = value[end...]
            }
            if name == wanted { return text }
        }
        return nil
    }

    /// Line endings as content files have them, by the loader's own rule.
    static func lf(_ text: String) -> String {
        text.contains("\r") ? String(decoding: EditorText.normalized(Data(text.utf8)), as: UTF8.self) : text
    }
}
