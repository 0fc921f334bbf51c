import Foundation
import TemplateEngine
import Testing

/// Every test of the official Mustache specification the theme language promises: interpolation,
/// sections, inverted sections, partials, comments, delimiters, inheritance and dynamic names.
/// The files are the suite's own (MIT licence beside them), copied so CI needs nothing outside the repo.
@Suite struct SpecificationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let name: String
        let template: String
        let partials: [String: String]
        let data: SpecData
        let expected: String
        var testDescription: String { "\(file): \(name)" }
    }

    /// The data as the engine's callers give it: dictionaries, arrays, strings, numbers, booleans.
    struct SpecData: @unchecked Sendable { let value: Any }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Specification")
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~dynamic-names", "~inheritance",
    ]

    struct File: Decodable { let tests: [SpecTest] }
    struct SpecTest: Decodable {
        let name: String
        let template: String
        let partials: [String: String]?
        let data: JSON
        let expected: String
    }

    /// JSON decoded into the Swift values page builders pass: `Bool`, `Int`, `Double`, `String`,
    /// arrays, dictionaries, and `NSNull` for null.
    struct JSON: Decodable {
        let value: Any
        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                var items: [Any] = []
                while !list.isAtEnd { items.append(try list.decode(JSON.self).value) }
                value = items
            } else if let object = try? decoder.container(keyedBy: Key.self) {
                var members: [String: Any] = [:]
                for key in object.allKeys { members[key.stringValue] = try object.decode(JSON.self, forKey: key).value }
                value = members
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    value = NSNull()
                } else if let bool = try? single.decode(Bool.self) {
                    value = bool
                } else if let integer = try? single.decode(Int.self) {
                    value = integer
                } else if let number = try? single.decode(Double.self) {
                    value = number
                } else {
                    value = try single.decode(String.self)
                }
            }
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static func cases() throws -> [Case] {
        try files.flatMap { file -> [Case] in
            let data = try Data(contentsOf: folder.appendingPathComponent(file + ".json"))
            return try JSONDecoder().decode(File.self, from: data).tests.map { test in
                Case(
                    file: file, name: test.name, template: test.template, partials: test.partials ?? [:],
                    data: SpecData(value: test.data.value), expected: test.expected)
            }
        }
    }

    @Test(arguments: try cases())
    func rendersAsTheSpecificationExpects(_ test: Case) throws {
        var templates = [try Template(name: "", text: test.template)]
        for (name, text) in test.partials { templates.append(try Template(name: name, text: text)) }
        let set = TemplateSet(templates)
        #expect(set.render("", test.data.value) == test.expected)
    }

    @Test func theSuiteCoversEveryPromisedFile() throws {
        let all = try Self.cases()
        for file in Self.files { #expect(all.contains { $0.file == file }, "\(file).json has no tests") }
        #expect(all.count > 150)
    }
}
