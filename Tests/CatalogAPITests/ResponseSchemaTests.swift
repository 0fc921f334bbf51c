import CatalogAPI
import BuildEngine
import CatalogModel
import Foundation
import Testing
import VitrineTestSupport

/// The end-to-end script validates every published file with a full JSON Schema validator; these
/// tests catch the common drift early: a member added to a document but not to its schema.
@Suite struct ResponseSchemaTests {
    /// Problems of `value` against `schema`: members not listed, required members missing, wrong
    /// JSON types. `$ref`s are resolved in `root`'s `$defs`.
    static func problems(_ value: JSONValue, _ schema: JSONValue, root: JSONValue, at path: String = "$") -> [String] {
        if let ref = schema["$ref"]?.stringValue {
            let name = String(ref.dropFirst("#/$defs/".count))
            guard let target = root["$defs"]?[name] else { return ["\(path): unresolved \(ref)"] }
            return problems(value, target, root: root, at: path)
        }
        var found: [String] = []
        switch (schema["type"]?.stringValue, value) {
        case ("object", .object(let members)):
            let properties = schema["properties"]?.objectValue ?? [:]
            // A map (`additionalProperties` a schema) takes any member of that schema.
            let others = schema["additionalProperties"].flatMap { $0.objectValue != nil ? $0 : nil }
            for key in members.keys where properties[key] == nil {
                if let others { found += problems(members[key]!, others, root: root, at: "\(path).\(key)") } else {
                    found.append("\(path).\(key): not in the schema")
                }
            }
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[key] == nil {
                found.append("\(path).\(key): required but missing")
            }
            for (key, member) in members { if let p = properties[key] { found += problems(member, p, root: root, at: "\(path).\(key)") } }
        case ("array", .array(let items)):
            for (i, item) in items.enumerated() { found += problems(item, schema["items"] ?? [:], root: root, at: "\(path)[\(i)]") }
        case ("string", .string), ("number", .number), ("boolean", .bool), (nil, _): break
        case ("integer", .number(let text)) where Int64(text) != nil: break
        case (let type?, _): found.append("\(path): expected \(type)")
        }
        return found
    }

    static func check(_ data: Data, against name: String) throws -> [String] {
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        let schema = try #require(ResponseSchema.schema(named: name))
        return problems(value, schema, root: schema)
    }

    @Test("every document of a catalog fits its schema's members", arguments: [false, true])
    func documentsFit(sampleShop: Bool) throws {
        // The sample shop has variants, unit prices and shipping rates; the small catalog has none.
        let api = sampleShop ? CatalogAPI(catalog: SampleShop.catalog, now: SampleShop.clock) : CatalogAPIDocumentsTests.api
        let jobs = api.jobs().filter { $0.kind != "schema" }
        // Pages of reviews only where products have reviews.
        #expect(Set(jobs.map(\.kind)).subtracting(["api-reviews"]) == [
            "api-site", "api-brands", "api-brand-products", "api-product", "api-promotions", "api-schema-index",
        ])
        for job in jobs {
            let name: String
            switch job.kind {
            case "api-site": name = "site"
            case "api-brands": name = "brands"
            case "api-brand-products": name = "brand-products"
            case "api-product": name = "product"
            case "api-reviews": name = "product-reviews"
            case "api-promotions": name = "promotions"
            case "api-schema-index": name = "schema-index"
            default: Issue.record("unexpected job kind \(job.kind)"); continue
            }
            let problems = try Self.check(job.render(), against: name)
            #expect(problems == [], "\(job.path)")
        }
    }

    @Test("the checker notices a member the schema does not list")
    func checkerCatchesExtras() throws {
        let schema = try #require(ResponseSchema.schema(named: "brands"))
        let value: JSONValue = ["total": 1, "brands": [], "surprise": true]
        #expect(Self.problems(value, schema, root: schema) == ["$.surprise: not in the schema"])
    }

    @Test("every $ref resolves within its own file", arguments: ResponseSchema.names)
    func refsResolve(name: String) throws {
        let schema = try #require(ResponseSchema.schema(named: name))
        var refs: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if let ref = members["$ref"]?.stringValue { refs.append(ref) }
                members.values.forEach(walk)
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(schema)
        for ref in refs {
            #expect(ref.hasPrefix("#/$defs/") && schema["$defs"]?[String(ref.dropFirst(8))] != nil, "\(name): \(ref)")
        }
    }

    @Test("unknown schema names have no schema")
    func unknownName() {
        #expect(ResponseSchema.schema(named: "nothing") == nil)
    }
}
