import CatalogModel
import ContentLoader
import Foundation
import Importer
import Testing
import VitrineTestSupport

/// Review exports written by hand from the services' columns (see the comments of
/// `ReviewImporter+Judgeme.swift` and `ReviewImporter+Yotpo.swift` for where they come from),
/// imported against the test shop plus a foundation in two shades, and the written lines read
/// back by the content loader as a build reads them.
@Suite struct ReviewImporterTests {
    /// Judge.me's export header, a verified review with HTML, a script and a reply, an anonymous
    /// one whose body has a quoted comma, doubled quotes and a blank line, spam, a product the
    /// catalog lacks, a review of the shop, one by the product's URL only.
    static let judgeMe = """
        title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,product_handle,reply,reply_date,picture_urls,ip_address,location,metaobject_handle
        Calm skin,"Calms redness, fast.<br>I use two drops<script>alert(1)</script> at night.",5,2026-03-02 10:12:00 UTC,email,ok,Mina K.,mina@example.com,7012345678,night-serum,"<p>Thank you, Mina &amp; welcome back!</p>",2026-03-03 08:00:00 UTC,"https://judgeme.imgix.net/a.jpg,https://judgeme.imgix.net/b.jpg",203.0.113.7,"Seoul, KR",
        ,"Not for me.

        It pilled under make-up, and the smell, ""herbal"", lingered.",2,2026-04-10,web,not-yet,,anon@example.com,7012345679,day-cream,,,,,,
        Buy now,Cheap watches here!!!,5,2026-04-11,web,spam,Bot,bot@example.com,7012345678,night-serum,,,,,,
        Old favourite,Still the best.,4,2026-05-01 09:00:00 UTC,web,ok,Tom B.,tom@example.com,7012345680,eye-balms,,,,,,
        Great shop,Fast delivery.,5,2026-05-02,email,ok,Ann,ann@example.com,,,,,,,,
        Lovely mist,Fine spray.,4,2026-06-01 12:00:00 UTC,web,ok,Léa,lea@example.com,7012345681,aven-mist,,,,,,
        """

    static let yotpoHeader =
        "appKey,Review ID,Review Creation Date,Review Type,Review Status,Status Details,Review Source,Review Score,Review Title,"
        + "Review Content,Sentiment Score,Profanity Flag,Published Image Url,Unpublished Image URL,Published Video URL,"
        + "Unpublished Video URL,Comment Date,Comment Content,Comment Public,Review Tags,Thumbs Up,Thumbs Down,Order ID,Order Date,"
        + "Pushed to Social,Reviewer Display Name,Reviewer Email,Reviewer Type,Reviewer Country,Reviewer Device Type,Product ID,"
        + "Product Title,Product Description,Product URL,Product Image URL,Product Handle,Product Group,Product Category,Product UPC,"
        + "Product SKU,Product Brand,Product MPN,Product ISBN"

    /// Yotpo's export: a verified buyer with a public reply, an unpublished review, a variant's
    /// SKU with a private comment, a site review, an unknown product, the first review again, a
    /// half star, and one found by its title alone.
    static let yotpo = [
        yotpoHeader,
        #"k3y,301234567,2026-02-14 09:30:00,product,Published,,Automatic Review Request,5,Works overnight,"<p>Skin is calmer, softer.</p><ul><li>Light</li><li>No scent</li></ul>",0.9,false,,,,,2026-02-15 10:00:00,"Glad it helps, ""Sora""!",true,,3,0,1001,2026-02-01,false,Sora,sora@example.com,Verified Buyer,KR,mobile,8812345,Night Serum,,https://shop.example.com/products/night-serum,,night-serum,,Serums,,ORG-NS-30,Origins,,"#,
        #"k3y,301234568,2026-02-20 11:00:00,product,Unpublished,Low quality,On-site Widget,1,Bad,Did not like it,0.1,false,,,,,,,,,0,0,,,false,Ken,ken@example.com,Anonymous Reviewer,US,desktop,8812345,Night Serum,,https://shop.example.com/products/night-serum,,night-serum,,Serums,,ORG-NS-30,Origins,,"#,
        #"k3y,301234569,2026-03-05 16:45:00,product,Published,,On-site Widget,4,,"Shade 2W matches,\#nbut it needs powder.",0.7,false,,,,,2026-03-06 09:00:00,We emailed you a sample.,false,,1,0,,,false,Anonymous,,Verified Reviewer,FR,mobile,8812399,Glow Foundation,,,,glow-foundation,,Foundation,,DIA-2W,Diar,,"#,
        #"k3y,301234570,2026-03-07 08:00:00,site_review,Published,,Automatic Review Request,5,Great shop,Quick delivery.,0.9,false,,,,,,,,,0,0,1002,2026-03-01,false,Ann,ann@example.com,Verified Buyer,US,desktop,yotpo_site_reviews,,,,,,,,,,,,"#,
        #"k3y,301234571,2026-03-09 08:00:00,product,Published,,On-site Widget,3,Ok,It is fine.,0.5,false,,,,,,,,,0,0,,,false,Bo,bo@example.com,Verified Reviewer,SE,mobile,8899999,Night Serum Deluxe,,,,,,Serums,,LEGACY-77,Origins,,"#,
        #"k3y,301234567,2026-02-14 09:30:00,product,Published,,Automatic Review Request,5,Works overnight,Skin is calmer.,0.9,false,,,,,,,,,3,0,1001,2026-02-01,false,Sora,sora@example.com,Verified Buyer,KR,mobile,8812345,Night Serum,,,,night-serum,,Serums,,ORG-NS-30,Origins,,"#,
        #"k3y,301234572,2026-03-10 08:00:00,product,Published,,On-site Widget,4.5,Half,Half a star more.,0.5,false,,,,,,,,,0,0,,,false,Cy,cy@example.com,Verified Reviewer,SE,mobile,8812345,Night Serum,,,,night-serum,,Serums,,ORG-NS-30,Origins,,"#,
        #"k3y,301234573,2026-03-11T08:00:00.000Z,product,Published,,Import,5,,Cools my eyes.,0.8,false,,,,,,,,,0,0,,,false,Di,di@example.com,verified_buyer,SE,mobile,,Eye balm,,,,,,,,,Origins,,"#,
    ].joined(separator: "\n")

    static let foundation = """
        ---
        sku: DIA-GF
        name: Glow Foundation
        brand: origins
        price: 52
        options: [shade]
        variants:
          - sku: DIA-1N
            shade: 1N Neutral
          - sku: DIA-2W
            shade: 2W Warm
        ---
        A luminous foundation.
        """

    /// The test shop with a product in two shades, its catalog, and a CSV file beside it.
    struct Shop {
        let fixture: ShopFixture
        let catalog: Catalog
        var reviews: URL { fixture.content.appendingPathComponent("reviews") }

        init() throws {
            fixture = try ShopFixture(changes: ["products/diar/glow-foundation.md": ReviewImporterTests.foundation])
            let loaded = ContentLoader(contentFolder: fixture.content).load()
            catalog = try #require(loaded.catalog, "\(loaded.diagnostics)")
        }

        func csv(_ text: String, name: String = "export.csv") throws -> URL {
            let url = fixture.root.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }

        /// The content with `lines` as `reviews/<name>`, loaded as a build loads it.
        func load(_ lines: [String], as name: String) throws -> ContentLoader.Result {
            try fixture.write(ReviewLines.file(lines), to: "Content/reviews/\(name)")
            var loader = ContentLoader(contentFolder: fixture.content)
            loader.now = ShopFixture.clock
            return loader.load()
        }
    }

    let importer = (judgeMe: ReviewImporter(service: .judgeme, now: ShopFixture.clock), yotpo: ReviewImporter(service: .yotpo, now: ShopFixture.clock))

    @Test func aJudgeMeExportBecomesLinesABuildAccepts() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let result = importer.judgeMe.importFile(try shop.csv(Self.judgeMe), catalog: shop.catalog)
        #expect(!result.failed)
        #expect(result.lines == [
            #"{"author":"Mina K.","body":"Calms redness, fast.\nI use two drops at night.","date":"2026-03-02T10:12:00Z","id":"jm-7ddd0d7bb06c2ede","product":"night-serum","rating":5,"response":{"body":"Thank you, Mina & welcome back!","date":"2026-03-03T08:00:00Z"},"title":"Calm skin","verified":true}"#,
            #"{"author":"A shopper","body":"Not for me.\n\nIt pilled under make-up, and the smell, \"herbal\", lingered.","date":"2026-04-10","id":"jm-14d8a58a527e57c8","product":"day-cream","rating":2}"#,
            #"{"author":"Léa","body":"Fine spray.","date":"2026-06-01T12:00:00Z","id":"jm-31278f1b689492c5","product":"aven-mist","rating":4,"title":"Lovely mist"}"#,
        ])
        #expect(result.skipped == skipped(unknownProducts: 1, spam: 1, shopReviews: 1))
        #expect(result.summary == "imported 3 reviews, skipped 3 (1 for unknown products, 1 spam, 1 shop review)")
        #expect(result.diagnostics.map(\.description) == [
            "export.csv:7:1: warning: product eye-balms is not in the catalog, so its review is left out; did you mean eye-balm?"
        ])
        let loaded = try shop.load(result.lines, as: "judgeme.jsonl")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let catalog = try #require(loaded.catalog)
        #expect(catalog.reviews.count == 3)
        let serum = try #require(catalog.reviews.reviews(for: Slug("night-serum")!).first)
        #expect(serum.response?.body == "Thank you, Mina & welcome back!" && serum.verified)
    }

    @Test func aYotpoExportBecomesLinesABuildAccepts() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let result = importer.yotpo.importFile(try shop.csv(Self.yotpo), catalog: shop.catalog)
        #expect(!result.failed)
        #expect(result.lines == [
            #"{"author":"Sora","body":"Skin is calmer, softer.\n\n- Light\n- No scent","date":"2026-02-14T09:30:00","id":"yt-301234567","product":"night-serum","rating":5,"response":{"body":"Glad it helps, \"Sora\"!","date":"2026-02-15T10:00:00"},"title":"Works overnight","verified":true}"#,
            #"{"author":"A shopper","body":"Shade 2W matches,\nbut it needs powder.","date":"2026-03-05T16:45:00","id":"yt-301234569","product":"DIA-2W","rating":4}"#,
            #"{"author":"Di","body":"Cools my eyes.","date":"2026-03-11T08:00:00Z","id":"yt-301234573","product":"eye-balm","rating":5,"verified":true}"#,
        ])
        #expect(result.skipped == skipped(unknownProducts: 1, unpublished: 1, shopReviews: 1, duplicates: 1, unreadable: 1))
        #expect(result.diagnostics.map(\.description) == [
            "export.csv:7:1: warning: product LEGACY-77 is not in the catalog, so its review is left out; add the product, or correct its handle or SKU in the export",
            "export.csv:8:1: warning: the same review as line 2 (id yt-301234567); imported once",
            "export.csv:9:1: warning: rating \"4.5\" is not a whole number of stars from 1 to 5; the review is left out",
        ])
        let loaded = try shop.load(result.lines, as: "yotpo.jsonl")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let catalog = try #require(loaded.catalog)
        #expect(catalog.reviews.summary(for: Slug("glow-foundation")!)?.count == 1, "a variant's review counts for its product")
    }

    @Test func importingTheSameExportTwiceWritesTheSameBytes() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let output = shop.reviews.appendingPathComponent("judgeme.jsonl")
        let csv = try shop.csv(Self.judgeMe)
        let first = importer.judgeMe.importFile(csv, content: shop.fixture.content, output: output)
        #expect(!first.failed, "\(first.diagnostics)")
        let written = try Data(contentsOf: output)
        #expect(String(decoding: written, as: UTF8.self) == first.text && first.lines.count == 3)
        let second = importer.judgeMe.importFile(csv, content: shop.fixture.content, output: output)
        #expect(!second.failed, "the file it wrote does not stop it: \(second.diagnostics)")
        #expect(try Data(contentsOf: output) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shop.reviews.path) == ["judgeme.jsonl"], "no temporary file left")
    }

    /// A content file holds at most 4 MiB, so a large import is split; a later, smaller import
    /// removes the files it no longer needs.
    @Test func aLargeImportIsSplitIntoFilesTheLoaderTakes() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let output = shop.reviews.appendingPathComponent("judgeme.jsonl")
        let csv = try shop.csv(Self.judgeMe)
        var small = importer.judgeMe
        small.fileLimit = 300
        let split = small.importFile(csv, content: shop.fixture.content, output: output)
        #expect(split.files.map(\.lastPathComponent) == ["judgeme.jsonl", "judgeme-2.jsonl", "judgeme-3.jsonl"])
        let texts = try split.files.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(texts.joined() == split.text && texts.allSatisfy { $0.utf8.count <= 300 })
        var loader = ContentLoader(contentFolder: shop.fixture.content)
        loader.now = ShopFixture.clock
        let loaded = loader.load()
        #expect(loaded.diagnostics.isEmpty && loaded.catalog?.reviews.count == 3, "\(loaded.diagnostics)")

        let whole = importer.judgeMe.importFile(csv, content: shop.fixture.content, output: output)
        #expect(whole.files.map(\.lastPathComponent) == ["judgeme.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: shop.reviews.path) == ["judgeme.jsonl"])
    }

    @Test func aDryRunWritesNothing() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let output = shop.reviews.appendingPathComponent("judgeme.jsonl")
        let result = importer.judgeMe.importFile(try shop.csv(Self.judgeMe), content: shop.fixture.content, output: output, dryRun: true)
        #expect(result.lines.count == 3 && !result.failed)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aFileOfOtherReviewsIsReplacedOnlyWhenForced() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let mine = ReviewLines.json("rv-1", "night-serum", rating: 5, date: "2026-01-01")
        try shop.fixture.write(ReviewLines.file([mine]), to: "Content/reviews/judgeme.jsonl")
        let output = shop.reviews.appendingPathComponent("judgeme.jsonl")
        let csv = try shop.csv(Self.judgeMe)
        let refused = importer.judgeMe.importFile(csv, content: shop.fixture.content, output: output)
        #expect(refused.failed)
        #expect(refused.diagnostics.map(\.description) == [
            "Content/reviews/judgeme.jsonl:1:1: error: judgeme.jsonl already holds reviews this import did not write (id rv-1 at line 1); "
                + "an import replaces its files whole, so choose another --output, or pass --force to replace them"
        ])
        #expect(try String(contentsOf: output, encoding: .utf8) == ReviewLines.file([mine]))
        let forced = importer.judgeMe.importFile(csv, content: shop.fixture.content, output: output, force: true)
        #expect(!forced.failed && forced.lines.count == 3)
        #expect(try String(contentsOf: output, encoding: .utf8) == forced.text)
    }

    @Test func anIdInAnotherReviewFileIsNotRepeated() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let earlier = ReviewLines.json("yt-301234569", "glow-foundation", rating: 4, date: "2026-03-05")
        try shop.fixture.write(ReviewLines.file([earlier]), to: "Content/reviews/old-yotpo.jsonl")
        let output = shop.reviews.appendingPathComponent("yotpo.jsonl")
        let result = importer.yotpo.importFile(try shop.csv(Self.yotpo), content: shop.fixture.content, output: output)
        #expect(result.lines.count == 2 && result.skipped.duplicates == 2)
        #expect(result.diagnostics.contains {
            $0.description == "export.csv:4:1: warning: id yt-301234569 is already in reviews/old-yotpo.jsonl:1; "
                + "left out here (remove that file if it is an older import of the same reviews)"
        })
        var loader = ContentLoader(contentFolder: shop.fixture.content)
        loader.now = ShopFixture.clock
        #expect(loader.load().diagnostics.isEmpty, "both files load together")
    }

    @Test func theOtherServicesExportOrAMissingColumnIsAnError() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let yotpoAsJudgeMe = importer.judgeMe.importFile(try shop.csv(Self.yotpo), catalog: shop.catalog)
        #expect(yotpoAsJudgeMe.diagnostics.map(\.description) == [
            "export.csv:1:1: error: this is not a Judge.me export: its columns are Yotpo's; import it with --from yotpo"
        ])
        let noBody = importer.judgeMe.importFile(try shop.csv("title,rating,review_date,product_handle\nHi,5,2026-01-01,night-serum\n"), catalog: shop.catalog)
        #expect(noBody.diagnostics.map(\.description) == [
            #"export.csv:1:1: error: missing column "body"; export the reviews from Judge.me's admin (Reviews → Export reviews) without removing columns"#
        ])
        #expect(noBody.lines.isEmpty)
    }

    /// Dates with slashes: a day over 12 tells the order; a Yotpo file that does not tell stops
    /// with an error rather than a guess; Judge.me's template is documented as dd/mm/yyyy.
    @Test func slashDatesAreReadInTheOrderTheFileShows() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let header = "Review ID,Review Creation Date,Review Status,Review Score,Review Content,Reviewer Display Name,Product SKU"
        func yotpo(_ dates: [String], order: ReviewImporter.DateOrder? = nil) throws -> ReviewImport {
            let rows = dates.enumerated().map { "\($0.offset + 1),\($0.element),Published,5,Nice.,Ana,ORG-NS-30" }
            let importer = ReviewImporter(service: .yotpo, dateOrder: order, now: ShopFixture.clock)
            return importer.importFile(try shop.csv(([header] + rows).joined(separator: "\n")), catalog: shop.catalog)
        }
        func dates(_ result: ReviewImport) -> [String] {
            result.lines.compactMap { line in line.range(of: #""date":"[^"]*""#, options: .regularExpression).map { String(line[$0].dropFirst(8).dropLast()) } }
        }
        #expect(dates(try yotpo(["03/04/2026", "15/03/2026 14:05"])) == ["2026-03-15T14:05:00", "2026-04-03"])
        #expect(dates(try yotpo(["03/04/2026", "03/15/2026 2:05 PM"])) == ["2026-03-04", "2026-03-15T14:05:00"])
        let unclear = try yotpo(["03/04/2026", "05/06/2026"])
        #expect(unclear.diagnostics.map(\.description) == [
            "export.csv:2:1: error: 03/04/2026 could be day first or month first, and no date in the file has a day over 12 to tell; "
                + "pass --date-order dmy (31/01/2026) or --date-order mdy (01/31/2026)"
        ])
        #expect(dates(try yotpo(["03/04/2026", "05/06/2026"], order: .mdy)) == ["2026-03-04", "2026-05-06"])
        let mixed = try yotpo(["13/04/2026", "04/13/2026"])
        #expect(mixed.failed && mixed.diagnostics.first?.location.line == 3)

        let judgeMe = importer.judgeMe.importFile(
            try shop.csv("title,body,rating,review_date,reviewer_name,product_handle\nHi,Nice.,5,03/04/2026,Ana,night-serum\n"), catalog: shop.catalog)
        #expect(dates(judgeMe) == ["2026-04-03"])
    }

    @Test func rowsTheBuildWouldRefuseAreLeftOutWithAWarning() throws {
        let shop = try Shop()
        defer { shop.fixture.cleanUp() }
        let long = String(repeating: "Lovely texture and scent. ", count: 250)
        let csv = """
            title,body,rating,review_date,reviewer_name,product_handle
            Later,Written tomorrow.,5,2026-12-02,Ana,night-serum
            ,,4,2026-01-02,Bo,night-serum
            Only a title,,4,2026-01-03,Cy,night-serum
            Long,\(long),5,2026-01-04,Di,night-serum
            When,No date.,5,someday,Ed,night-serum
            """
        let result = importer.judgeMe.importFile(try shop.csv(csv), catalog: shop.catalog)
        #expect(result.diagnostics.map(\.description) == [
            "export.csv:2:1: warning: date 2026-12-02 is in the future; a review is dated when it was written; the review is left out",
            "export.csv:3:1: warning: the review has no text, and a review in Vitrine needs some; the review is left out",
            "export.csv:5:1: warning: the review is 6,499 characters, more than the 5,000 a review keeps; cut to 4,999",
            #"export.csv:6:1: warning: review date "someday" is not a date this import reads, such as 2026-03-02 10:12:00 UTC, 2026-03-02 or 02/03/2026; the review is left out"#,
        ])
        #expect(result.lines.count == 2 && result.skipped.unreadable == 3)
        #expect(result.lines[0].contains(#""body":"Only a title""#) && !result.lines[0].contains("title\":"))
        let loaded = try shop.load(result.lines, as: "judgeme.jsonl")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let cut = try #require(loaded.catalog?.reviews.reviews(for: Slug("night-serum")!).first { $0.author == "Di" })
        #expect(cut.body.hasSuffix("scent. Lovely…") && cut.body.unicodeScalars.count <= Review.Limits.body.upperBound)
    }

    func skipped(unknownProducts: Int = 0, unpublished: Int = 0, spam: Int = 0, shopReviews: Int = 0, duplicates: Int = 0, unreadable: Int = 0)
        -> ReviewImport.Skipped
    {
        var counts = ReviewImport.Skipped()
        counts.unknownProducts = unknownProducts
        counts.unpublished = unpublished
        counts.spam = spam
        counts.shopReviews = shopReviews
        counts.duplicates = duplicates
        counts.unreadable = unreadable
        return counts
    }
}
