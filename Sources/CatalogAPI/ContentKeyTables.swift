import CatalogModel
import Foundation

/// The README's tables of content keys, one per kind and one per nested value that has rules of
/// its own, made from the key tables the validator reads (`RecordKind.fields`,
/// `ImageSettings.rules`, `ShippingRate.rules`, `Variant.rules`, `Store`'s limits). Printed by
/// `vitrine schema --markdown`; `scripts/update-readme-keys.sh` writes it between the README's
/// `<!-- content-keys:begin -->` and `<!-- content-keys:end -->`, and a test keeps the two equal.
public enum ContentKeyTables {
    public static let beginMarker = "<!-- content-keys:begin -->"
    public static let endMarker = "<!-- content-keys:end -->"

    /// One table: a heading, a sentence on where the keys go, and its rows.
    public struct Table: Sendable {
        public let heading: String
        public let note: String
        public let rows: [Row]
    }

    public struct Row: Sendable {
        public let key: String
        public let type: String
        public let required: Bool
        public let meaning: String
    }

    public static var tables: [Table] {
        [
            kindTable(.site, heading: "site.json", note: "`Content/site.json`, one JSON object; the shop's settings."),
            Table(
                heading: "site.json: images", note: "The object under `images`; every key optional.",
                rows: ImageSettings.rules.map(row)),
            Table(
                heading: "site.json: shipping", note: "Each entry of the list under `shipping`.",
                rows: ShippingRate.rules.map(row)),
            Table(
                heading: "site.json: languages",
                note: "An entry of `languages` written as an object rather than a bare tag such as `\"ko\"`.",
                rows: SiteLanguage.rules.map(row)),
            Table(
                heading: "site.json: markets",
                note: "Each entry of the list under `markets`; a storefront is one market in one of its languages.",
                rows: Market.rules.map(row)),
            kindTable(.brand, heading: "Brand", note: "`Content/brands/<slug>.md` or `.json`."),
            kindTable(
                .product, heading: "Product",
                note: "`Content/products/**/<slug>.md` or `.json`; sub-folders are for you, Vitrine ignores them."),
            variantTable,
            kindTable(.promotion, heading: "Promotion", note: "`Content/promotions/<slug>.md` or `.json`."),
            storeTable,
            kindTable(
                .page, heading: "Page",
                note: "`Content/pages/<slug>.md` or `.json`, published at `<slug>/index.html`."),
            kindTable(
                .category, heading: "Category",
                note: "`Content/categories/<slug>.md` or `.json`; products name theirs in `categories`."),
            translationTable,
            reviewTable,
            Table(
                heading: "stock.csv",
                note: "`Content/stock.csv`, optional: a header row, then one row per SKU; an empty cell changes nothing.",
                rows: StockColumn.all.map { Row(key: "`\($0.name)`", type: $0.type, required: $0.required, meaning: $0.meaning) }),
        ]
    }

    /// Every table as Markdown, each under a `###` heading; ends with a newline.
    public static func markdown() -> String {
        tables.map(markdown).joined(separator: "\n")
    }

    public static func markdown(_ table: Table) -> String {
        var lines = ["### \(table.heading)", "", table.note, "", "| key | type | required | meaning |", "|---|---|---|---|"]
        for row in table.rows {
            lines.append(
                "| " + [row.key, escaped(row.type), row.required ? "yes" : "no", escaped(row.meaning)].joined(separator: " | ")
                    + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text between the markers of `document` (a README), nil when either is missing.
    public static func section(of document: String) -> Substring? {
        guard let begin = document.range(of: beginMarker), let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
        else { return nil }
        return document[begin.upperBound..<end.lowerBound]
    }

    /// What belongs between the markers: the tables, a blank line either side.
    public static var betweenMarkers: String { "\n\n" + markdown() + "\n" }

    /// `document` with the text between the markers replaced by the tables; nil without markers.
    public static func updating(_ document: String) -> String? {
        guard let begin = document.range(of: beginMarker), let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
        else { return nil }
        return String(document[..<begin.upperBound]) + betweenMarkers + String(document[end.lowerBound...])
    }
}

private extension ContentKeyTables {
    /// The keys of translation files, by kind; the body is the Markdown body (or the JSON body key).
    static var translationTable: Table {
        var rows: [Row] = []
        for kind in RecordKind.allCases where kind != .site {
            for rule in kind.translationFields {
                rows.append(Row(key: "`\(rule.key)` (\(kind.rawValue))", type: rule.type.documentation, required: false, meaning: rule.summary))
            }
        }
        return Table(
            heading: "Translation",
            note: "`Content/<kind>/<slug>.<language>.md` or `.json` beside the record, for a language in `languages`; "
                + "only these keys and the body. Texts left out fall back to the record's own.",
            rows: rows)
    }

    static func row(_ rule: FieldRule) -> Row {
        Row(key: "`\(rule.key)`", type: rule.type.documentation, required: rule.required, meaning: rule.summary)
    }

    static func kindTable(_ kind: RecordKind, heading: String, note: String) -> Table {
        var rows = kind.fields.map(row)
        if let body = kind.jsonBodyKey {
            rows.append(Row(
                key: body == "body" ? "body" : "body, or `\(body)` in `.json`", type: "Markdown (GitHub Flavored)", required: false,
                meaning: "the text after a `.md` file's front matter; in a `.json` file, the `\(body)` string"))
        }
        return Table(heading: heading, note: note, rows: rows)
    }

    static var reviewTable: Table {
        let response = Review.fields.first { $0.key == "response" }
        return Table(
            heading: "Review",
            note: "Each line of `Content/reviews/*.jsonl`: one JSON object per line, only published reviews.",
            rows: Review.fields.filter { $0.key != "response" }.map(row) + [
                Row(
                    key: "`response`", type: "object: `body` (text, 1–\(Review.Limits.responseBody.upperBound.formatted()) characters) and `date` (date)",
                    required: false, meaning: response?.summary ?? "")
            ])
    }

    static var variantTable: Table {
        let option = "shade"
        let rows = Variant.rules(options: [option]).map { rule in
            rule.key == option
                ? Row(
                    key: "each name in `options`", type: rule.type.documentation, required: true,
                    meaning: "the variant's value of that option, e.g. `\(option): 100 Ivoire`")
                : row(rule)
        }
        return Table(
            heading: "Product: variants",
            note: "Each entry of a product's `variants` list (with `options`); what a variant leaves out is the product's.",
            rows: rows)
    }

    static var storeTable: Table {
        let types = [
            "name": FieldType.text(Store.nameLength).documentation, "address": "text",
            "latitude": "number, −\(Int(Store.latitudeLimit))…\(Int(Store.latitudeLimit))",
            "longitude": "number, −\(Int(Store.longitudeLimit))…\(Int(Store.longitudeLimit))",
        ]
        let rows = Store.keys.map { key in
            Row(key: "`\(key)`", type: types[key]!, required: Store.requiredKeys.contains(key), meaning: Store.summaries[key]!)
        }
        return Table(
            heading: "Promotion: stores", note: "Each entry of a promotion's `stores` list, shown on `deals/`.", rows: rows)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
