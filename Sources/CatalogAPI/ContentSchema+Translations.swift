public import CatalogModel

/// Schemas of translation files (`products/serum.ko.md`), so an editor completes and checks a
/// translation as it does the record: only the keys a translation may hold, none required.
extension ContentSchema {
    /// The kinds that have translation files, in both forms.
    public static var translationVariants: [(kind: RecordKind, json: Bool)] {
        variants.filter { !$0.kind.translationFields.isEmpty }
    }

    /// `content/product.translation.json` for a `.ko.json` file,
    /// `content/product.translation.front-matter.json` for the front matter of a `.ko.md` file.
    public static func translationFileName(for kind: RecordKind, json: Bool) -> String {
        "content/\(kind.rawValue).translation" + (json ? ".json" : ".front-matter.json")
    }

    public static func translationSchema(for kind: RecordKind, json: Bool, id: String? = nil) -> JSONValue {
        let properties = properties(
            kind.translationFields, body: json ? kind.jsonBodyKey : nil,
            bodyDescription: "Markdown body in this language (GitHub Flavored Markdown)")
        let file = json ? "Content/\(kind.folder ?? "")/<slug>.<language>.json"
            : "the YAML front matter of Content/\(kind.folder ?? "")/<slug>.<language>.md"
        var schema: JSONValue = [
            "$schema": .string(dialect),
            "title": .string("Vitrine \(kind.rawValue) translation (" + (json ? "JSON file" : "Markdown front matter") + ")"),
            "description": .string(
                "Keys of \(file), a translation into one of site.json's languages: only text a shopper reads; "
                    + "what it leaves out is shown in the default language."),
            "type": "object",
            "properties": .object(properties),
            "additionalProperties": false,
        ]
        if let id { schema = schema.merging(["$id": .string(id)]) }
        return schema
    }
}
