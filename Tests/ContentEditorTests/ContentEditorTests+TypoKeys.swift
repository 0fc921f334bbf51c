import CatalogModel
@testable import ContentEditor
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// The editor checks with the build's rules: a key a typo away from a known one in the file
/// being saved refuses the save, unless `customKeys` makes it the shop's own.
extension ContentEditorTests {
    static let xmas = "/_vitrine/edit/promotions/xmas-10-off"
    static let xmasFile = "promotions/xmas-10-off.md"

    @Test func aSaveOfAFileWithATypoKeyIsRefusedWithTheKnownKeyNamed() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.edit("Content/" + Self.xmasFile, replacing: "discountPercent: 10", with: "discount: 10")
        let before = try text(shop, Self.xmasFile)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let refused = try await client.edit(Self.xmas, changes: ["title": ["Ten off for X'mas"]])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("did you mean `discountPercent`?"), "\(refused.html)")
        }
        #expect(try text(shop, Self.xmasFile) == before, "nothing is written")
    }

    @Test func aKeyListedInCustomKeysIsSavedAndKept() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.edit("Content/" + Self.xmasFile, replacing: "discountPercent: 10", with: "discountPercent: 10\ndiscount: flyer only")
        try shop.edit("Content/site.json", replacing: "\"title\":", with: "\"customKeys\": {\"promotions\": [\"discount\"]},\n  \"title\":")
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let saved = try await client.edit(Self.xmas, changes: ["title": ["Ten off for X'mas"]])
            #expect(saved.status == .seeOther, "\(saved.html)")
        }
        let saved = try text(shop, Self.xmasFile)
        #expect(saved.contains("Ten off for X'mas") && saved.contains("discount: flyer only"))
    }
}
