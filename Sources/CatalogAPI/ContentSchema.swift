public import CatalogModel

/// JSON Schemas (draft 2020-12) of the content files, made from `RecordKind.fields`: the same
/// table the validator reads, so a key added to the model appears in the schemas with no
/// further edit. Unknown keys are refused, as `vitrine check --strict` refuses them.
public enum ContentSchema {
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// Kinds and forms that have a schema: `.json` files for every kind, front matter for the
    /// kinds written as Markdown (all but the site).
    public static var variants: [(kind: RecordKind, json: Bool)] {
        RecordKind.allCases.flatMap { kind in kind == .site ? [(kind, true)] : [(kind, true), (kind, false)] }
    }

    /// `content/product.json` for a `.json` file, `content/product.front-matter.json` for the
    /// front matter of a `.md` file.
    public static func fileName(for kind: RecordKind, json: Bool) -> String {
        "content/\(kind.rawValue)" + (json ? ".json" : ".front-matter.json")
    }

    public static func schema(for kind: RecordKind, json: Bool, id: String? = nil) -> JSONValue {
        let properties = properties(
            kind.fields, body: json ? kind.jsonBodyKey : nil, bodyDescription: "Markdown body (GitHub Flavored Markdown)")
        var schema: JSONValue = [
            "$schema": .string(dialect),
            "title": .string(title(kind, json: json)),
            "description": .string(description(kind, json: json)),
            "type": "object",
            "properties": .object(properties),
            "required": .array(kind.fields.filter(\.required).map { .string($0.key) }),
            "additionalProperties": false,
        ]
        if let id { schema = schema.merging(["$id": .string(id)]) }
        return schema
    }

    /// One property per rule, described by its summary, and the Markdown body of a `.json` file.
    static func properties(_ rules: [FieldRule], body: String?, bodyDescription: String) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        for rule in rules {
            properties[rule.key] = rule.type.jsonSchema.merging(["description": .string(rule.summary)])
        }
        if let body { properties[body] = ["type": "string", "description": .string(bodyDescription)] }
        return properties
    }

    static func title(_ kind: RecordKind, json: Bool) -> String {
        let name = kind == .site ? "site settings" : kind.rawValue
        return "Vitrine \(name) (" + (json ? "JSON file" : "Markdown front matter") + ")"
    }

    static func description(_ kind: RecordKind, json: Bool) -> String {
        let file: String
        if let folder = kind.folder {
            file = json ? "Content/\(folder)/<slug>.json" : "the YAML front matter of Content/\(folder)/<slug>.md"
        } else {
            file = "Content/site.json"
        }
        var text = "Keys of \(file). Generated from Vitrine's content model; `vitrine check` also checks what a schema cannot: "
            + "that slugs name existing records, local images exist, GTIN check digits, fraction digits per currency and dates such as 30 February."
        if json, let body = kind.jsonBodyKey { text += " The Markdown body is the `\(body)` string." }
        if !json, let body = kind.jsonBodyKey { text += " The body follows the closing ---; `\(body)` is a key of .json files only." }
        return text
    }
}
