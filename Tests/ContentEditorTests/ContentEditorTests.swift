import CatalogModel
@testable import ContentEditor
import ContentLoader
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

@Suite("Editing the catalog in the browser")
struct ContentEditorTests {
    func app(_ shop: SampleShop, token: String? = nil, uploadLimit: Int = 25 << 20) -> some ApplicationProtocol {
        let router = Router()
        ContentEditor(contentFolder: shop.content, accessToken: token, uploadLimit: uploadLimit).addRoutes(to: router)
        return Application(router: router)
    }

    func text(_ shop: SampleShop, _ relative: String) throws -> String {
        try String(contentsOf: shop.content.appendingPathComponent(relative), encoding: .utf8)
    }

    /// What `vitrine check` says about the shop's content.
    func check(_ shop: SampleShop) -> [Diagnostic] {
        ContentLoader(contentFolder: shop.content).load().diagnostics.filter { $0.severity == .error }
    }

    static let product = "/_vitrine/edit/products/cicalfate-creme-reparatrice"
    static let productFile = "products/aven/cicalfate-creme-reparatrice.md"

    @Test func everyKindGetsAFormWithAControlForEachKeyOfTheModel() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            for kind in [RecordKind.product, .brand, .promotion, .category, .page] {
                let page = try await client.get("/_vitrine/edit/\(kind.folder!)/_new")
                #expect(page.status == .ok)
                for rule in kind.fields {
                    let hasControl = page.html.contains("id=\"f-\(rule.key)\"")
                    #expect(hasControl, "\(kind) has no control for \(rule.key)")
                    #expect(page.html.contains("<label for=\"f-\(rule.key)\"") || page.html.contains("<legend>"), "\(kind).\(rule.key) has no label")
                }
                #expect(page.html.contains("id=\"f-_body\""))
                #expect(page.html.contains("name=\"_csrf\""))
            }
            // The product form shows the file's values, pickers of existing records and the options of enumerations.
            let page = try await client.get(Self.product)
            #expect(page.html.contains("id=\"f-price\" name=\"price\" aria-describedby=\"f-price-hint\" value=\"24.00\""))
            #expect(page.html.contains("<option value=\"aven\" selected>"))
            #expect(page.html.contains("<option value=\"origins\">"))
            #expect(page.html.contains("<option value=\"out_of_stock\">"))
            #expect(page.html.contains("name=\"categories\" value=\"moisturisers\" checked>"))
            // Variants are a table: a row per variant, a column per key and option.
            let variants = try await client.get("/_vitrine/edit/products/forever-skin-glow-foundation")
            #expect(variants.html.contains("id=\"f-variants\""))
            #expect(variants.html.contains("name=\"variants.0.sku\" value=\"DIR-FSG-0N\" aria-label=\"Variant 1: SKU\""))
            #expect(variants.html.contains("name=\"variants.0.shade\" value=\"0N Neutral\""))
            // A promotion's stores, with their coordinates.
            let stores = try await client.get("/_vitrine/edit/promotions/xmas-10-off")
            #expect(stores.html.contains("name=\"stores.2.longitude\" value=\"-0.1251\""))
        }
    }

    @Test func anInvalidPriceIsShownAtItsFieldWithTheCheckMessageAndNothingIsWritten() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = try text(shop, Self.productFile)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.edit(Self.product, changes: ["price": ["free"]])
            #expect(page.status == .unprocessableContent)
            #expect(page.error(at: "price") == "price: &quot;free&quot; is not a decimal amount; write e.g. 12.50")
            #expect(page.html.contains("<a href=\"#f-price\">"))
            #expect(page.html.contains("aria-invalid=\"true\" aria-describedby=\"f-price-hint f-price-error\""))
            // The form keeps what was typed.
            #expect(page.html.contains("value=\"free\""))
        }
        #expect(try text(shop, Self.productFile) == before)
    }

    @Test func aSaveRewritesOnlyTheChangedKeyAndKeepsCommentsUnknownKeysAndTheBody() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let original = try text(shop, Self.productFile)
        let marked = original.replacingOccurrences(of: "netContent: 40 ml\n", with: "netContent: 40 ml\n# kept comment\nribbon: \"Best seller\"\n")
        try marked.write(to: shop.content.appendingPathComponent(Self.productFile), atomically: true, encoding: .utf8)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            #expect(form.html.contains("<code>ribbon</code>"))
            let page = try await client.edit(Self.product, changes: ["price": ["26.50"], "tags": ["cream\nrepair\nsensitive\nwinter"]])
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == Self.product + "?saved=1")
        }
        let expected = marked.replacingOccurrences(of: "price: 24.00\n", with: "price: 26.50\n")
            .replacingOccurrences(of: "tags: [cream, repair, sensitive]\n", with: "tags: [cream, repair, sensitive, winter]\n")
        let saved = try text(shop, Self.productFile)
        #expect(saved == expected, "\(saved)")
        #expect(check(shop).isEmpty)
    }

    @Test func variantsAreEditedAsRowsAddedByAnEmptyRowAndRemovedByClearingOne() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        // The sample shop's reviews of the shade removed below would keep it from going.
        try shop.removeReviews(naming: ["DIR-FSG-0N"])
        let path = "/_vitrine/edit/products/forever-skin-glow-foundation"
        let relative = "products/diar/forever-skin-glow-foundation.md"
        let before = try text(shop, relative)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(path)
            let marker = try #require(form.hidden("_rows.variants"))
            let count = Int(marker.split(separator: "|").last!)!
            var fields = FormFields.read(form.html)
            // Saved as it is: the file does not change.
            #expect(try await client.post(path, fields: fields.pairs).status == .seeOther)
            #expect(try self.text(shop, relative) == before)
            // The second variant gets a price of its own, the first goes, a new one fills the first empty row.
            let form2 = try await client.get(path)
            fields = FormFields.read(form2.html)
            fields.set("variants.1.price", ["41.00"])
            for column in marker.split(separator: "|")[0].split(separator: ",") { fields.set("variants.0.\(column)", [""]) }
            let newRow = count - RowTable.blankRows
            fields.set("variants.\(newRow).sku", ["DIR-FSG-9N"])
            fields.set("variants.\(newRow).shade", ["9N Neutral"])
            let saved = try await client.post(path, fields: fields.pairs)
            #expect(saved.status == .seeOther, "\(saved.html)")
        }
        let after = try text(shop, relative)
        #expect(!after.contains("DIR-FSG-0N"))
        #expect(after.contains("  - sku: DIR-FSG-05N\n    shade: 0.5N Neutral\n    image: images/products/forever-skin-glow-foundation-0-5n.jpg\n    price: 41.00\n"))
        #expect(after.contains("  - sku: DIR-FSG-9N\n    shade: 9N Neutral\n"))
        #expect(check(shop).isEmpty)
    }

    @Test func aJSONRecordKeepsItsKeyOrderAndItsBodyKey() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let path = "brands/fresh-skin.json"
        var object = try text(shop, path)
        object = object.replacingOccurrences(of: "  \"country\": \"US\",\n", with: "  \"country\": \"US\",\n  \"founded\": 1991,\n")
        try object.write(to: shop.content.appendingPathComponent(path), atomically: true, encoding: .utf8)
        try await app(shop).test(.router) { raw in
            let page = try await EditorClient(raw).edit("/_vitrine/edit/brands/fresh-skin", changes: ["country": ["GB"]])
            #expect(page.status == .seeOther)
        }
        let saved = try text(shop, path)
        let keys = saved.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \"") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "\"" })
        }
        #expect(keys == ["title", "logo", "country", "founded", "website", "description"])
        #expect(saved.contains("\"country\": \"GB\""))
        #expect(saved.contains("\"founded\": 1991"))
        #expect(saved.contains("We love the **Crème\\nFraîche** mask"))
        #expect(check(shop).isEmpty)
    }

    @Test func aFileChangedOnDiskSinceTheFormOpenedIsNotOverwritten() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            var fields = FormFields.read(form.html)
            fields.set("price", ["30.00"])
            // Someone else changes the file meanwhile.
            try shop.edit("Content/" + Self.productFile, replacing: "netContent: 40 ml", with: "netContent: 75 ml")
            let page = try await client.post(Self.product, fields: fields.pairs)
            #expect(page.status == .conflict)
            #expect(page.html.contains("Your version (not saved)"))
            #expect(page.html.contains("price: 30.00"))
            #expect(page.html.contains("netContent: 75 ml"))
        }
        let now = try text(shop, Self.productFile)
        #expect(now.contains("netContent: 75 ml"))
        #expect(now.contains("price: 24.00"))
    }

    @Test func writesWithoutTheSessionTokenOrFromAnotherOriginAreRefused() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = try text(shop, Self.productFile)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            var fields = FormFields.read(form.html)
            fields.set("price", ["1.00"])
            // Another site's page posting the same form.
            client.origin = "http://evil.example"
            #expect(try await client.post(Self.product, fields: fields.pairs).status == .forbidden)
            client.origin = "http://localhost"
            var forged = fields
            forged.set("_csrf", [String(repeating: "0", count: 64)])
            #expect(try await client.post(Self.product, fields: forged.pairs).status == .forbidden)
            // A token from another session does not fit this one.
            let other = EditorClient(raw)
            _ = try await other.get(Self.product)
            #expect(try await other.post(Self.product, fields: fields.pairs).status == .forbidden)
            client.cookies = [:]
            #expect(try await client.post(Self.product, fields: fields.pairs).status == .forbidden)
        }
        #expect(try text(shop, Self.productFile) == before)
    }

    @Test func noPathFromTheBrowserReachesOutsideTheContentFolder() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let outside = shop.folder.appendingPathComponent("escaped.md")
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            for path in ["/_vitrine/edit/products/..%2F..%2FTemplates%2Flayout", "/_vitrine/edit/products/../../etc/passwd",
                "/_vitrine/edit/..%2F..%2F/x", "/_vitrine/edit/site/site"] {
                #expect(try await client.get(path).status == .notFound, "\(path)")
            }
            let form = try await client.get("/_vitrine/edit/pages/_new")
            var fields = FormFields.read(form.html)
            fields.set("title", ["Escape"])
            fields.set("_slug", ["../../escaped"])
            let page = try await client.post("/_vitrine/edit/pages/_new", fields: fields.pairs)
            #expect(page.status == .unprocessableContent)
            #expect(page.error(at: "_slug")?.hasPrefix("slug: ") == true)
            // An upload's own file name is never used as a path.
            let product = try await client.get("/_vitrine/edit/products/_new")
            var productFields = FormFields.read(product.html)
            for (k, v) in ["_slug": "rose-water", "sku": "ROSE-1", "name": "Rose Water", "brand": "aven", "price": "9.50"] {
                productFields.set(k, [v])
            }
            let saved = try await client.post(
                "/_vitrine/edit/products/_new", fields: productFields.pairs,
                files: [("_upload.image", "../../../escaped.png", TinyPNG.make(width: 64, height: 64))])
            #expect(saved.status == .seeOther)
        }
        #expect(!FileManager.default.fileExists(atPath: outside.path))
        #expect(!FileManager.default.fileExists(atPath: shop.folder.appendingPathComponent("escaped.png").path))
        #expect(FileManager.default.fileExists(atPath: shop.content.appendingPathComponent("images/products/rose-water.png").path))
    }

    @Test func addingAProductWithAPhotoWritesBothBesideItsBrandAndTheCatalogChecks() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get("/_vitrine/edit/products/_new?brand=origins")
            #expect(form.html.contains("<option value=\"origins\" selected>"))
            var fields = FormFields.read(form.html)
            // No slug typed: it is proposed from the name.
            for (k, v) in ["sku": "ORG-ROSE-50", "name": "Rosé Cloud Cream", "price": "32.00", "priceUnit": "jar",
                "netContent": "50 ml", "_body": "A light cream.\n\n- for every skin"] {
                fields.set(k, [v])
            }
            let page = try await client.post(
                "/_vitrine/edit/products/_new", fields: fields.pairs,
                files: [("_upload.image", "IMG_2041.PNG", TinyPNG.make(width: 900, height: 900))])
            #expect(page.status == .seeOther, "\(page.html)")
            #expect(page.headers[.location] == "/_vitrine/edit/products/rose-cloud-cream?saved=1")
            let saved = try await client.get("/_vitrine/edit/products/rose-cloud-cream?saved=1")
            #expect(saved.html.contains("Saved Content/products/origins/rose-cloud-cream.md."))
            #expect(saved.html.contains("href=\"/products/rose-cloud-cream/\""))
        }
        let file = try text(shop, "products/origins/rose-cloud-cream.md")
        #expect(file == """
            ---
            sku: ORG-ROSE-50
            name: "Rosé Cloud Cream"
            brand: origins
            price: 32.00
            priceUnit: jar
            image: images/products/rose-cloud-cream.png
            netContent: 50 ml
            ---

            A light cream.

            - for every skin

            """)
        #expect(FileManager.default.contents(atPath: shop.content.appendingPathComponent("images/products/rose-cloud-cream.png").path)
            == TinyPNG.make(width: 900, height: 900))
        let loaded = ContentLoader(contentFolder: shop.content).load()
        let added = loaded.catalog?.products.first { (product: Product) in product.slug.rawValue == "rose-cloud-cream" }
        #expect(added?.priceUnit == "jar")
    }

    @Test func uploadsThatAreNoPictureOrTooLargeAreRefusedAndNothingIsWritten() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = FolderContents.files(in: shop.content)
        try await app(shop, uploadLimit: 200_000).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get("/_vitrine/edit/products/_new")
            var fields = FormFields.read(form.html)
            for (k, v) in ["_slug": "fake", "sku": "FAKE-1", "name": "Fake", "brand": "aven", "price": "1.00"] { fields.set(k, [v]) }
            let text = try await client.post(
                "/_vitrine/edit/products/_new", fields: fields.pairs, files: [("_upload.image", "photo.jpg", Data("not a photo".utf8))])
            #expect(text.status == .unprocessableContent)
            #expect(text.error(at: "_upload-image")?.contains("not a JPEG, PNG, WebP or GIF picture") == true)
            // A PNG header claiming 100,000 × 100,000 pixels: refused by libvips from its header.
            var bomb = [UInt8](TinyPNG.make(width: 8, height: 8))
            bomb.replaceSubrange(16..<24, with: TinyPNG.be32(100_000) + TinyPNG.be32(100_000))
            let large = try await client.post(
                "/_vitrine/edit/products/_new", fields: fields.pairs, files: [("_upload.image", "bomb.png", Data(bomb))])
            #expect(large.status == .unprocessableContent)
            #expect(large.error(at: "_upload-image") != nil)
            let huge = try await client.post(
                "/_vitrine/edit/products/_new", fields: fields.pairs,
                files: [("_upload.image", "big.png", Data(count: 300_000))])
            #expect(huge.status == .contentTooLarge)
        }
        #expect(FolderContents.files(in: shop.content) == before)
    }

    @Test func aProductStillNamedByAPromotionIsNotDeletedAndAnotherIs() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        // Reviews name a product as promotions do (`reviewedProductIsNotDeleted`); these are gone.
        try shop.removeReviews(naming: ["cicalfate-creme-reparatrice", "AVN-CRC-40"])
        let named = "/_vitrine/edit/products/advanced-night-repair-serum"
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let confirm = try await client.get(named + "/delete")
            #expect(confirm.status == .ok)
            let refused = try await client.post(
                named + "/delete", fields: [("_csrf", confirm.hidden("_csrf")!), ("_revision", confirm.hidden("_revision")!)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("promotions/xmas-10-off.md"))
            let other = Self.product + "/delete"
            let page = try await client.get(other)
            let deleted = try await client.post(other, fields: [("_csrf", page.hidden("_csrf")!), ("_revision", page.hidden("_revision")!)])
            #expect(deleted.status == .seeOther, "\(deleted.html)")
            #expect(try await client.get(Self.product).status == .notFound)
        }
        #expect(FileManager.default.fileExists(atPath: shop.content.appendingPathComponent("products/estee-louder/advanced-night-repair-serum.md").path)
            || FileManager.default.fileExists(atPath: shop.content.appendingPathComponent("products/esta-louder/advanced-night-repair-serum.md").path))
        #expect(!FileManager.default.fileExists(atPath: shop.content.appendingPathComponent(Self.productFile).path))
        #expect(check(shop).isEmpty)
    }

    @Test func aDuplicateGetsAFreeSlugAndTheOriginalsValuesButNotItsSKU() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product + "/duplicate")
            #expect(form.hidden("_from") == "cicalfate-creme-reparatrice")
            var fields = FormFields.read(form.html)
            #expect(fields.pairs.contains { $0 == ("_slug", "cicalfate-creme-reparatrice-copy") })
            #expect(fields.pairs.contains { $0 == ("price", "24.00") })
            #expect(fields.pairs.contains { $0 == ("sku", "") })
            // Saved without a SKU: the model requires one.
            let missing = try await client.post("/_vitrine/edit/products/_new", fields: fields.pairs)
            #expect(missing.status == .unprocessableContent)
            // Said as a field to fill in, not as YAML to add.
            #expect(missing.error(at: "sku") == "SKU is required: unique stock keeping unit")
            fields.set("sku", ["AVN-CRC-100"])
            fields.set("netContent", ["100 ml"])
            #expect(try await client.post("/_vitrine/edit/products/_new", fields: fields.pairs).status == .seeOther)
        }
        let copy = try text(shop, "products/aven/cicalfate-creme-reparatrice-copy.md")
        #expect(copy.contains("sku: AVN-CRC-100\n"))
        #expect(copy.contains("netContent: 100 ml\n"))
        #expect(copy.contains("Keep a tube at home"))
        #expect(check(shop).isEmpty)
    }

    @Test func withAnAccessTokenTheEditorAsksForIt() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let token = "0123456789abcdef0123"
        try await app(shop, token: token).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await client.get("/_vitrine/edit/").status == .unauthorized)
            #expect(try await client.get("/_vitrine/edit/?token=wrong-wrong-wrong").status == .unauthorized)
            let link = try await client.get("/_vitrine/edit/products/?token=\(token)")
            #expect(link.status == .seeOther)
            #expect(link.headers[.location] == "/_vitrine/edit/products/")
            #expect(try await client.get("/_vitrine/edit/products/").status == .ok)
        }
    }

    @Test func listsSearchProductsAndFilterThemByBrand() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let index = try await client.get("/_vitrine/edit/")
            #expect(index.html.contains("<a href=\"/_vitrine/edit/products/\">Products</a> (43)"))
            #expect(index.html.contains("<a href=\"/_vitrine/edit/categories/_new\">add a category</a>"))
            // The session starts with the first page: an HttpOnly, same-site cookie for the editor's paths.
            let cookie = try #require(index.headers[.setCookie])
            #expect(cookie.contains("; Path=/_vitrine/edit; HttpOnly; SameSite=Strict"))
            #expect(index.headers[.init("Content-Security-Policy")!]?.contains("default-src 'self'") == true)
            #expect(try await client.get("/_vitrine/edit/_site").headers[.location] == "/")
            let css = try await client.get("/_vitrine/edit/editor.css")
            #expect(css.headers[.contentType] == "text/css; charset=utf-8" && css.html.contains(".error-summary"))
            let script = try await client.get("/_vitrine/edit/editor.js")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8" && script.html.contains("_preview"))
            let all = try await client.get("/_vitrine/edit/products/")
            #expect(all.html.contains("Cicalfate Crème Réparatrice"))
            let found = try await client.get("/_vitrine/edit/products/?q=creme")
            #expect(found.html.contains("Cicalfate Crème Réparatrice"))
            #expect(!found.html.contains("Ginzing"))
            let brand = try await client.get("/_vitrine/edit/products/?brand=origins")
            #expect(brand.html.contains("Ginzing"))
            #expect(!brand.html.contains("Cicalfate"))
        }
    }

    @Test func theSlugIsProposedFromTheNameAndAvoidsTakenOnes() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await client.get("/_vitrine/edit/_slug?kind=products&text=Rosé%20Water").html == #"{"slug":"rose-water"}"#)
            let taken = try await client.get("/_vitrine/edit/_slug?kind=products&text=Cicalfate%20Creme%20Reparatrice")
            #expect(taken.html == #"{"slug":"cicalfate-creme-reparatrice-2"}"#)
        }
    }

    @Test func theMarkdownPreviewIsTheBuildsRendering() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            let preview = try await client.post(
                "/_vitrine/edit/_preview", fields: [("_csrf", form.hidden("_csrf")!), ("markdown", "**bold** <script>x</script>")])
            #expect(preview.status == .ok)
            #expect(preview.html == MarkdownRenderer.render("**bold** <script>x</script>").html)
            #expect(!preview.html.contains("<script>"))
        }
    }

    @Test func aFileBrokenElsewhereDoesNotStopAnEditButAnEditThatBreaksAnotherFileIsRefused() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.edit("Content/pages/about.md", replacing: "title:", with: "titel:")
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await client.edit(Self.product, changes: ["price": ["25.00"]]).status == .seeOther)
            // Moving a product to another brand is fine; renaming a brand's file away is not possible
            // here, but removing a category a product names is refused with the product's file named.
            let category = "/_vitrine/edit/categories/moisturisers/delete"
            let page = try await client.get(category)
            let refused = try await client.post(category, fields: [("_csrf", page.hidden("_csrf")!), ("_revision", page.hidden("_revision")!)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("cicalfate-creme-reparatrice.md"))
            #expect(!refused.html.contains("pages/about.md"), "the earlier error is not blamed on the deletion")
        }
        #expect(try text(shop, Self.productFile).contains("price: 25.00\n"))
    }

    @Test func malformedRequestsGetA4xxAndChangeNothing() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let before = FolderContents.files(in: shop.content)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            let token = form.hidden("_csrf")!
            var headers = HTTPFields()
            headers[.cookie] = "\(client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))"
            headers[.origin] = "http://localhost"
            let bodies: [(String?, String)] = [
                (nil, "price=1"),
                ("application/json", #"{"price": 1}"#),
                ("multipart/form-data", "no boundary"),
                ("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(token)"),
                ("multipart/form-data; boundary=x", "garbage"),
                ("application/x-www-form-urlencoded", "_csrf=\(token)&_rows.variants=sku|99999999&%zz=%"),
                ("application/x-www-form-urlencoded", "_csrf=\(token)&_revision=&price="),
            ]
            for (type, body) in bodies {
                var h = headers
                if let type { h[.contentType] = type }
                for path in [Self.product, "/_vitrine/edit/products/_new", Self.product + "/delete", "/_vitrine/edit/_preview"] {
                    let response = try await raw.execute(uri: path, method: .post, headers: h, body: ByteBuffer(string: body))
                    #expect((400..<500).contains(response.status.code) || response.status == .ok || response.status == .seeOther,
                        "\(path) \(type ?? "none"): \(response.status)")
                }
            }
            for path in ["/_vitrine/edit/%00", "/_vitrine/edit/products/%FF%FE", "/_vitrine/edit/products/a/b/c/d",
                "/_vitrine/edit/_slug?kind=%00&text=%FF"] {
                let response = try await raw.execute(uri: path, method: .get, headers: [:], body: nil)
                #expect(response.status.code < 500, "\(path): \(response.status)")
            }
        }
        // The urlencoded save without a revision is a conflict, never a write; the product must be unchanged.
        #expect(FolderContents.files(in: shop.content) == before)
    }

    @Test func aFileTheFormCannotReadIsShownWithItsErrorAndNeverReplaced() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let broken = "---\nsku: [unclosed\nname: X\n---\n\nText kept.\n"
        try broken.write(to: shop.content.appendingPathComponent(Self.productFile), atomically: true, encoding: .utf8)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.product)
            #expect(form.status == .unprocessableContent)
            #expect(form.html.contains("<li>Content/\(Self.productFile):3:5: error: invalid YAML: "), "\(form.html)")
            #expect(form.html.contains("fix the file in a text editor"))
            var fields = FormFields.read(form.html)
            for (k, v) in ["sku": "AVN-1", "name": "New", "brand": "aven", "price": "1.00"] { fields.set(k, [v]) }
            #expect(try await client.post(Self.product, fields: fields.pairs).status == .unprocessableContent)
        }
        #expect(try text(shop, Self.productFile) == broken)
    }

    @Test func aListShowsARecordAsSavedNotAsFirstListed() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await client.get("/_vitrine/edit/products/").html.contains("Cicalfate Crème Réparatrice"))
            #expect(try await client.edit(Self.product, changes: ["name": ["Cicalfate Repair Cream"]]).status == .seeOther)
            let list = try await client.get("/_vitrine/edit/products/")
            #expect(list.html.contains("Cicalfate Repair Cream"))
            #expect(!list.html.contains("Cicalfate Crème Réparatrice"))
        }
    }
}
