import CatalogModel
import ContentLoader
import Testing

@Suite struct FixtureTests {
    @Test func theFixtureShopIsValid() throws {
        let result = try load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.brands.map(\.title) == ["Aven", "Origins"])
        #expect(catalog.products.map(\.name) == ["Day Cream", "Eye Balm", "Night Serum", "Thermal Mist"])
        #expect(catalog.productBySKU["AVN-MIST"]?.price.minorUnits == 1290)
        #expect(catalog.productBySKU["ORG-DC-50"]?.price.minorUnits == 1850)
        #expect(catalog.productBySKU["ORG-DC-50"]?.availability == .outOfStock)
        #expect(catalog.productBySKU["AVN-MIST"]?.priceUnit == "fl oz")
        #expect(catalog.promotions.first { $0.slug.rawValue == "xmas" }?.stores.first?.latitude == 48.8566)
        #expect(result.fileCount == 11)
    }
}

@Suite struct SiteRuleTests {
    @Test func siteJSONIsRequired() throws {
        let result = try load(["site.json": nil])
        expectDiagnostic(result, at: "Content/site.json", "site.json is missing")
        #expect(result.catalog == nil)
    }

    @Test func requiredKeysAreReportedWithAnExample() throws {
        let result = try load(["site.json": #"{"baseURL": "https://example.com/", "currency": "USD"}"#])
        expectDiagnostic(result, at: "Content/site.json:1:1", "missing required key `title`")
    }

    @Test func baseURLMustBeAbsoluteAndEndInASlash() throws {
        let noSlash = try load(["site.json": "{\n  \"title\": \"T\",\n  \"baseURL\": \"https://example.com/shop\",\n  \"currency\": \"USD\"\n}"])
        expectDiagnostic(noSlash, at: "Content/site.json:3:14", "must end in /; write \"https://example.com/shop/\"")
        let relative = try load(["site.json": #"{"title": "T", "baseURL": "/shop/", "currency": "USD"}"#])
        expectDiagnostic(relative, at: "Content/site.json:1:27", "not an absolute http(s) URL")
    }

    @Test func currencyLocalePaginationAndCheckoutURLAreChecked() throws {
        let result = try load([
            "site.json": """
            {"title": "T", "baseURL": "https://e.com/", "currency": "usd",
             "locale": "english", "productsPerPage": 0, "checkoutURL": "checkout"}
            """
        ])
        expectDiagnostic(result, at: "Content/site.json:1:57", "currency: \"usd\" is not an ISO 4217 code")
        expectDiagnostic(result, at: "Content/site.json:2:12", "locale: \"english\" is not a locale tag")
        expectDiagnostic(result, at: "Content/site.json:2:42", "productsPerPage: 0 is outside 1–1000")
        expectDiagnostic(result, at: "Content/site.json:2:60", "checkoutURL: \"checkout\" is not an absolute http(s) URL")
    }

    @Test func omittedOutputsAreKnownNamesGivenOnce() throws {
        let result = try load([
            "site.json": """
            {"title": "T", "baseURL": "https://e.com/", "currency": "USD",
             "omit": ["api", "brandFeed", "api"]}
            """
        ])
        expectDiagnostic(result, at: "Content/site.json:2:18", "omit: \"brandFeed\" is not one of `api`, `brandFeeds`; did you mean `brandFeeds`?")
        expectDiagnostic(result, at: "Content/site.json:2:31", "omit: \"api\" is given twice; list it once")
        let fine = try load(["site.json": #"{"title": "T", "baseURL": "https://e.com/", "currency": "USD", "omit": ["brandFeeds"]}"#])
        #expect(fine.catalog?.site.omitted == [.brandFeeds])
        #expect(fine.catalog?.site.writes(.api) == true)
    }

    @Test func invalidJSONIsReportedAtItsPosition() throws {
        let result = try load(["site.json": "{\n  \"title\": \"T\",\n  \"currency\" \"USD\"\n}"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location.path == "Content/site.json")
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.location.column == 14)
        #expect(diagnostic.message.hasPrefix("invalid JSON"))
    }
}

@Suite struct KeyRuleTests {
    @Test func unknownKeysFarFromAnyKnownKeyWarnAndReachTemplates() throws {
        let result = try load(["products/t.md": product(validProductLines + ["ingredients: aloe"])])
        expectDiagnostic(result, .warning, at: "Content/products/t.md:6:1", "`ingredients`: unknown key; known keys are `sku`")
        #expect(result.catalog != nil, "a warning alone does not fail the build")
        #expect(result.catalog?.productBySKU["T-1"]?.extra["ingredients"] == .string("aloe"))
    }

    @Test func missingRequiredKeysAreErrors() throws {
        let result = try load(["products/t.md": product(["sku: T-1", "brand: origins", "price: 1"])])
        expectDiagnostic(result, at: "Content/products/t.md:1:1", "missing required key `name`")
    }

    @Test func everyProblemInOneRun() throws {
        let result = try load([
            "products/a.md": product(["sku: A", "name: A", "brand: origins", "price: free"]),
            "products/b.md": product(["sku: B", "name: B", "brand: origins", "price: 1", "availability: sold"]),
        ])
        #expect(result.diagnostics.errorCount == 2)
        expectDiagnostic(result, at: "Content/products/a.md:5:8", "price: \"free\" is not a decimal amount; write e.g. 12.50")
        expectDiagnostic(result, at: "Content/products/b.md:6:15", "availability: \"sold\" is not one of")
    }
}

@Suite struct ProductRuleTests {
    func expectProductError(_ line: String, at column: Int, _ message: String, extraLines: [String] = []) throws {
        var lines = validProductLines
        let key = line.split(separator: ":")[0]
        lines.removeAll { $0.hasPrefix(key + ":") }
        lines.append(line)
        lines += extraLines
        let result = try load(["products/t.md": product(lines)])
        let lineNumber = lines.firstIndex(of: line)! + 2
        expectDiagnostic(result, at: "Content/products/t.md:\(lineNumber):\(column)", message)
    }

    @Test func skuCharactersAndLength() throws {
        try expectProductError("sku: T 1!", at: 6, "sku: \"T 1!\" has characters outside A–Z, a–z, 0–9")
        try expectProductError("sku: \(String(repeating: "A", count: 51))", at: 6, "is 51 characters long; the limit is 50")
    }

    @Test func nameLength() throws {
        try expectProductError("name: \"\"", at: 7, "name: may not be empty")
        try expectProductError("name: \(String(repeating: "n", count: 301))", at: 7, "the limit is 300")
    }

    @Test func priceIsAnExactDecimalWithinTheCurrencysDigits() throws {
        try expectProductError("price: 3.999", at: 8, "more than 2 fraction digits")
        try expectProductError("price: -1", at: 8, "is negative")
        try expectProductError("price: 1200.5", at: 8, "which JPY does not allow", extraLines: ["currency: JPY"])
        try expectProductError("price: [1]", at: 8, "expected a decimal amount")
    }

    @Test func currencyAvailabilityAndUnit() throws {
        try expectProductError("currency: EURO", at: 11, "not an ISO 4217 currency code")
        try expectProductError("availability: instock", at: 15, "did you mean `in_stock`?")
        try expectProductError("priceUnit: \(String(repeating: "u", count: 21))", at: 12, "the limit is 20")
    }

    @Test func gtinNeedsAValidCheckDigit() throws {
        try expectProductError("gtin: \"0012345678904\"", at: 7, "check digit 4")
    }

    @Test func mpnTagsAndDate() throws {
        try expectProductError("mpn: \(String(repeating: "m", count: 71))", at: 6, "the limit is 70")
        try expectProductError("tags: serum", at: 7, "tags: expected a list")
        try expectProductError("date: 14/03/2026", at: 7, "not an ISO 8601 date")
    }

    @Test func imagesMustBeUnderImagesOrAbsoluteAndExist() throws {
        try expectProductError("image: photo.png", at: 8, "neither a path under images/ nor an absolute URL")
        try expectProductError("thumbnail: images/missing.png", at: 12, "thumbnail: images/missing.png does not exist")
        try expectProductError("image: images/../site.json", at: 8, "neither a path under images/")
        let remote = try load(["products/t.md": product(validProductLines + ["image: https://cdn.example.com/t.png"])])
        #expect(remote.diagnostics.isEmpty)
    }

    @Test func brandMustExistWithASuggestion() throws {
        try expectProductError("brand: orgins", at: 8, "brand: \"orgins\" is not a known brand; did you mean \"origins\"?")
    }

    @Test func skusAreUniqueAcrossTheCatalog() throws {
        let result = try load(["products/z-copy.md": product(["sku: ORG-NS-30", "name: Copy", "brand: origins", "price: 1"])])
        expectDiagnostic(result, at: "Content/products/z-copy.md:1:1", "duplicate product sku \"ORG-NS-30\"")
    }

    @Test func jsonProductsReadTheirDetailField() throws {
        let result = try load()
        #expect(result.catalog?.productBySKU["AVN-MIST"]?.detail.html == "<p>Soothing <strong>mist</strong>.</p>\n")
    }
}

@Suite struct BrandRuleTests {
    @Test func titleCountryWebsiteAndLogo() throws {
        let result = try load([
            "brands/origins.md": """
            ---
            title: \(String(repeating: "t", count: 201))
            country: usa
            website: www.origins.com
            logo: images/nope.png
            ---
            """
        ])
        expectDiagnostic(result, at: "Content/brands/origins.md:2:8", "title: is 201 characters long; the limit is 200")
        expectDiagnostic(result, at: "Content/brands/origins.md:3:10", "country: \"usa\" is not an ISO 3166-1 alpha-2 country code")
        expectDiagnostic(result, at: "Content/brands/origins.md:4:10", "website: \"www.origins.com\" is not an absolute http(s) URL")
    }

    @Test func missingLogoFileIsAnErrorAtItsLine() throws {
        let result = try load(["brands/origins.md": "---\ntitle: Origins\nlogo: images/nope.png\n---\n"])
        expectDiagnostic(result, at: "Content/brands/origins.md:3:7", "logo: images/nope.png does not exist")
    }

    @Test func slugsAreUniqueAcrossFormats() throws {
        let result = try load(["brands/origins.json": #"{"title": "Origins again"}"#])
        let duplicate = result.diagnostics.filter { $0.message.contains("duplicate brand slug \"origins\"") }
        #expect(duplicate.count == 1)
        #expect(duplicate.first?.location.path == "Content/brands/origins.md")
    }

    @Test func fileNamesMustBeSlugs() throws {
        let result = try load(["brands/Fresh Skin.md": "---\ntitle: Fresh\n---\n"])
        expectDiagnostic(result, at: "Content/brands/Fresh Skin.md", "file name: \"Fresh Skin\" is not a slug")
    }
}

@Suite struct PromotionRuleTests {
    func promotion(_ lines: [String]) -> String { (["---"] + lines + ["---", "Flyer."]).joined(separator: "\n") }

    @Test func endsMustBeAfterStarts() throws {
        let result = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "ends: 2026-11-01"])])
        expectDiagnostic(result, at: "Content/promotions/p.md:4:7", "ends: 2026-11-01 is not after starts (2026-12-01)")
    }

    @Test func startsIsRequired() throws {
        let result = try load(["promotions/p.md": promotion(["title: P"])])
        expectDiagnostic(result, at: "Content/promotions/p.md:1:1", "missing required key `starts`")
    }

    @Test func referencedBrandsAndProductsMustExist() throws {
        let result = try load([
            "promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "brands: [aven, diar]", "products: [night-serm]"])
        ])
        expectDiagnostic(result, at: "Content/promotions/p.md:4:16", "brands: \"diar\" is not a known brand")
        expectDiagnostic(result, at: "Content/promotions/p.md:5:12", "did you mean \"night-serum\"?")
    }

    @Test func discountPercentIsAboveZeroAndAtMostAHundred() throws {
        for (value, column) in [("0", 18), ("150", 18), ("ten", 18)] {
            let result = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discountPercent: \(value)"])])
            expectDiagnostic(result, at: "Content/promotions/p.md:4:\(column)", "discountPercent:")
        }
        let ok = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "discountPercent: 100"])])
        #expect(ok.diagnostics.isEmpty)
    }

    @Test func codeIsUpperCase() throws {
        let result = try load(["promotions/p.md": promotion(["title: P", "starts: 2026-12-01", "code: xmas10"])])
        expectDiagnostic(result, at: "Content/promotions/p.md:4:7", "code: \"xmas10\" has characters outside upper-case")
    }

    @Test func storesNeedANameAndCoordinatesInRange() throws {
        let result = try load([
            "promotions/p.md": promotion([
                "title: P", "starts: 2026-12-01", "stores:", "  - address: Somewhere", "    latitude: 91", "    longitude: 2",
            ])
        ])
        expectDiagnostic(result, at: "Content/promotions/p.md:5:5", "stores.name: a store needs a name")
        expectDiagnostic(result, at: "Content/promotions/p.md:6:15", "stores.latitude: 91 is outside −90…90")
    }
}

@Suite struct PageRuleTests {
    @Test func pageSlugsMayNotTakeTheSitesOwnSections() throws {
        let result = try load(["pages/brands.md": "---\ntitle: Brands\n---\n"])
        expectDiagnostic(result, at: "Content/pages/brands.md:1:1", "page slug \"brands\" is taken")
    }

    @Test func pagesNeedATitle() throws {
        let result = try load(["pages/faq.md": "---\nsubtitle: x\n---\n"])
        expectDiagnostic(result, at: "Content/pages/faq.md:1:1", "missing required key `title`")
    }
}

@Suite struct FileFormatTests {
    @Test func frontMatterMustBeOpenedAndClosed() throws {
        let noOpening = try load(["pages/faq.md": "title: FAQ\n"])
        expectDiagnostic(noOpening, at: "Content/pages/faq.md:1:1", "missing front matter")
        let noClosing = try load(["pages/faq.md": "---\ntitle: FAQ\n"])
        expectDiagnostic(noClosing, at: "Content/pages/faq.md:1:1", "front matter is not closed")
    }

    @Test func yamlSyntaxErrorsPointIntoTheFile() throws {
        let result = try load(["pages/faq.md": "---\ntitle: FAQ\nsub: [a, b\n---\n"])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location.path == "Content/pages/faq.md")
        #expect(diagnostic.location.line >= 3)
        #expect(diagnostic.message.hasPrefix("invalid YAML"))
    }

    @Test func duplicateKeysAreErrors() throws {
        let result = try load(["pages/faq.md": "---\ntitle: FAQ\ntitle: Again\n---\n"])
        #expect(result.diagnostics.contains { $0.message.contains("duplicate key `title`") && $0.location.path == "Content/pages/faq.md" })
    }

    @Test func strayFilesWarn() throws {
        let result = try load(["brands/notes.txt": "hello"])
        expectDiagnostic(result, .warning, at: "Content/brands/notes.txt", "ignored: not a content file")
    }

    @Test func productsMayLiveInSubfoldersOtherKindsMayNot() throws {
        let result = try load(["brands/eu/aven2.md": "---\ntitle: A\n---\n"])
        expectDiagnostic(result, .warning, at: "Content/brands/eu/aven2.md", "takes no sub-folders")
        #expect(try load().catalog?.productBySlug[Slug("night-serum")!] != nil)
    }

    @Test func strictModeIsAppliedByTheCaller() throws {
        let result = try load(["products/t.md": product(validProductLines + ["colour: red"])])
        #expect(result.diagnostics.promotingWarnings().errorCount == 1)
    }
}
