import CatalogModel
import Foundation
@testable import SearchIndexer
import Testing
import VitrineTestSupport

@Suite struct SearchIndexerTests {
    @Test func recordChunksStayAtEightProductsUntilThatWouldMakeMoreThan1024Files() {
        #expect(SearchIndexer.recordChunkSize(products: 0) == 8)
        #expect(SearchIndexer.recordChunkSize(products: 8_192) == 8)
        #expect(SearchIndexer.recordChunkSize(products: 8_193) == 9)
        for products in [8_193, 100_000, 1_000_000] {
            let size = SearchIndexer.recordChunkSize(products: products)
            #expect((products + size - 1) / size <= 1_024, "\(products) products in chunks of \(size)")
        }
    }

    /// Product names in result order.
    func names(_ result: IndexReader.Result, _ catalog: Catalog) -> [String] {
        result.products.map { catalog.products[$0].name }
    }

    @Test func findsWordsInAnyFieldIgnoringCaseAndAccents() throws {
        let (_, reader) = try Fixtures.written(Fixtures.shop)
        let catalog = Fixtures.shop
        #expect(try names(reader.search("night"), catalog) == names(reader.search("NIGHT"), catalog))
        #expect(try names(reader.search("creme"), catalog) == ["Crème Fraîche Rejuvenating Mask"])
        #expect(try names(reader.search("Sérénité"), catalog) == ["Eau Thermale Sérénité Mist"])
        // "estee" is only in a brand title, as "Estée".
        #expect(try Set(names(reader.search("estee"), catalog)) == ["Advanced Night Repair Serum", "Light Day Fluid"])
        // A SKU, split the same way as the query.
        #expect(try names(reader.search("est-anr-50"), catalog) == ["Advanced Night Repair Serum"])
        #expect(try reader.search("nothinglikethis").products.isEmpty)
    }

    @Test func ranksByFieldThenName() throws {
        let (_, reader) = try Fixtures.written(Fixtures.shop)
        let result = try reader.search("night")
        // Name + tag + detail (11) beats name + detail (9) beats name only (8, as a prefix: 16... see below).
        #expect(names(result, Fixtures.shop) == [
            "Advanced Night Repair Serum",  // exact in name, tags, detail: 11 x 3
            "Night-A-Mins Renewing Night Cream",  // exact in name: 8 x 3
            "Nightingale Balm",  // prefix in name: 8 x 2
            "Drink Up Intensive Overnight Mask",  // exact in detail: 1 x 3
        ])
        #expect(result.scores[result.products[0]] == 33)
        #expect(result.scores[result.products[2]] == 16)
    }

    @Test func prefixesMatchFromThreeLetters() throws {
        let (_, reader) = try Fixtures.written(Fixtures.shop)
        #expect(try names(reader.search("nig"), Fixtures.shop).count == 4)
        #expect(try Set(names(reader.search("seru"), Fixtures.shop)) == ["Advanced Night Repair Serum", "Serums Sampler"])
        // Two letters match whole words only.
        #expect(try reader.search("ni").products.isEmpty)
        #expect(try reader.search("ov").products.isEmpty)
    }

    @Test func wordsOfFiveLettersMatchWithOneTypo() throws {
        let (_, reader) = try Fixtures.written(Fixtures.shop)
        // "serum" is one edit away; "serums" (in the sampler) is two.
        #expect(try names(reader.search("serun"), Fixtures.shop) == ["Advanced Night Repair Serum"])  // replaced
        #expect(try names(reader.search("sreum"), Fixtures.shop) == ["Advanced Night Repair Serum"])  // neighbours swapped
        // "serus" is one edit from both "serum" (replace) and "serums" (insert).
        #expect(try Set(names(reader.search("serus"), Fixtures.shop)) == ["Advanced Night Repair Serum", "Serums Sampler"])
        #expect(try Set(names(reader.search("serumm"), Fixtures.shop)).contains("Advanced Night Repair Serum"))  // inserted
        #expect(try names(reader.search("crme"), Fixtures.shop).isEmpty)  // four letters: no typos
        #expect(try names(reader.search("cremee"), Fixtures.shop) == ["Crème Fraîche Rejuvenating Mask"])
        // The first letter must be right: "night" does not find "light".
        #expect(try !names(reader.search("night"), Fixtures.shop).contains("Light Day Fluid"))
        // Two typos are too many.
        #expect(try reader.search("sxrun").products.isEmpty)
        // Typo matches rank below exact ones.
        let result = try reader.search("serums")
        #expect(names(result, Fixtures.shop).first == "Serums Sampler")
    }

    @Test func everyWordMustMatch() throws {
        let (_, reader) = try Fixtures.written(Fixtures.shop)
        #expect(try names(reader.search("night cream"), Fixtures.shop) == ["Night-A-Mins Renewing Night Cream"])
        #expect(try names(reader.search("night mask"), Fixtures.shop) == ["Drink Up Intensive Overnight Mask"])
    }

    @Test func facetCountsFromPostingsAndColumnsAgreeWithTheCatalog() throws {
        for catalog in [Fixtures.shop, SampleShop.catalog] {
            let (index, reader) = try Fixtures.written(catalog)
            let brandNumber = Dictionary(uniqueKeysWithValues: catalog.brands.enumerated().map { ($1.slug, $0) })
            var checkedFromPosting = 0
            let entries = try reader.allEntries()
            try #require(!entries.isEmpty)
            for entry in entries {
                let posting = reader.decode(entry.posting)
                // Recount from the model: the products whose words include this one.
                let holders = catalog.products.enumerated().filter { _, product in
                    let text = [product.name, catalog.brandBySlug[product.brand]!.title, product.sku, product.detail.plainText]
                        + product.tags + product.variants.flatMap { [$0.sku] + $0.values }
                    return text.contains { SearchTokenizer.words(in: $0).contains(entry.word) }
                }
                #expect(posting.count == holders.count, "\(entry.word)")
                #expect(posting.groups.flatMap(\.products).sorted() == holders.map(\.offset), "\(entry.word)")
                var brands: [Int: Int] = [:]
                var availability = Availability.allCases.map { _ in 0 }
                for (_, product) in holders {
                    brands[brandNumber[product.brand]!, default: 0] += 1
                    let shown = catalog.priceSpan(for: product, at: SampleShop.clock).availability
                    availability[Availability.allCases.firstIndex(of: shown)!] += 1
                }
                #expect(posting.brandCounts == brands, "\(entry.word)")
                #expect(posting.availabilityCounts == availability, "\(entry.word)")
                checkedFromPosting += 1
            }
            #expect(checkedFromPosting == index.termCount)
        }
    }

    @Test func filteredCountsLeaveOutTheirOwnFacet() throws {
        let catalog = SampleShop.catalog
        let (_, reader) = try Fixtures.written(catalog)
        let unfiltered = try reader.search("night")
        let esta = catalog.brands.firstIndex { $0.slug.rawValue == "esta-louder" }!
        let filtered = try reader.search("night", brand: esta)
        #expect(!filtered.countsFromPosting)
        // Brand counts ignore the brand filter; the results and availability counts honour it.
        #expect(filtered.brandCounts == unfiltered.brandCounts)
        #expect(filtered.products.allSatisfy { catalog.products[$0].brand.rawValue == "esta-louder" })
        #expect(filtered.products.count == unfiltered.brandCounts[esta])
        #expect(filtered.availabilityCounts.reduce(0, +) == filtered.products.count)
        // Two words: counts come from the columns and still match the results.
        let twoWords = try reader.search("night cream")
        #expect(!twoWords.countsFromPosting)
        #expect(twoWords.brandCounts.values.reduce(0, +) == twoWords.products.count)
    }

    @Test func oneWordCountsFromThePostingEqualCountsFromTheColumns() throws {
        let (_, reader) = try Fixtures.written(SampleShop.catalog)
        var fromPosting = 0
        for entry in try reader.allEntries() {
            let quick = try reader.search(entry.word)
            let slow = try reader.search(entry.word, forceColumns: true)
            #expect(!slow.countsFromPosting)
            #expect(quick.products == slow.products, "\(entry.word)")
            #expect(quick.brandCounts == slow.brandCounts, "\(entry.word)")
            #expect(quick.availabilityCounts == slow.availabilityCounts, "\(entry.word)")
            if quick.countsFromPosting { fromPosting += 1 }
        }
        #expect(fromPosting > 100)
    }

    /// More products than `facetListLimit` share "night"; a few have rarer words starting "nig".
    static let bigShop: Catalog = {
        let site = Site(title: "Big Shop", baseURL: "https://shop.example.com/", currency: .usd)
        let brands = (0..<40).map { Records.brand("brand-\($0)", "Brand \($0)") }
        let availabilities = Availability.allCases
        var products: [Product] = []
        for i in 0..<2_500 {
            let rare = i % 97 == 0 ? " Nightly" : i % 131 == 0 ? " Nigella" : ""
            let name = (i % 5 != 0 ? "Night " : "Day ") + (i % 2 == 0 ? "Serum" : "Cream") + " \(i)" + rare
            products.append(Records.product(
                "p\(i)", name: name, brand: "brand-\((i * 7) % 40)", price: Int64(100 + i),
                availability: availabilities[(i / 5) % availabilities.count]))
        }
        return Records.catalog(site: site, brands: brands, products: products)
    }()

    @Test func smallPostingsListEachProductsFacetsAndBigOnesDoNot() throws {
        let (_, reader) = try Fixtures.written(Self.bigShop)
        let brands = try reader.brandColumn()
        let availabilities = try reader.availabilityColumn()
        let kinds = Availability.allCases.count
        var listed = 0
        var unlisted = 0
        for entry in try reader.allEntries() {
            let posting = reader.decode(entry.posting)
            let products = posting.groups.flatMap(\.products)
            if products.count > PostingEncoder.facetListLimit {
                #expect(posting.facets == nil, "\(entry.word)")
                unlisted += 1
            } else {
                #expect(posting.facets == products.map { brands[$0] * kinds + availabilities[$0] }, "\(entry.word)")
                listed += 1
            }
        }
        #expect(unlisted >= 1 && listed > 100)
    }

    /// Prefixes, typos and several words, counted from postings wherever the rules allow, give
    /// the columns' counts; the big shop has a big posting in the way as well as small ones.
    @Test func countsFromSeveralPostingsEqualCountsFromTheColumns() throws {
        var fromPostings = 0
        for catalog in [SampleShop.catalog, Self.bigShop] {
            let (_, reader) = try Fixtures.written(catalog)
            var queries = [
                "nig", "nigh", "serun", "ser", "night cream", "nightly night", "night day", "cre", "nigella", "nigella serum",
                "day cream", "brand",
            ]
            // And a prefix and a typo of every twelfth longer word of the shop.
            let longer = try reader.allEntries().filter { $0.word.count >= 5 }
            try #require(longer.count >= 12)
            for entry in stride(from: 0, to: longer.count, by: 12).map({ longer[$0] }) {
                queries += [String(entry.word.prefix(3)), String(entry.word.dropLast()) + "x"]
            }
            for query in queries {
                let quick = try reader.search(query)
                let slow = try reader.search(query, forceColumns: true)
                #expect(quick.products == slow.products, "\(query)")
                #expect(quick.brandCounts.filter { $0.value > 0 } == slow.brandCounts.filter { $0.value > 0 }, "\(query)")
                #expect(quick.availabilityCounts == slow.availabilityCounts, "\(query)")
                if quick.countsFromPostings { fromPostings += 1 }
            }
            if catalog.products.count == Self.bigShop.products.count {
                // "night" is big and "nightly" and "nigella" small: the prefix needs no column.
                #expect(try reader.search("nig").countsFromPostings)
                // A rare word bounds the matches, whatever the other word.
                #expect(try reader.search("nigella serum").countsFromPostings)
                // Two big words: only the columns know the overlap's facets.
                #expect(try !reader.search("night serum").countsFromPostings)
            }
        }
        #expect(fromPostings > 20, "\(fromPostings)")
    }

    @Test func priceRangeUsesTheSiteCurrencyOnly() throws {
        let (index, reader) = try Fixtures.written(Fixtures.shop)
        #expect(index.manifest.prices == .init(min: 900, max: 8400))
        let prices = try reader.priceColumn()
        let yen = Fixtures.shop.products.firstIndex { $0.slug.rawValue == "yen" }!
        #expect(prices[yen] == nil)
        let result = try reader.search("", min: 1000, max: 5000)
        #expect(Set(names(result, Fixtures.shop)) == ["Eau Thermale Sérénité Mist", "Light Day Fluid", "Drink Up Intensive Overnight Mask", "Night-A-Mins Renewing Night Cream"])
        // A yen price of 120000 minor units is not "in range" for a dollar filter.
        #expect(try !reader.search("balm", min: 0).products.contains(yen))
        #expect(try reader.search("balm").products == [yen])
    }

    @Test func recordsShowWhatAResultNeeds() throws {
        let (_, reader) = try Fixtures.written(Fixtures.shop)
        let number = Fixtures.shop.products.firstIndex { $0.slug.rawValue == "anr" }!
        let record = try reader.record(number)
        #expect(record[0] as? String == "Advanced Night Repair Serum")
        #expect(record[1] as? String == Routes.product(Slug("anr")!))
        #expect(reader.manifest.brands[record[2] as! Int].title == "Estée Lauder")
        // As pages print it: no "/ea" where the product names no priceUnit.
        #expect(record[3] as? String == "$84.00")
        #expect(record[4] as? String == "images/anr.png")
        #expect(reader.manifest.availability[record[5] as! Int].code == "in_stock")
    }

    /// A result shows, and the price filter reads, what the product costs everyone now; the list
    /// price follows as a seventh member only while a promotion lowers it.
    @Test func aProductOnSaleIsFoundAndShownAtItsQuotedPrice() throws {
        let shop = Fixtures.shop
        let sale = Records.promotion("mist-sale", title: "Mist sale", starts: "2026-11-01", products: ["serenite"], percent: 50)
        let catalog = Records.catalog(site: shop.site, brands: shop.brands, products: shop.products, promotions: [sale])
        let (index, reader) = try Fixtures.written(catalog)
        let mist = catalog.products.firstIndex { $0.slug.rawValue == "serenite" }!
        let record = try reader.record(mist)
        #expect(record[3] as? String == "$7.50")
        #expect(record[6] as? String == "$15.00")
        #expect(try reader.priceColumn()[mist] == 750)
        #expect(index.manifest.prices == .init(min: 750, max: 8400))
        #expect(try reader.search("", min: 100, max: 800).products == [mist])
        let other = catalog.products.firstIndex { $0.slug.rawValue == "anr" }!
        #expect(try reader.record(other).count == 6)
    }

    @Test func recordsAreValidJSONWhateverTheNames() throws {
        var products = Fixtures.shop.products
        let awkward = "Quote \" backslash \\ tab\t newline\n bell\u{7} 美容液 🌙 </script>"
        products[0].name = awkward
        let catalog = Records.catalog(site: Fixtures.shop.site, brands: Fixtures.shop.brands, products: products)
        let (_, reader) = try Fixtures.written(catalog)
        let number = catalog.products.firstIndex { $0.name == awkward }!
        #expect(try reader.record(number)[0] as? String == awkward)
        for product in catalog.products.indices { _ = try reader.record(product) }
    }

    @Test func outputIsDeterministicAndNamedByContent() throws {
        let first = Fixtures.indexer(Fixtures.shop).build()
        let second = Fixtures.indexer(Fixtures.shop).build()
        #expect(first.files == second.files)
        #expect(first.files.map(\.path) == first.files.map(\.path).sorted())
        let named = first.files.filter { $0.kind != "search-manifest" && $0.kind != "search-records" }
        try #require(!named.isEmpty)
        for file in named {
            let name = (file.path as NSString).lastPathComponent
            #expect(name.contains(ContentHash.hex(file.data)), "\(name)")
        }
        // Changing one product renames the files that hold it and leaves the manifest's name alone.
        var products = Fixtures.shop.products
        products[0].detail = RenderedMarkdown(html: "x", plainText: "Brand new words.")
        let changed = Records.catalog(site: Fixtures.shop.site, brands: Fixtures.shop.brands, products: products)
        let third = Fixtures.indexer(changed).build()
        #expect(third.files.contains { $0.path == SearchIndexer.manifestPath })
        #expect(Set(third.files.map(\.path)) != Set(first.files.map(\.path)))
    }

    @Test func gzipRoundTripsAndIsTheSameOnEveryRun() {
        let text = Array(String(repeating: "night serum crème ", count: 500).utf8)
        let compressed = Gzip.compress(text)
        #expect(compressed.count < text.count / 10)
        #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b])
        #expect(compressed[4..<8] == [0, 0, 0, 0])  // no time in the header
        #expect(compressed[9] == 255)  // "unknown" system
        #expect(Gzip.decompress(compressed) == text)
        #expect(Gzip.compress(text) == compressed)
        #expect(Gzip.decompress(Array(compressed.dropLast(4))) == nil)
        #expect(Gzip.decompress([]) == nil)
    }

    @Test func anEmptyCatalogGivesAnEmptyIndex() throws {
        let empty = Records.catalog(site: Fixtures.shop.site, brands: [])
        let (index, reader) = try Fixtures.written(empty)
        #expect(index.manifest.products == 0)
        #expect(index.manifest.lexicon.isEmpty)
        #expect(index.manifest.prices == nil)
        #expect(try reader.search("night").products.isEmpty)
        #expect(try reader.search("", min: 0).products.isEmpty)
    }

    @Test func smallBlocksFilesAndInlineLimitsStillReadBack() throws {
        // Every layout path: postings inline, in shared files, alone in a file, blocks with no file.
        let catalog = SampleShop.catalog
        let inverted = InvertedIndex.build(catalog)
        let encoder = PostingEncoder(
            brandOfProduct: catalog.products.map { p in UInt32(catalog.brands.firstIndex { $0.slug == p.brand }!) },
            availabilityOfProduct: catalog.products.map { UInt8(Availability.allCases.firstIndex(of: $0.availability)!) },
            brandCount: catalog.brands.count, availabilityCount: Availability.allCases.count)
        var counts = [UInt32](repeating: 0, count: catalog.brands.count)
        let postings = inverted.terms.indices.map {
            encoder.encode(documents: inverted.documents(of: $0), scores: inverted.scores(of: $0), brandCounts: &counts)
        }
        for limits in [
            LexiconLayout.Limits(inline: 0, postingFile: 64, block: 64),
            LexiconLayout.Limits(inline: 1000, postingFile: 64, block: 200),
            LexiconLayout.Limits(inline: 12, postingFile: 100, block: 300),
        ] {
            let layout = LexiconLayout(terms: inverted.terms, postings: postings, limits: limits)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("search-layout-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("search"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var lexicon: [SearchManifest.LexiconEntry] = []
            for (n, block) in layout.blocks.enumerated() {
                try Data(Gzip.compress(block.bytes)).write(to: folder.appendingPathComponent("search/l-\(n).bin"))
                lexicon.append(.init(first: block.firstTerm, file: "l-\(n).bin"))
            }
            for file in layout.postingFiles {
                try Data(file.bytes).write(to: folder.appendingPathComponent("search/p-\(file.hash).bin"))
            }
            var manifest = SearchIndexer(catalog: catalog, now: Records.now).build().manifest
            manifest.lexicon = lexicon
            try SearchIndexer.json(manifest).write(to: folder.appendingPathComponent("search/manifest.json"))
            let reader = try IndexReader(folder: folder)
            let entries = try reader.allEntries()
            #expect(entries.map(\.word) == inverted.terms)
            #expect(entries.map(\.posting) == postings)
            #expect(layout.blocks.count > 1)
            // Lookups through the block directory find each word.
            for word in ["night", "serum", "creme", "est", "anr", "50"] {
                #expect(try reader.entries(from: word, exact: true).contains { $0.word == word }, "\(word)")
            }
        }
    }
}
