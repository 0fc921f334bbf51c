import ContentEditor
import Foundation
import Hummingbird
import HummingbirdTesting

/// A browser's side of the editor in tests: it keeps the session cookie, reads each form's
/// token and revision, and sends forms as multipart bodies, as a browser does.
final class EditorClient: @unchecked Sendable {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var origin = "http://localhost"

    init(_ client: any TestClientProtocol) { self.client = client }

    struct Page {
        var status: HTTPResponse.Status
        var html: String
        var headers: HTTPFields
        /// The body's bytes, for a response that is no page (a picture).
        var data = Data()

        func hidden(_ name: String) -> String? {
            guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
            let rest = html[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }

        /// The text of the error shown at a field.
        func error(at field: String) -> String? {
            guard let range = html.range(of: "id=\"f-\(field)-error\">") else { return nil }
            let rest = html[range.upperBound...]
            return rest.range(of: "</p>").map { String(rest[..<$0.lowerBound]) }
        }
    }

    private var cookieHeader: HTTPFields {
        var headers = HTTPFields()
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        return headers
    }

    private func remember(_ response: TestResponse) {
        for value in response.headers[values: .setCookie] {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
    }

    func get(_ uri: String) async throws -> Page {
        let response = try await client.execute(uri: uri, method: .get, headers: cookieHeader, body: nil)
        remember(response)
        return Page(
            status: response.status, html: String(buffer: response.body), headers: response.headers,
            data: Data(response.body.readableBytesView))
    }

    /// Posts fields (and files) as `multipart/form-data`; `token` and `revision` default to what
    /// `form` carried.
    func post(
        _ uri: String, fields: [(String, String)], files: [(name: String, filename: String, bytes: Data)] = [],
        headers extra: HTTPFields = [:]
    ) async throws -> Page {
        let boundary = "----vitrine-test-\(UUID().uuidString)"
        var body = Data()
        func add(_ text: String) { body.append(Data(text.utf8)) }
        for (name, value) in fields {
            add("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n")
            add(value.replacingOccurrences(of: "\n", with: "\r\n"))
            add("\r\n")
        }
        for file in files {
            add("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\n")
            add("Content-Type: application/octet-stream\r\n\r\n")
            body.append(file.bytes)
            add("\r\n")
        }
        add("--\(boundary)--\r\n")
        var headers = cookieHeader
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        headers[.origin] = origin
        for field in extra { headers[field.name] = field.value }
        let response = try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(bytes: body))
        remember(response)
        return Page(status: response.status, html: String(buffer: response.body), headers: response.headers)
    }

    /// Opens a record's form and sends it back with `changes` applied to what it showed: what a
    /// person does who edits some fields and presses Save.
    func edit(_ path: String, changes: [String: [String]], body: String? = nil) async throws -> Page {
        let form = try await get(path)
        var fields = FormFields.read(form.html)
        for (name, values) in changes { fields.set(name, values) }
        if let body { fields.set("_body", [body]) }
        return try await post(path, fields: fields.pairs)
    }
}

/// The values a form shows, read from its HTML as a browser would submit them.
struct FormFields {
    private(set) var pairs: [(String, String)] = []

    mutating func set(_ name: String, _ values: [String]) {
        pairs.removeAll { $0.0 == name }
        pairs += values.map { (name, $0) }
    }

    static func read(_ html: String) -> FormFields {
        var fields = FormFields()
        func attribute(_ name: String, in tag: Substring) -> String? {
            guard let range = tag.range(of: " \(name)=\"") else { return nil }
            let rest = tag[range.upperBound...]
            return rest.firstIndex(of: "\"").map { unescape(String(rest[..<$0])) }
        }
        guard let formStart = html.range(of: "<form method=\"post\"") else { return fields }
        var rest = html[formStart.upperBound...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[...close]
            if tag.hasPrefix("<input"), let name = attribute("name", in: tag) {
                let type = attribute("type", in: tag) ?? "text"
                if type == "checkbox" {
                    if tag.contains(" checked") { fields.pairs.append((name, attribute("value", in: tag) ?? "on")) }
                } else if type != "file" {
                    fields.pairs.append((name, attribute("value", in: tag) ?? ""))
                }
            } else if tag.hasPrefix("<textarea"), let name = attribute("name", in: tag) {
                let after = rest[rest.index(after: close)...]
                let end = after.range(of: "</textarea>")!.lowerBound
                var text = String(after[..<end])
                if text.hasPrefix("\n") { text.removeFirst() }
                fields.pairs.append((name, unescape(text)))
            } else if tag.hasPrefix("<select"), let name = attribute("name", in: tag) {
                let after = rest[rest.index(after: close)...]
                let end = after.range(of: "</select>")!.lowerBound
                var options = after[..<end]
                var first: String?
                var chosen = 0
                while let option = options.range(of: "<option") {
                    let optionTag = options[option.lowerBound...options[option.lowerBound...].firstIndex(of: ">")!]
                    if first == nil { first = attribute("value", in: optionTag) ?? "" }
                    if optionTag.contains(" selected") {
                        fields.pairs.append((name, attribute("value", in: optionTag) ?? ""))
                        chosen += 1
                    }
                    options = options[option.upperBound...]
                }
                // A single select with nothing marked sends its first option, as a browser does.
                if chosen == 0, !tag.contains(" multiple"), let first { fields.pairs.append((name, first)) }
            } else if tag.hasPrefix("</form") {
                break
            }
            rest = rest[rest.index(after: close)...]
        }
        return fields
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
