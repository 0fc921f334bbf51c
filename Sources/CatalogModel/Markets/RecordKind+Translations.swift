extension RecordKind {
    /// The keys a translation file (`products/serum.ko.md`) may hold: only text a shopper reads.
    /// Everything else (prices, pictures, references) is the record's, in every language.
    public var translationFields: [FieldRule] {
        let slug = FieldRule("slug", .pattern(Slug.pattern, 1...100, example: "serum-ko"), "the record's path in this language, unique among its kind")
        switch self {
        case .site:
            return []
        case .brand, .category, .page:
            return [FieldRule("title", .text(1...200), "the title in this language"), slug]
        case .product:
            return [
                FieldRule("name", .text(1...300), "the name in this language"),
                FieldRule("tags", .textList, "search words in this language"),
                FieldRule("options", .textMap, "option names in this language by option, e.g. {shade: 색상}"),
                FieldRule("values", .textMap, "option values in this language by the default text, e.g. {\"100 Ivoire\": \"100 아이보리\"}"),
                slug,
            ]
        case .promotion:
            return [
                FieldRule("title", .text(1...200), "the title in this language"),
                FieldRule("stores", .textMap, "store names in this language by the default name"),
                slug,
            ]
        }
    }

    /// The keys of a translation file of this kind: its fields, and the body key in a `.json` file.
    public func translationKeys(json: Bool) -> [String] {
        var keys = translationFields.map(\.key)
        if json, let body = jsonBodyKey { keys.append(body) }
        return keys
    }
}
