import CatalogModel
@testable import ContentEditor
import ContentLoader
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// The product form as staff use it to create a product with shades: options and variant rows
/// added and removed with or without the page's script, a refused save that keeps what was
/// entered (the photo too), categories as checkboxes and the shop's currency first.
extension ContentEditorTests {
    static let newProduct = "/_vitrine/edit/products/_new"
    static let foundation = "/_vitrine/edit/products/forever-skin-glow-foundation"
    static let foundationFile = "products/diar/forever-skin-glow-foundation.md"

    /// The new-product form read back with its required fields filled.
    func newProductFields(_ html: String) -> FormFields {
        var fields = FormFields.read(html)
        for (k, v) in ["_slug": "silk-foundation", "sku": "DIR-SILK", "name": "Silk Foundation", "brand": "diar", "price": "48.00"] {
            fields.set(k, [v])
        }
        return fields
    }

    /// The marker's row count of a form's variant table.
    func variantRows(_ page: EditorClient.Page) -> Int? {
        page.hidden("_rows.variants").flatMap { $0.split(separator: "|").last }.flatMap { Int($0) }
    }

    @Test func anOptionNameGivesTheVariantTableItsColumnWithoutScriptAndTheSaveWritesOptionsAndVariants() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = FolderContents.files(in: shop.content)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.newProduct)
            // One input per option (at most three), and a button that redraws the table without script.
            #expect(form.html.contains("id=\"f-options-0\" name=\"options\""))
            #expect(form.html.contains("id=\"f-options-2\" name=\"options\""))
            #expect(form.html.contains("name=\"_action\" value=\"options\""))
            #expect(!form.html.contains("name=\"variants.0.shade\""))
            var fields = newProductFields(form.html)
            fields.set("options", ["shade", "", ""])
            let updated = try await client.post(Self.newProduct, fields: fields.pairs + [("_action", "options")])
            #expect(updated.status == .ok)
            #expect(FolderContents.files(in: shop.content) == before, "updating the table writes nothing")
            #expect(updated.html.contains("name=\"variants.0.shade\" value=\"\" aria-label=\"Variant 1: Shade\""))
            #expect(updated.html.contains("value=\"shade\""))
            #expect(!updated.html.contains("error-summary"))
            fields = FormFields.read(updated.html)
            #expect(fields.pairs.contains { $0 == ("sku", "DIR-SILK") }, "the form keeps what was typed")
            for (k, v) in ["variants.0.sku": "DIR-SILK-1N", "variants.0.shade": "1N Neutral",
                "variants.1.sku": "DIR-SILK-2W", "variants.1.shade": "2W Warm", "variants.1.price": "50.00"] {
                fields.set(k, [v])
            }
            let saved = try await client.post(Self.newProduct, fields: fields.pairs)
            #expect(saved.status == .seeOther, "\(saved.html)")
        }
        let file = try text(shop, "products/diar/silk-foundation.md")
        #expect(file.contains("""
            options: [shade]
            variants:
              - sku: DIR-SILK-1N
                shade: 1N Neutral
              - sku: DIR-SILK-2W
                shade: 2W Warm
                price: 50.00

            """), "\(file)")
        #expect(check(shop).isEmpty)
    }

    @Test func aSaveWithOptionsAndVariantsOutOfStepNamesTheFormsOwnFieldsNotYAML() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = FolderContents.files(in: shop.content)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.newProduct)
            // An option typed and Save pressed at once: the table had no column for it yet.
            var fields = newProductFields(form.html)
            fields.set("options", ["shade", "", ""])
            fields.set("variants.0.sku", ["DIR-SILK-1N"])
            let page = try await client.post(Self.newProduct, fields: fields.pairs)
            #expect(page.status == .unprocessableContent)
            let error = try #require(page.error(at: "variants"))
            #expect(error.contains("Variant 1") && error.contains("Shade"), "\(error)")
            #expect(!page.html.contains("add e.g.") && !page.html.contains("`variants.shade`"), "\(page.html)")
            // The form now has the column, with what was typed.
            #expect(page.html.contains("name=\"variants.0.sku\" value=\"DIR-SILK-1N\""))
            #expect(page.html.contains("id=\"f-variants-0-shade\" name=\"variants.0.shade\" value=\"\" aria-label=\"Variant 1: Shade\" aria-invalid=\"true\""))
            #expect(page.html.contains("<a href=\"#f-variants-0-shade\">"))

            // Options but not a single variant row.
            var noRows = newProductFields(form.html)
            noRows.set("options", ["shade", "", ""])
            let empty = try await client.post(Self.newProduct, fields: noRows.pairs)
            #expect(empty.status == .unprocessableContent)
            let rowsError = try #require(empty.error(at: "variants"))
            #expect(rowsError.contains("row") && rowsError.contains("Shade"), "\(rowsError)")
            #expect(!empty.html.contains("variants: [{"), "no YAML advice in a form")

            // Variant rows but no option.
            var noOptions = newProductFields(form.html)
            noOptions.set("variants.0.sku", ["DIR-SILK-1N"])
            let bare = try await client.post(Self.newProduct, fields: noOptions.pairs)
            #expect(bare.status == .unprocessableContent)
            let optionsError = try #require(bare.error(at: "options"))
            #expect(optionsError.contains("Options"), "\(optionsError)")
            #expect(!bare.html.contains("options: [shade] naming"))
        }
        #expect(FolderContents.files(in: shop.content) == before)
    }

    @Test func variantRowsAreAddedAndRemovedByButtonsThatWorkWithoutScript() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        // The sample shop's reviews of the shade removed below would keep it from going.
        try shop.removeReviews(naming: ["DIR-FSG-0N"])
        let before = try text(shop, Self.foundationFile)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.foundation)
            let count = try #require(variantRows(form))
            #expect(form.html.contains("name=\"_action\" value=\"add:variants\""))
            #expect(form.html.contains("name=\"_action\" value=\"remove:variants:0\""))
            let fields = FormFields.read(form.html)
            let added = try await client.post(Self.foundation, fields: fields.pairs + [("_action", "add:variants")])
            #expect(added.status == .ok)
            #expect(variantRows(added) == count + 1)
            let removed = try await client.post(Self.foundation, fields: FormFields.read(added.html).pairs + [("_action", "remove:variants:0")])
            #expect(removed.status == .ok)
            #expect(variantRows(removed) == count)
            #expect(removed.html.contains("name=\"variants.0.sku\" value=\"DIR-FSG-05N\""))
            #expect(try self.text(shop, Self.foundationFile) == before, "adding and removing rows writes nothing until Save")
            let saved = try await client.post(Self.foundation, fields: FormFields.read(removed.html).pairs)
            #expect(saved.status == .seeOther, "\(saved.html)")
        }
        let after = try text(shop, Self.foundationFile)
        #expect(!after.contains("DIR-FSG-0N\n"))
        #expect(after.contains("  - sku: DIR-FSG-05N\n    shade: 0.5N Neutral\n"))
        #expect(check(shop).isEmpty)
    }

    @Test func renamingAnOptionKeepsItsColumnsValuesAndClearingOneRemovesItsColumn() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.edit(Self.foundation, changes: ["options": ["tone", "", ""]])
            #expect(page.status == .seeOther, "\(page.html)")
        }
        let after = try text(shop, Self.foundationFile)
        #expect(after.contains("options: [tone]\n"))
        #expect(after.contains("  - sku: DIR-FSG-0N\n    tone: 0N Neutral\n"))
        #expect(!after.contains("shade:"))
        #expect(check(shop).isEmpty)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            // A second option added, then the first cleared: the table follows slot by slot.
            let form = try await client.get(Self.foundation)
            var fields = FormFields.read(form.html)
            fields.set("options", ["tone", "finish", ""])
            let two = try await client.post(Self.foundation, fields: fields.pairs + [("_action", "options")])
            #expect(two.html.contains("name=\"variants.0.tone\" value=\"0N Neutral\""))
            #expect(two.html.contains("name=\"variants.0.finish\" value=\"\""))
            fields = FormFields.read(two.html)
            fields.set("options", ["", "finish", ""])
            let one = try await client.post(Self.foundation, fields: fields.pairs + [("_action", "options")])
            #expect(!one.html.contains("name=\"variants.0.tone\""))
            #expect(one.html.contains("name=\"variants.0.finish\""))
        }
    }

    @Test func aRefusedSaveKeepsItsPhotoStagedAndEveryChoiceAndTheNextSaveUsesThePhoto() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = FolderContents.files(in: shop.content)
        let photo = TinyPNG.make(width: 640, height: 640)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.newProduct)
            var fields = newProductFields(form.html)
            fields.set("price", ["forty"])
            fields.set("availability", ["preorder"])
            fields.set("categories", ["foundation", "makeup"])
            let refused = try await client.post(
                Self.newProduct, fields: fields.pairs, files: [("_upload.image", "IMG_2041.PNG", photo)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.error(at: "price") != nil)
            #expect(FolderContents.files(in: shop.content) == before, "a refused save writes nothing into the content folder")
            // Every select and checkbox as it was sent; an empty select is no "(unknown)" choice.
            #expect(!refused.html.contains("(unknown)"), "\(refused.html)")
            #expect(refused.html.contains("<option value=\"preorder\" selected>"))
            #expect(refused.html.contains("<option value=\"diar\" selected>"))
            #expect(refused.html.contains("name=\"categories\" value=\"foundation\" checked"))
            #expect(refused.html.contains("name=\"categories\" value=\"makeup\" checked"))
            // The photo is staged under a token, shown, and need not be uploaded again.
            let token = try #require(refused.hidden("_staged.image"))
            #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
            #expect(refused.html.contains("IMG_2041.PNG"))
            #expect(!refused.html.contains("Choose the photo again"))
            let staged = try await client.get("/_vitrine/edit/_staged/\(token)")
            #expect(staged.status == .ok && staged.data == photo)
            #expect(staged.headers[.contentType] == "image/png")
            let stranger = EditorClient(raw)
            #expect(try await stranger.get("/_vitrine/edit/_staged/\(token)").status == .notFound, "a staged photo is its session's own")
            #expect(try await client.get("/_vitrine/edit/_staged/..%2F..%2Fetc").status == .notFound)

            var again = FormFields.read(refused.html)
            again.set("price", ["48.00"])
            let saved = try await client.post(Self.newProduct, fields: again.pairs)
            #expect(saved.status == .seeOther, "\(saved.html)")
            // Used once: the token is gone after the save.
            #expect(try await client.get("/_vitrine/edit/_staged/\(token)").status == .notFound)
        }
        let file = try text(shop, "products/diar/silk-foundation.md")
        #expect(file.contains("image: images/products/silk-foundation.png\n"))
        #expect(file.contains("availability: preorder\n"))
        #expect(file.contains("categories: [foundation, makeup]\n"))
        #expect(FileManager.default.contents(atPath: shop.content.appendingPathComponent("images/products/silk-foundation.png").path) == photo)
        #expect(check(shop).isEmpty)
    }

    @Test func aStagedPhotoCanBeDiscardedOrReplaced() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.newProduct)
            var fields = newProductFields(form.html)
            fields.set("price", ["forty"])
            let refused = try await client.post(
                Self.newProduct, fields: fields.pairs, files: [("_upload.image", "first.png", TinyPNG.make(width: 64, height: 64))])
            #expect(refused.hidden("_staged.image") != nil)
            var again = FormFields.read(refused.html)
            again.set("price", ["48.00"])
            again.set("_discard.image", ["1"])
            #expect(try await client.post(Self.newProduct, fields: again.pairs).status == .seeOther)
        }
        let file = try text(shop, "products/diar/silk-foundation.md")
        #expect(!file.contains("image:"))
        #expect(!FileManager.default.fileExists(atPath: shop.content.appendingPathComponent("images/products/silk-foundation.png").path))
    }

    @Test func categoriesAreCheckboxesInTheirSavedOrderFirst() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            #expect(!form.html.contains("name=\"categories\" multiple") && !form.html.contains("<select id=\"f-categories\""))
            #expect(form.html.contains("<fieldset class=\"field\" id=\"f-categories\""))
            let first = try #require(form.html.range(of: "name=\"categories\" value=\""))
            #expect(form.html[first.upperBound...].hasPrefix("moisturisers\" checked"), "the chosen category is listed first")
            // The label says where the category sits.
            #expect(form.html.contains("Skincare › Moisturisers"))
            var fields = FormFields.read(form.html)
            #expect(fields.pairs.filter { $0.0 == "categories" }.map(\.1) == ["moisturisers"])
            // A box ticked above the saved one still comes after it: the first category gives the breadcrumb.
            fields.set("categories", ["night-care", "moisturisers"])
            #expect(try await client.post(Self.product, fields: fields.pairs).status == .seeOther)
        }
        #expect(try text(shop, Self.productFile).contains("categories: [moisturisers, night-care]\n"))
        #expect(check(shop).isEmpty)
    }

    @Test func theCurrencySelectOffersTheShopsCurrencyFirst() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.newProduct)
            let select = try #require(form.html.range(of: "<select id=\"f-currency\""))
            let options = form.html[select.upperBound...].components(separatedBy: "<option value=\"").dropFirst().prefix(3)
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(options == ["", "USD", "AED"], "\(options)")
            #expect(form.html.contains("the shop&#39;s currency, USD") || form.html.contains("the shop’s currency, USD"))
        }
        try shop.edit("Content/site.json", replacing: "\"currency\": \"USD\"", with: "\"currency\": \"EUR\"")
        try await app(shop).test(.router) { raw in
            let form = try await EditorClient(raw).get(Self.newProduct)
            let select = try #require(form.html.range(of: "<select id=\"f-currency\""))
            #expect(form.html[select.upperBound...].components(separatedBy: "<option value=\"")[2].hasPrefix("EUR\""))
        }
    }
}

extension ContentEditorTests {
    @Test func aProductFileTheFormCannotReadIsListedWithTheLineMarkedAndItsFieldsOff() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let broken = "---\nsku: DIR-FSG-1\nname: \"Forever Skin Glow\nbrand: diar\n---\n\nA & B <b>.\n"
        try shop.write("Content/" + Self.foundationFile, broken)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.foundation)
            #expect(form.status == .unprocessableContent)
            #expect(form.html.contains("(fix the file in a text editor; the form cannot read it)"), "\(form.html)")
            let listing = try #require(form.html.range(of: #"<ol class="source">"#).map { form.html[$0.lowerBound...] })
            // Every line, escaped, one in the order of the file; one of them marked.
            #expect(listing.contains(#"<li><code>A &amp; B &lt;b&gt;.</code></li></ol>"#), "\(listing)")
            #expect(listing.components(separatedBy: "<li").count - 1 == 7)
            #expect(listing.components(separatedBy: #"<li id="unreadable-line"><mark>"#).count == 2)
            #expect(form.html.contains(##"<a href="#unreadable-line">Line "##))
            #expect(form.html.contains(#"<fieldset disabled class="unreadable-fields">"#))
            #expect(form.html.contains("</fieldset>\n</form>"))
            // A save is refused whatever the disabled fields held.
            var fields = FormFields.read(form.html)
            fields.set("name", ["Forever Skin Glow"])
            let saved = try await client.post(Self.foundation, fields: fields.pairs)
            #expect(saved.status == .unprocessableContent || saved.status == .conflict, "\(saved.status)")
        }
        #expect(try String(contentsOf: shop.content.appendingPathComponent(Self.foundationFile), encoding: .utf8) == broken)
    }
}
