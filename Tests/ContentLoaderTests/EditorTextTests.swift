import CatalogModel
@testable import ContentLoader
import Foundation
import Testing

/// Files as Windows editors, old Mac exports and Git on Windows save them: every line ending and
/// a byte order mark are read, and diagnostics still point at the line and column the editor shows.
@Suite struct EditorTextTests {
    static let endings = ["\r\n", "\r"]

    /// `price: free` is on line 5, its value at column 8, whatever ends the lines.
    @Test(arguments: endings, [false, true])
    func markdownFilesReadWithAnyLineEndingAndABOM(ending: String, bom: Bool) throws {
        let lines = ["---", "sku: W-1", "name: Windows", "brand: origins", "price: free", "---", "Body line.", ""]
        let text = (bom ? "\u{FEFF}" : "") + lines.joined(separator: ending)
        let result = try load(["products/windows.md": text])
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        expectDiagnostic(result, at: "Content/products/windows.md:5:8", "price: \"free\" is not a decimal amount")
    }

    @Test(arguments: endings, [false, true])
    func validMarkdownKeepsItsBodyWithoutCarriageReturns(ending: String, bom: Bool) throws {
        let lines = ["---", "sku: W-2", "name: Windows", "brand: origins", "price: 10.00", "---", "One.", "", "Two.", ""]
        let text = (bom ? "\u{FEFF}" : "") + lines.joined(separator: ending)
        let result = try load(["products/windows.md": text])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let product = try #require(result.catalog?.productBySKU["W-2"])
        #expect(product.name == "Windows")
        #expect(product.detail.html == "<p>One.</p>\n<p>Two.</p>\n")
    }

    @Test(arguments: endings, [false, true])
    func jsonFilesAndSiteJSONReadWithAnyLineEndingAndABOM(ending: String, bom: Bool) throws {
        let prefix = bom ? "\u{FEFF}" : ""
        let product = ["{", #"  "sku": "J-1", "name": "Json", "brand": "origins","#, #"  "price": "free""#, "}"]
        let site = ["{", #"  "title": "T", "baseURL": "https://e.com/","#, #"  "currency": "usd""#, "}"]
        let result = try load([
            "products/json.json": prefix + product.joined(separator: ending),
            "site.json": prefix + site.joined(separator: ending),
        ])
        expectDiagnostic(result, at: "Content/products/json.json:3:12", "price: \"free\" is not a decimal amount")
        expectDiagnostic(result, at: "Content/site.json:3:15", "currency: \"usd\" is not an ISO 4217 code")
    }

    /// A syntax error's position is counted in the lines the editor shows, not in bytes.
    @Test(arguments: endings)
    func jsonSyntaxErrorsKeepTheirLine(ending: String) throws {
        let text = ["{", #"  "sku": "J-1","#, #"  "name" "Json""#, "}"].joined(separator: ending)
        let result = try load(["products/json.json": text])
        let error = try #require(result.diagnostics.first { $0.location.path == "Content/products/json.json" })
        #expect(error.location.line == 3, "\(error)")
        #expect(error.message.contains("invalid JSON"))
    }

    @Test func normalizationTurnsEveryEndingIntoOneLineFeed() {
        let data = Data([0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\nd\r\r\ne".utf8))
        #expect(String(decoding: EditorText.normalized(data), as: UTF8.self) == "a\nb\nc\nd\n\ne")
        #expect(EditorText.normalized(Data("plain\n".utf8)) == Data("plain\n".utf8))
    }
}
