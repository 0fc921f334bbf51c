import CatalogModel
import ContentLoader
import Foundation
import Testing

/// The contract's variant table, each rule a diagnostic at the line that breaks it.
@Suite struct VariantValidationTests {
    let foundationLines = validProductLines + [
        "options: [shade]",
        "variants:",
        "  - sku: T-1-IV",  // line 7
        "    shade: Ivory",
        "  - sku: T-1-SA",  // line 9
        "    shade: Sand",
        "    price: 12.00",
        "    availability: out_of_stock",
    ]

    @Test func aProductWithVariantsLoadsEachAsItsOwnItem() throws {
        let result = try load(["products/toner.md": product(foundationLines + ["netContent: 50 ml", "images: [images/origins.png]"])])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let toner = try #require(catalog.productBySlug[Slug("toner")!])
        #expect(toner.options == ["shade"])
        #expect(toner.variants.map(\.sku) == ["T-1-IV", "T-1-SA"])
        #expect(toner.variants.map(\.values) == [["Ivory"], ["Sand"]])
        #expect(toner.netContent == NetContent(amount: 50, unit: .ml))
        #expect(toner.images == [.local("images/origins.png")])
        guard case .variant(_, let sand)? = catalog.match(sku: "T-1-SA") else {
            Issue.record("T-1-SA is not a variant")
            return
        }
        let item = toner.buyable(sand)
        #expect(item.price.minorUnits == 1200 && item.availability == .outOfStock && item.name == "Toner (Sand)")
        #expect(catalog.match(sku: "T-1-IV")?.buyable?.price.minorUnits == 1000, "a variant without a price has the product's")
        guard case .group? = catalog.match(sku: "T-1") else {
            Issue.record("the product's own sku is not its group id")
            return
        }
        #expect(catalog.match(sku: "T-1")?.buyable == nil)
    }

    @Test func optionsAndVariantsComeTogether() throws {
        let options = try load(["products/toner.md": product(validProductLines + ["options: [shade]"])])
        expectDiagnostic(options, at: "Content/products/toner.md:6:10", "options without variants")
        let variants = try load(["products/toner.md": product(validProductLines + ["variants:", "  - sku: T-1-A"])])
        expectDiagnostic(variants, at: "Content/products/toner.md:7:3", "variants without options")
    }

    @Test func aVariantMissingAnOptionValueIsNamed() throws {
        var lines = foundationLines
        lines[7] = "    colour: Ivory"
        let result = try load(["products/toner.md": product(lines)])
        expectDiagnostic(result, at: "Content/products/toner.md:9:5", "`variants.colour`: unknown key; known keys are `sku`")
        expectDiagnostic(result, at: "Content/products/toner.md:8:5", "missing required key `variants.shade`")
    }

    @Test func aVariantKeyThatIsNoOptionGetsADidYouMean() throws {
        let result = try load(["products/toner.md": product(foundationLines + ["    shde: x"])])
        expectDiagnostic(result, at: "Content/products/toner.md:14:5", "`variants.shde`: unknown key; did you mean `shade`?")
        #expect(result.catalog == nil)
    }

    @Test func theSameCombinationTwiceIsAnError() throws {
        var lines = foundationLines
        lines[9] = "    shade: Ivory"
        let result = try load(["products/toner.md": product(lines)])
        expectDiagnostic(result, at: "Content/products/toner.md:10:5", "shade \"Ivory\" is given twice (also at line 8)")
    }

    @Test func anOptionNamedTwiceOrAfterAVariantKeyIsAnError() throws {
        var lines = foundationLines
        lines[4] = "options: [shade, shade]"
        expectDiagnostic(try load(["products/toner.md": product(lines)]), at: "Content/products/toner.md:6:18", "\"shade\" is given twice")
        lines[4] = "options: [price]"
        expectDiagnostic(try load(["products/toner.md": product(lines)]), at: "Content/products/toner.md:6:11", "is a variant's own key")
        lines[4] = "options: [a, b, c, d]"
        expectDiagnostic(try load(["products/toner.md": product(lines)]), at: "Content/products/toner.md:6:20", "at most 3")
    }

    @Test func theGroupSKUIsNotAVariantSKU() throws {
        var lines = foundationLines
        lines[6] = "  - sku: T-1"
        let result = try load(["products/toner.md": product(lines)])
        expectDiagnostic(result, at: "Content/products/toner.md:8:10", "\"T-1\" is the product's own sku, its group id")
    }

    @Test func variantSKUsAreUniqueWithinAndAcrossProducts() throws {
        var lines = foundationLines
        lines[8] = "  - sku: T-1-IV"
        expectDiagnostic(
            try load(["products/toner.md": product(lines)]), at: "Content/products/toner.md:10:10",
            "\"T-1-IV\" is also the sku of the variant at line 8")
        // Another product's sku, and another product's variant sku.
        var clash = foundationLines
        clash[6] = "  - sku: ORG-NS-30"
        let result = try load([
            "products/toner.md": product(clash),
            "products/mist.md": product(["sku: M-1", "name: Mist", "brand: origins", "price: 5", "options: [size]",
                "variants:", "  - sku: T-1-SA", "    size: 50 ml"]),
        ])
        expectDiagnostic(result, at: "Content/products/toner.md:8:5", "\"ORG-NS-30\" is also the sku of product \"night-serum\"")
        let clashes = result.diagnostics.filter { $0.message.contains("\"T-1-SA\" is also the sku of a variant of") }
        #expect(clashes.count == 1, "\(result.diagnostics)")
    }

    @Test func netContentNeedsAKnownUnit() throws {
        let result = try load(["products/toner.md": product(validProductLines + ["netContent: 50 mL"])])
        expectDiagnostic(result, at: "Content/products/toner.md:6:13", "\"mL\" is not a unit of net content; write one of ml, l, g, kg, oz, fl oz, ct; did you mean `ml`?")
        let amount = try load(["products/toner.md": product(validProductLines + ["netContent: -5 ml"])])
        expectDiagnostic(amount, at: "Content/products/toner.md:6:13", "\"-5\" is not a positive amount")
        var lines = foundationLines
        lines[7] = "    shade: Ivory\n    netContent: 5 litres"
        expectDiagnostic(try load(["products/toner.md": product(lines)]), at: "Content/products/toner.md:10:17", "variants.netContent: \"litres\" is not a unit")
    }

    @Test func variantValuesAreCheckedLikeProductKeys() throws {
        var lines = foundationLines
        lines[10] = "    price: free"
        lines[11] = "    availability: sold_out"
        let result = try load(["products/toner.md": product(lines)])
        expectDiagnostic(result, at: "Content/products/toner.md:12:12", "variants.price: \"free\" is not a decimal amount; write e.g. 12.50")
        expectDiagnostic(result, at: "Content/products/toner.md:13:19", "variants.availability: \"sold_out\" is not one of")
    }

    @Test func galleryImagesMustExist() throws {
        let result = try load(["products/toner.md": product(validProductLines + ["images: [images/origins.png, images/none.png]"])])
        expectDiagnostic(result, at: "Content/products/toner.md:6:30", "images: images/none.png does not exist")
    }

    @Test func anSVGPictureIsAWarningForTheMerchantFeed() throws {
        let result = try load([
            "products/toner.md": product(validProductLines + ["image: https://cdn.example.com/toner.svg"]),
        ])
        expectDiagnostic(result, .warning, at: "Content/products/toner.md:6:8", "merchant platforms refuse SVG pictures")
        #expect(result.catalog != nil, "a warning does not stop the build")
    }

    @Test func unitPriceBasesAndShippingRatesAreChecked() throws {
        let result = try load([
            "site.json": """
            {"title": "T", "baseURL": "https://e.com/", "currency": "USD",
             "unitPriceBase": {"ml": "100 ml", "gram": "100 g", "g": "1 l"},
             "shipping": [{"country": "US", "service": "Standard", "price": "4.95", "freeOver": "50"},
                          {"country": "XX", "service": "Express", "price": "x", "minDays": 5, "maxDays": 2, "speed": 1}]}
            """
        ])
        expectDiagnostic(result, at: "Content/site.json:2:36", "unitPriceBase.gram: not a unit of net content")
        expectDiagnostic(result, at: "Content/site.json:2:58", "unitPriceBase.g: \"1 l\" cannot price g")
        expectDiagnostic(result, at: "Content/site.json:4:27", "shipping.country: \"XX\" is not")
        expectDiagnostic(result, at: "Content/site.json:4:64", "shipping.price: \"x\" is not a decimal amount")
        expectDiagnostic(result, at: "Content/site.json:4:94", "shipping.maxDays: 2 is fewer than minDays (5)")
        expectDiagnostic(result, at: "Content/site.json:4:97", "`shipping.speed`: unknown key")
    }

    @Test func validSiteSettingsAreRead() throws {
        let result = try load([
            "site.json": """
            {"title": "T", "baseURL": "https://e.com/", "currency": "USD", "unitPriceBase": {"ml": "100 ml"},
             "shipping": [{"country": "DE", "service": "DHL", "price": "6.90", "freeOver": "60.00", "minDays": 2, "maxDays": 4}]}
            """
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let site = try #require(result.catalog?.site)
        #expect(site.unitPriceBase == [.ml: NetContent(amount: 100, unit: .ml)])
        #expect(site.shipping.count == 1 && site.shipping[0].freeOver?.minorUnits == 6000 && site.shipping[0].deliveryText == "2–4 days")
    }
}
