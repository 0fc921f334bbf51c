import CatalogModel
import ContentLoader
import Foundation
import Testing
import VitrineTestSupport

/// `Content/stock.csv`: prices and stock from another system, each row checked where it is
/// written and applied to its product or variant before the catalog is assembled.
@Suite struct StockSheetTests {
    /// The fixture shop with a toner in two shades and `stock` as its stock sheet.
    func loadStock(_ stock: String, toner: [String] = []) throws -> ContentLoader.Result {
        try load([
            "stock.csv": stock,
            "products/toner.md": product(validProductLines + [
                "options: [shade]", "variants:", "  - sku: T-1-IV", "    shade: Ivory", "  - sku: T-1-SA", "    shade: Sand",
            ] + toner),
        ])
    }

    func record(_ catalog: Catalog, _ slug: String) throws -> Product {
        try #require(catalog.productBySlug[Slug(slug)!])
    }

    @Test func rowsSetPricesAndStockOfProductsAndVariants() throws {
        let result = try loadStock("""
            quantity,SKU,price,availability
            0,ORG-NS-30,,
            ,ORG-DC-50,28.5,preorder
            ,T-1-SA,12,
            4,T-1-IV,,
            """, toner: ["availability: out_of_stock"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        let serum = try record(catalog, "night-serum")
        #expect(serum.availability == .outOfStock && serum.price.minorUnits == 3200, "quantity 0 is out of stock; the price stays")
        let cream = try record(catalog, "day-cream")
        #expect(cream.price == Money(minorUnits: 2850, currency: .usd) && cream.availability == .preorder)
        let toner = try record(catalog, "toner")
        #expect(toner.variants[1].price?.minorUnits == 1200 && toner.variants[1].availability == nil)
        #expect(toner.variants[0].availability == .inStock, "a quantity brings an out-of-stock item back")
        #expect(Set(catalog.stock.keys) == Set(["night-serum", "day-cream", "toner"].map { Slug($0)! }))
        #expect(result.fileCount == (try load().fileCount) + 2, "the toner and the sheet")
    }

    /// Each rule is an error at its row and column, naming what would be right.
    @Test func badRowsAreErrorsWhereTheyAre() throws {
        let result = try loadStock("""
            sku,availability,price,quantity
            ORG-NS-3O,,,
            ORG-DC-50,sold out,,
            ORG-EB-15,,free,
            T-1-IV,,,-2
            T-1-SA,in_stock,,0
            T-1-SA,,1,
            AVN-MIST,out_of_stock,,3
            ,,5,
            ORG-DC-50,,,1,extra
            """)
        expectDiagnostic(result, at: "Content/stock.csv:2:1", "no product or variant has the SKU ORG-NS-3O; did you mean ORG-NS-30?")
        expectDiagnostic(result, at: "Content/stock.csv:3:11", #"availability: "sold out" is not one of in_stock, out_of_stock, preorder, backorder"#)
        expectDiagnostic(result, at: "Content/stock.csv:4:12", #"price: "free" is not a decimal amount; write e.g. 12.50"#)
        expectDiagnostic(result, at: "Content/stock.csv:5:10", #"quantity: "-2" is not a whole number of 0 or more"#)
        expectDiagnostic(result, at: "Content/stock.csv:6:8", "quantity 0 means out_of_stock, and availability says in_stock")
        expectDiagnostic(result, at: "Content/stock.csv:7:1", "SKU T-1-SA has a row already, on line 6; keep one row per SKU")
        expectDiagnostic(result, at: "Content/stock.csv:8:10", "availability out_of_stock with 3 in stock")
        expectDiagnostic(result, at: "Content/stock.csv:9:1", "sku is empty")
        expectDiagnostic(result, at: "Content/stock.csv:10:15", "this row has more fields than the header's 4 columns")
        #expect(result.catalog == nil)
    }

    @Test func aPriceHasTheProductsCurrencysDigits() throws {
        let result = try loadStock("sku,price\nORG-NS-30,12.505\n")
        expectDiagnostic(result, at: "Content/stock.csv:2:11", #"price: "12.505" has more than 2 fraction digits"#)
    }

    @Test func theHeaderNeedsSkuAndCatchesNearMisses() throws {
        let typo = try loadStock("sku,quantiy,note\nORG-NS-30,1,restock Friday\n")
        expectDiagnostic(typo, at: "Content/stock.csv:1:5", "unknown column quantiy; did you mean quantity?")
        expectDiagnostic(typo, .warning, at: "Content/stock.csv:1:13", "the column note is ignored")
        let noSKU = try loadStock("id,price\nORG-NS-30,1\n")
        expectDiagnostic(noSKU, at: "Content/stock.csv:1:1", "stock.csv needs a sku column")
        let twice = try loadStock("sku,price,price\nORG-NS-30,1,2\n")
        expectDiagnostic(twice, at: "Content/stock.csv:1:11", "the column price appears twice")
    }

    /// Blank rows separate nothing; quoted fields may hold commas; a sheet of only a header
    /// changes nothing.
    @Test func blankRowsAndQuotedFieldsAreRead() throws {
        let result = try loadStock("sku,price\n\n\"ORG-NS-30\",\"1,5\"\n")
        expectDiagnostic(result, at: "Content/stock.csv:3:13", #"price: "1,5" is not a decimal amount"#)
        let empty = try loadStock("sku,price\n")
        #expect(empty.diagnostics.isEmpty && empty.catalog?.stock.isEmpty == true)
        // A row may stop before the last columns (found by the fuzzer): those cells are empty.
        let short = try loadStock("sku,availability,price,quantity\nORG-NS-30\nORG-DC-50,,9\n")
        #expect(short.diagnostics.isEmpty, "\(short.diagnostics)")
        #expect(try record(try #require(short.catalog), "day-cream").price.minorUnits == 900)
    }

    @Test func withoutASheetNothingChanges() throws {
        let plain = try #require(try load().catalog)
        #expect(plain.stock.isEmpty)
        let serum = try record(plain, "night-serum")
        #expect(serum.price.minorUnits == 3200 && serum.availability == .inStock)
    }
}
