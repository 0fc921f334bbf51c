import BuildEngine
import CatalogModel
import Foundation
@testable import SiteRenderer
import TemplateEngine
import Testing
import VitrineTestSupport

@Suite struct PageBuilderTests {
    /// The trail is written byte by byte; it must be what the JSON tree it replaced encodes to,
    /// including titles a script element must not see unescaped.
    @Test func breadcrumbStructuredDataIsTheEncodedTree() {
        let trails: [[TemplateFields]] = [
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
        let shared: [TemplateFields] = [
            ["title": "Home", "absoluteURL": "https://example.com/"],
            ["title": "Crème \"de\" nuit </script> & <b>", "absoluteURL": "https://example.com/p/a?b=1&c=2"],
        ]
        for prefix in [[], Array(shared.prefix(1)), shared] {
            let own: TemplateFields = ["title": "Line\nbreak \u{2028} 😀", "absoluteURL": "https://example.com/products/x/"]
            let trail = BreadcrumbTrail(prefix)
            #expect(trail.jsonLD(endingWith: "Line\nbreak \u{2028} 😀", absoluteURL: "https://example.com/products/x/")
                == PageBuilder.breadcrumbJSONLD(prefix + [own]))
        }
    }

    /// Product pages of one brand or category share the steps above the product, made once: each
    /// page's trail must still end at the product itself, in its links and in its structured data.
    @Test func everyProductPageTrailEndsAtItsOwnProduct() throws {
        let catalog = SampleShop.catalog
        let templates = try #require(TemplateLibrary.load(from: ShopFixture.templates).library)
        var sharedTrails = 0
        var seenAbove: Set<String> = []
        for job in SiteRenderer(catalog: catalog, templates: templates, now: SampleShop.clock, language: "en").jobs() where job.kind == "product" {
            let slug = job.path.split(separator: "/")[1]
            let product = try #require(catalog.products.first { $0.slug.rawValue == slug })
            let page = String(decoding: job.render(), as: UTF8.self)
            let script = try #require(page.firstMatch(of: /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList".*?)<\/script>/))
            let list = try #require(JSONSerialization.jsonObject(with: Data(script.1.utf8)) as? [String: Any])
            let items = try #require(list["itemListElement"] as? [[String: Any]])
            let last = try #require(items.last)
            #expect(last["name"] as? String == product.name)
            #expect(last["item"] as? String == catalog.site.absoluteURL(Routes.product(product.slug)))
            #expect(last["position"] as? Int == items.count)
            let above = items.dropLast().compactMap { $0["name"] as? String }.joined(separator: " › ")
            if !seenAbove.insert(above).inserted { sharedTrails += 1 }
        }
        // The sample shop has products that share a brand's or a category's trail.
        #expect(sharedTrails > 0)
    }
}
