import CatalogModel
@testable import ContentEditor
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// In a shop with languages, a translation file is not a record of its own: its record's form
/// shows it beside the default text and links a form for each language, a page lists what each
/// language still lacks, and a translation is saved as a record is (checked first, atomically).
/// The sample shop with its storefronts is in en, ko, ja and ar, with a translation file for every record.
extension ContentEditorTests {
    /// The foundation's file without its extension, which its translations add to.
    static let foundationBase = "products/diar/forever-skin-glow-foundation"
    /// The translation form most of these tests drive: the foundation's Korean file has every kind
    /// of text a product's translation may hold (name, tags, option names and values, body).
    static let koreanForm = foundation + "/translations/ko"

    /// The names a form sends, as a browser would.
    func names(_ html: String) -> Set<String> { Set(FormFields.read(html).pairs.map(\.0)) }

    /// A shop with storefronts and the foundation's Korean translation, whose file (`ko`) and
    /// text before the test (`before`) the tests of saving over a translation compare against.
    func koreanTranslation() throws -> (shop: SampleShop, ko: String, before: String) {
        let shop = try SampleShop(storefronts: true)
        let ko = Self.foundationBase + ".ko.md"
        return (shop, ko, try text(shop, ko))
    }

    /// A translation form's fields with every text emptied, as a translator who clears them all
    /// sends it: the token, the revision and the default texts the terms are keyed by stay.
    static func cleared(_ fields: FormFields) -> FormFields {
        var cleared = fields
        for (name, _) in fields.pairs where !name.hasPrefix("_") || name == TranslationForm.bodyField { cleared.set(name, [""]) }
        return cleared
    }

    /// Opens the Korean translation's form and sends it back with every field cleared.
    func clearKoreanForm(_ client: EditorClient) async throws -> EditorClient.Page {
        let form = try await client.get(Self.koreanForm)
        return try await client.post(Self.koreanForm, fields: Self.cleared(FormFields.read(form.html)).pairs)
    }

    @Test func aTranslationIsShownUnderItsRecordAndIsNotARecordItself() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        try shop.write("Content/products/origins/drink-up-overnight-mask.ko.md", "---\nname: 드링크 업 오버나이트 마스크\n---\n수분 마스크.\n")
        try shop.delete("Content/products/origins/drink-up-overnight-mask.ja.md")
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let list = try await client.get("/_vitrine/edit/products/?q=drink")
            #expect(list.html.contains("drink-up-overnight-mask</code>"))
            #expect(!list.html.contains("drink-up-overnight-mask.ko"), "the translation is not listed as a product")
            let form = try await client.get("/_vitrine/edit/products/drink-up-overnight-mask")
            #expect(form.status == .ok)
            #expect(form.html.contains(
                #"<li lang="ko"><strong>ko</strong>: 드링크 업 오버나이트 마스크 · <code>Content/products/origins/drink-up-overnight-mask.ko.md</code>"#
                    + #" · <a lang="en" href="/_vitrine/edit/products/drink-up-overnight-mask/translations/ko">edit the translation into ko</a></li>"#),
                "\(form.html)")
            #expect(form.html.contains(
                #"<li lang="ja"><strong>ja</strong>: <span lang="en">not translated; texts fall back to the default language</span>"#
                    + #" · <a lang="en" href="/_vitrine/edit/products/drink-up-overnight-mask/translations/ja">translate into ja</a></li>"#))
            #expect(form.html.contains(#"href="/_vitrine/edit/translations""#), "the navigation links the missing translations")
            let translationAsRecord = try await client.get("/_vitrine/edit/products/drink-up-overnight-mask.ko")
            #expect(translationAsRecord.status == .notFound)
        }
    }

    @Test func theTranslationsPageLinksEachMissingTranslationToItsForm() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        try shop.delete("Content/products/origins/drink-up-overnight-mask.ja.md")
        let files = try FileManager.default.subpathsOfDirectory(atPath: shop.content.appendingPathComponent("products").path)
        let records = files.filter { ($0.hasSuffix(".md") || $0.hasSuffix(".json")) && $0.split(separator: ".").count == 2 }.count
        let translated = { (language: String) in files.filter { $0.hasSuffix(".\(language).md") || $0.hasSuffix(".\(language).json") }.count }
        let (ja, ko) = (translated("ja"), translated("ko"))
        try await app(shop).test(.router) { raw in
            let page = try await EditorClient(raw).get("/_vitrine/edit/translations")
            #expect(page.status == .ok)
            #expect(page.html.contains("Products: \(ja) of \(records) translated"), "\(page.html)")
            #expect(page.html.contains("Products: \(ko) of \(records) translated"))
            let jaSection = try #require(page.html.range(of: #"<h2 id="lang-ja">"#))
            let arSection = try #require(page.html.range(of: #"<h2 id="lang-ar">"#))
            let link = #"<a href="/_vitrine/edit/products/drink-up-overnight-mask/translations/ja">drink-up-overnight-mask</a>"#
            #expect(page.html[jaSection.upperBound..<arSection.lowerBound].contains(link), "the missing record links to its translation form")
            #expect(!page.html[..<jaSection.lowerBound].contains("drink-up-overnight-mask"), "ko has it")
        }
    }

    @Test func aShopInOneLanguageHasNoTranslationsLink() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let index = try await client.get("/_vitrine/edit/")
            #expect(!index.html.contains("/_vitrine/edit/translations"))
            let translations = try await client.get("/_vitrine/edit/translations")
            #expect(translations.html.contains("lists no <code>languages</code>"))
            #expect(try await client.get(Self.koreanForm).status == .notFound)
        }
    }

    @Test func theFormShowsTheDefaultTextsBesideOnlyTheKeysATranslationMayHold() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.get(Self.koreanForm)
            #expect(page.status == .ok)
            let html = page.html
            // Exactly the translation's keys: name, tags, an option name and a value per default text, slug, body.
            let values = (0..<12).flatMap { ["values.\($0)", "_term.values.\($0)"] }
            #expect(names(html) == Set(["_csrf", "_revision", "name", "tags", "options.0", "_term.options.0", "slug", "_body"] + values))
            #expect(!html.contains(#"name="price""#) && !html.contains(#"name="brand""#) && !html.contains(#"name="sku""#))
            // Each beside the default text, read-only and marked as English.
            #expect(html.contains(#"<div class="default" id="f-name-default"><p class="default-label">In English (en):</p><p class="default-text" lang="en">Forever Skin Glow Foundation</p>"#), "\(html)")
            #expect(html.contains(#"id="f-name" name="name" lang="ko" aria-describedby="f-name-hint f-name-default" value="포에버 스킨 글로우 파운데이션""#))
            #expect(html.contains(#"<p class="default-text" lang="en">foundation, makeup, glow</p>"#))
            #expect(html.contains(#"<p class="default-text" lang="en">forever-skin-glow-foundation</p>"#), "the default slug")
            #expect(html.contains(#"<label for="f-options-0" lang="en">shade</label>"#))
            #expect(html.contains(#"<input type="hidden" name="_term.options.0" value="shade"><input type="text" id="f-options-0" name="options.0" lang="ko" aria-describedby="f-options-hint" value="색상">"#))
            #expect(html.contains(#"<label for="f-values-1" lang="en">0.5N Neutral</label>"#))
            #expect(html.contains(#"name="values.1" lang="ko" aria-describedby="f-values-hint" value="0.5N 뉴트럴">"#))
            #expect(html.contains(#"<textarea rows="14" id="f-_body-default" readonly lang="en">"#) && html.contains("A luminous, medium-coverage foundation"))
            #expect(html.contains(#"<label class="default-label" for="f-_body-default">"#), "the read-only text has a label too")
            #expect(html.contains(#"name="_body" lang="ko""#) && html.contains("피부보다 더 피부 같은"))
            #expect(!html.contains("dir=\"rtl\""))
            #expect(html.contains("<label for=\"f-name\">Name in Korean (ko)</label>"))
            // A promotion: a row per store, by its default name.
            let promotion = try await client.get("/_vitrine/edit/promotions/xmas-10-off/translations/ko")
            #expect(names(promotion.html) == Set(["_csrf", "_revision", "title", "slug", "_body"] + (0..<3).flatMap { ["stores.\($0)", "_term.stores.\($0)"] }))
            #expect(promotion.html.contains(#"<label for="f-stores-0" lang="en">Beauty &amp; Me Paris – Le Marais</label>"#))
            // A brand: its title, slug and body only.
            let brand = try await client.get("/_vitrine/edit/brands/diar/translations/ja")
            #expect(names(brand.html) == Set(["_csrf", "_revision", "title", "slug", "_body"]))
            // A language the site does not have, a record it does not have.
            #expect(try await client.get(Self.foundation + "/translations/fr").status == .notFound)
            #expect(try await client.get("/_vitrine/edit/products/no-such-thing/translations/ko").status == .notFound)
        }
    }

    @Test func anArabicFormIsWrittenRightToLeft() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let page = try await EditorClient(raw).get(Self.foundation + "/translations/ar")
            #expect(page.status == .ok)
            #expect(page.html.contains(#"id="f-name" name="name" lang="ar" dir="rtl""#))
            #expect(page.html.contains(#"id="f-values-0" name="values.0" lang="ar" dir="rtl""#))
            #expect(page.html.contains(#"name="_body" lang="ar" dir="rtl""#))
            #expect(page.html.contains(#"id="preview-body" lang="ar" dir="rtl""#))
            // The default text stays left to right, in its own language.
            #expect(page.html.contains(#"<p class="default-text" lang="en">Forever Skin Glow Foundation</p>"#))
            #expect(!page.html.contains(#"lang="en" dir="rtl""#))
        }
    }

    @Test func savingATranslationWritesOnlyItsFilledFields() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        let ja = Self.foundationBase + ".ja.md"
        try shop.delete("Content/" + ja)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.foundation + "/translations/ja")
            #expect(form.html.contains("(not written yet: saving creates it)"))
            var fields = FormFields.read(form.html)
            fields.set("name", ["フォーエバー スキン グロウ ファンデーション"])
            fields.set("tags", ["ファンデーション\nメイク\n"])
            fields.set("options.0", ["色"])
            fields.set("values.0", ["0N ニュートラル"])
            fields.set("values.2", ["  1N ニュートラル "])
            fields.set("_body", ["素肌のような仕上がり。\n"])
            let saved = try await client.post(Self.foundation + "/translations/ja", fields: fields.pairs)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == Self.foundation + "/translations/ja?saved=1")
            let again = try await client.get(Self.foundation + "/translations/ja?saved=1")
            #expect(again.html.contains("Saved Content/\(ja)."))
            #expect(again.html.contains(#"value="0N ニュートラル""#))
        }
        #expect(try text(shop, ja) == """
            ---
            name: "フォーエバー スキン グロウ ファンデーション"
            tags: ["ファンデーション", "メイク"]
            options:
              shade: "色"
            values:
              0N Neutral: "0N ニュートラル"
              1N Neutral: "1N ニュートラル"
            ---

            素肌のような仕上がり。

            """)
        #expect(check(shop).isEmpty, "\(check(shop))")
    }

    @Test func changingOneTextOfATranslationKeepsTheRestOfItsFileAsItWas() async throws {
        let (shop, ko, before) = try koreanTranslation()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.edit(Self.koreanForm, changes: ["name": ["포에버 스킨 글로우"], "values.3": ["1W 웜톤"]])
            #expect(page.status == .seeOther, "\(page.html)")
            // Sent back unchanged, the file is not touched.
            #expect(try await client.edit(Self.koreanForm, changes: [:]).status == .seeOther)
        }
        // The changed keys are written anew (their keys plain where YAML reads them back the same);
        // the others keep their lines, and the body stays as it was.
        var expected = before.replacingOccurrences(of: "name: \"포에버 스킨 글로우 파운데이션\"\n", with: "name: \"포에버 스킨 글로우\"\n")
            .replacingOccurrences(of: "\"1W 웜\"", with: "\"1W 웜톤\"")
        expected = try NSRegularExpression(pattern: #"(?m)^  "([0-9][^"]*)": "#)
            .stringByReplacingMatches(in: expected, range: NSRange(expected.startIndex..., in: expected), withTemplate: "  $1: ")
        let after = try text(shop, ko)
        #expect(after == expected, "\(after)")
        #expect(check(shop).isEmpty, "\(check(shop))")
    }

    @Test func aJSONTranslationStaysJSONAndStoreNamesAreKeyedByTheirDefaultName() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        try shop.delete("Content/promotions/xmas-10-off.ja.md")
        try shop.write("Content/promotions/xmas-10-off.ja.json", #"{"title": "クリスマス", "content": "本文。"}"#)
        try await app(shop).test(.router) { raw in
            let page = try await EditorClient(raw).edit(
                "/_vitrine/edit/promotions/xmas-10-off/translations/ja", changes: ["title": ["クリスマス10%オフ"], "stores.2": ["ロンドン店"]])
            #expect(page.status == .seeOther, "\(page.html)")
        }
        #expect(!FileManager.default.fileExists(atPath: shop.content.appendingPathComponent("promotions/xmas-10-off.ja.md").path))
        #expect(try text(shop, "promotions/xmas-10-off.ja.json") == """
            {
              "title": "クリスマス10%オフ",
              "stores": {
                "Beauty & Me London – Covent Garden": "ロンドン店"
              },
              "content": "本文。"
            }

            """)
        #expect(check(shop).isEmpty, "\(check(shop))")
    }

    @Test func aTooLongNameOrABadSlugIsRefusedAtItsFieldAndNothingIsWritten() async throws {
        let (shop, ko, before) = try koreanTranslation()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let long = try await client.edit(Self.koreanForm, changes: ["name": [String(repeating: "가", count: 301)]])
            #expect(long.status == .unprocessableContent)
            #expect(long.error(at: "name") == "name: is 301 characters long; the limit is 300", "\(long.html)")
            #expect(long.html.contains(##"<a href="#f-name">name: is 301 characters long"##), "the summary links to the field")
            #expect(long.html.contains(#"aria-invalid="true" aria-describedby="f-name-hint f-name-default f-name-error""#))
            #expect(long.html.contains(String(repeating: "가", count: 301)), "the form keeps what was typed")
            let slug = try await client.edit(Self.koreanForm, changes: ["slug": ["Bad Slug"]])
            #expect(slug.status == .unprocessableContent)
            #expect(slug.error(at: "slug")?.hasPrefix("slug: &quot;Bad Slug&quot; has characters outside") == true, "\(slug.html)")
            let value = try await client.edit(Self.koreanForm, changes: ["values.4": [String(repeating: "x", count: 301)]])
            #expect(value.error(at: "values-4") == "values.1C Cool: is 301 characters long; the limit is 300", "\(value.html)")
            // A slug another product has in Korean.
            let taken = try await client.edit(Self.koreanForm, changes: ["slug": ["lip-glow-oil"]])
            #expect(taken.status == .unprocessableContent)
            #expect(taken.error(at: "slug")?.contains("is also the path of products/lip-glow-oil in ko") == true, "\(taken.html)")
        }
        #expect(try text(shop, ko) == before)
    }

    @Test func aTranslationWithoutTheFormsTokenIsRefused() async throws {
        let (shop, ko, before) = try koreanTranslation()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            var fields = FormFields.read(try await client.get(Self.koreanForm).html)
            fields.set("name", ["가짜"])
            var missing = fields
            missing.set("_csrf", [])
            #expect(try await client.post(Self.koreanForm, fields: missing.pairs).status == .forbidden)
            client.origin = "http://evil.example"
            #expect(try await client.post(Self.koreanForm, fields: fields.pairs).status == .forbidden)
        }
        #expect(try text(shop, ko) == before)
    }

    @Test func anEmptyFormForALanguageWithoutAFileWritesNothing() async throws {
        let shop = try SampleShop(storefronts: true)
        defer { shop.remove() }
        let ja = Self.foundationBase + ".ja.md"
        try shop.delete("Content/" + ja)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.edit(Self.foundation + "/translations/ja", changes: [:])
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == Self.foundation + "/translations/ja?empty=1")
            #expect(try await client.get(page.headers[.location]!).html.contains("Nothing was written"))
        }
        #expect(!FileManager.default.fileExists(atPath: shop.content.appendingPathComponent(ja).path))
    }

    @Test func aTranslationChangedOnDiskSinceTheFormOpenedIsNotOverwritten() async throws {
        let (shop, ko, _) = try koreanTranslation()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            var fields = FormFields.read(try await client.get(Self.koreanForm).html)
            fields.set("name", ["내 버전"])
            try shop.edit("Content/" + ko, replacing: "name: \"포에버 스킨 글로우 파운데이션\"", with: "name: \"다른 버전\"")
            let page = try await client.post(Self.koreanForm, fields: fields.pairs)
            #expect(page.status == .conflict)
            #expect(page.html.contains(#"<a href="\#(Self.koreanForm)">open the form again</a>"#))
            // Clearing every field would remove the file: refused on the same stale revision.
            let removal = try await client.post(Self.koreanForm, fields: Self.cleared(fields).pairs)
            #expect(removal.status == .conflict)
            #expect(removal.html.contains("the translation is removed"), "\(removal.html)")
        }
        #expect(try text(shop, ko).contains("name: \"다른 버전\""))
    }

    @Test func clearingEveryFieldRemovesTheTranslationAndTheRecordFallsBackToTheDefaultText() async throws {
        let (shop, ko, _) = try koreanTranslation()
        defer { shop.remove() }
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await client.get(Self.koreanForm).html.contains("Saved with every field empty, the translation file is removed."))
            let page = try await clearKoreanForm(client)
            #expect(page.status == .seeOther, "\(page.html)")
            #expect(page.headers[.location] == Self.koreanForm + "?removed=1")
            let again = try await client.get(Self.koreanForm + "?removed=1")
            #expect(again.html.contains("Removed the translation Content/\(ko): every field was cleared"), "\(again.html)")
            #expect(again.html.contains("(not written yet: saving creates it)"))
            let record = try await client.get(Self.foundation)
            #expect(record.html.contains(#"<li lang="ko"><strong>ko</strong>: <span lang="en">not translated; texts fall back"#))
        }
        #expect(!FileManager.default.fileExists(atPath: shop.content.appendingPathComponent(ko).path))
        #expect(check(shop).isEmpty, "\(check(shop))")
    }

    @Test func aRemovalThatWouldGiveTheRecordAPathAnotherHasIsRefused() async throws {
        let (shop, ko, _) = try koreanTranslation()
        defer { shop.remove() }
        // The foundation's Korean path is its own; another product has taken its default one in Korean.
        try shop.edit("Content/" + ko, replacing: "name: ", with: "slug: pa-un-de-i-syeon\nname: ")
        try shop.write("Content/products/origins/drink-up-overnight-mask.ko.md", "---\nslug: forever-skin-glow-foundation\n---\n")
        let before = try text(shop, ko)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await clearKoreanForm(client)
            #expect(page.status == .unprocessableContent)
            #expect(page.html.contains(
                "<li>Content/products/origins/drink-up-overnight-mask.ko.md:2:7: error: slug: &quot;forever-skin-glow-foundation&quot; "
                    + "is also the path of products/forever-skin-glow-foundation in ko"), "\(page.html)")
        }
        #expect(try text(shop, ko) == before)
    }

    @Test func aTranslationFileTheFormCannotReadIsShownWithItsPositionedErrorAndNeverReplaced() async throws {
        let (shop, ko, _) = try koreanTranslation()
        defer { shop.remove() }
        let broken = "---\nname: [unclosed\ntags: 파운데이션\n---\n\n본문은 그대로.\n"
        try shop.write("Content/" + ko, broken)
        try await app(shop).test(.router) { raw in
            let client = EditorClient(raw)
            let form = try await client.get(Self.koreanForm)
            #expect(form.status == .unprocessableContent)
            let problem = "<li>Content/\(ko):3:5: error: invalid YAML: did not find expected &#39;,&#39; or &#39;]&#39; "
                + "(while parsing a flow sequence at line 2) (fix the file in a text editor; the form cannot read it)</li>"
            #expect(form.html.contains(problem), "\(form.html)")
            // The file is listed as it is, the line the parser stopped at marked; the fields are off.
            #expect(form.html.contains(
                #"<li>"# + "<code>---</code></li><li><code>name: [unclosed</code></li>"
                    + #"<li id="unreadable-line"><mark><code>tags: 파운데이션</code></mark></li>"#), "\(form.html)")
            #expect(form.html.contains(#"<li><code>본문은 그대로.</code></li></ol>"#))
            #expect(form.html.contains(#"<fieldset disabled class="unreadable-fields">"#))
            var fields = FormFields.read(form.html)
            fields.set("name", ["새 이름"])
            let saved = try await client.post(Self.koreanForm, fields: fields.pairs)
            #expect(saved.status == .unprocessableContent)
            #expect(saved.html.contains(problem))
            // Nor does clearing the form take the file away.
            #expect(try await clearKoreanForm(client).status == .unprocessableContent)
        }
        #expect(try text(shop, ko) == broken)
    }
}
