import CatalogModel
@testable import SiteRenderer
import Testing

@Suite struct PageBuilderTests {
    /// The trail is written byte by byte; it must be what the JSON tree it replaced encodes to,
    /// including titles a script element must not see unescaped.
    @Test func breadcrumbStructuredDataIsTheEncodedTree() {
        let trails: [[[String: Any]]] = [
            [],
            [["title": "Home", "absoluteURL": "https://example.com/"]],
            [
                ["title": "Home", "absoluteURL": "https://example.com/"],
                ["title": "Crème \"de\" nuit </script> & <b>", "absoluteURL": "https://example.com/p/a?b=1&c=2"],
                ["title": "Line\nbreak \u{2028} tab\t", "absoluteURL": "https://example.com/😀/"],
                ["absoluteURL": "https://example.com/untitled/"],
            ],
        ]
        for trail in trails {
            let elements = trail.enumerated().map { position, item -> JSONValue in
                [
                    "@type": "ListItem", "position": .int(position + 1), "name": .string(item["title"] as? String ?? ""),
                    "item": .string(item["absoluteURL"] as? String ?? ""),
                ]
            }
            let tree: JSONValue = ["@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": .array(elements)]
            #expect(PageBuilder.breadcrumbJSONLD(trail) == tree.encoded(scriptSafe: true))
        }
    }

    /// A product page adds its own step to a trail made once for its brand or category; the
    /// structured data must be the bytes the whole trail writes.
    @Test func aSharedTrailContinuedByAPageWritesTheWholeTrail() {
        let shared: [[String: Any]] = [
            ["title": "Home", "absoluteURL": "https://example.com/"],
            ["title": "Crème \"de\" nuit </script> & <b>", "absoluteURL": "https://example.com/p/a?b=1&c=2"],
        ]
        for prefix in [[], Array(shared.prefix(1)), shared] {
            let own: [String: Any] = ["title": "Line\nbreak \u{2028} 😀", "absoluteURL": "https://example.com/products/x/"]
            let trail = BreadcrumbTrail(prefix)
            #expect(trail.jsonLD(endingWith: "Line\nbreak \u{2028} 😀", absoluteURL: "https://example.com/products/x/")
                == PageBuilder.breadcrumbJSONLD(prefix + [own]))
        }
    }
}
