import CatalogModel
@testable import ContentLoader
import Foundation
import FuzzDriver

/// One libFuzzer input, read the way the loader reads a content file: made editor-neutral, split
/// into front matter and body, the YAML and the body bounded and parsed, and the whole also read
/// as a `.json` file, as a reviews `.jsonl` file line by line, and as `stock.csv`. The loader's answers are diagnostics, so anything but a crash, a hang or
/// runaway memory is a pass; libFuzzer reports those three.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContent(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = count == 0 || start == nil ? Data() : Data(bytes: start!, count: count)
    fuzzReviewLines([UInt8](data))
    fuzzStockSheet(data)
    let bytes = EditorText.normalized(data)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if case .success(let front) = FrontMatter.split(text) {
        _ = StructuredText.parseYAML(front.yaml, path: "fuzz.md", firstLine: front.yamlFirstLine)
        if MarkdownBounds.check(front.body) == nil { _ = MarkdownRenderer.render(front.body) }
    }
    _ = StructuredText.parseJSON(bytes, text: text, path: "fuzz.json")
    return 0
}

/// Every line as a review line, its product taken to exist whatever it names; bytes as they
/// are, since the JSON Lines reader checks the UTF-8 itself.
func fuzzReviewLines(_ bytes: [UInt8]) {
    var start = 0
    var number = 0
    while start <= bytes.count {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        number += 1
        // The build reads back only lines the loader accepted; any bytes must still be safe.
        if let line = ReviewLine(bytes, line: start..<end, entry: fuzzEntry) {
            for token in [line.id, line.product, line.body, line.author, line.date, line.title, line.language].compactMap({ $0 }) {
                _ = line.text(token)
                _ = line.verbatim(token)
            }
            _ = line.rfc3339(in: Timestamp.utc)
            _ = line.response(in: Timestamp.utc)
            _ = line.sku(of: Slug("fuzz")!)
        }
        if let line = try? JSONLine(bytes, line: start..<end) {
            let product = Slug("fuzz")!
            _ = Review.read(
                line, path: "fuzz.jsonl", lineNumber: number, zone: Timestamp.utc, now: Date(timeIntervalSince1970: 1_800_000_000),
                resolve: { Review.Target(product: product, sku: $0) })
        }
        start = end + 1
    }
}

let fuzzEntry = ReviewShelf.Entry(
    date: 0, file: 0, lineNumber: 1, offset: 0, length: 0, rating: 3, verified: false, hasResponse: false, hash: 0, utcOffsetMinutes: 60)

/// The input as `stock.csv` against a catalog of one product: header, rows and diagnostics.
func fuzzStockSheet(_ data: Data) {
    guard let table = try? CSVTable.parse(data, display: "stock.csv") else { return }
    var diagnostics: [Diagnostic] = []
    var sheet = StockSheet(table: table)
    guard sheet.readHeader(&diagnostics) else { return }
    var products = DecodedRecords<Product>()
    products.append(DecodedRecord(record: fuzzProduct, references: [], images: []))
    _ = sheet.apply(to: &products, diagnostics: &diagnostics)
}

let fuzzProduct = Product(
    slug: Slug("fuzz")!, sku: "FUZZ-1", name: "Fuzz", brand: Slug("fuzz")!, price: Money(minorUnits: 100, currency: .usd),
    source: SourceLocation(path: "products/fuzz.md"))

/// SwiftPM links an executable target's entry point as `<target>_main`.
@_cdecl("fuzz_content_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzContent)
}
