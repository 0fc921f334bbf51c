import Foundation
import SiteBuilder
import Testing
import VitrineTestSupport

/// Random runs of the edits a shop makes in a day (re-pricing, renaming, re-tagging,
/// re-categorising, adding and removing products, stock rows), each built incrementally and compared byte for byte with a
/// full build of the same files. Seeded, so a failure names a run that can be repeated.
@Suite("Incremental builds over random edit sequences")
struct IncrementalEditSequenceTests {
    /// SplitMix64: the same numbers on every machine and Swift version, unlike the system's generator.
    struct SeededNumbers: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Edit: CaseIterable { case reprice, rename, retag, recategorise, add, remove, stock }

    /// Product files written as Markdown with front matter, relative to the shop's folder.
    func productFiles(_ shop: SampleShop) throws -> [String] {
        let folder = shop.content.appendingPathComponent("products")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".md") }.sorted().map { "Content/products/" + $0 }
    }

    func text(_ shop: SampleShop, _ relative: String) throws -> String {
        try String(contentsOf: shop.folder.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Replaces the front matter line that starts with `key: `; false when the file has none.
    func setLine(_ shop: SampleShop, _ relative: String, key: String, to value: String) throws -> Bool {
        let lines = try text(shop, relative).components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(key + ": ") }) else { return false }
        var changed = lines
        changed[index] = key + ": " + value
        try shop.write(relative, changed.joined(separator: "\n"))
        return true
    }

    /// Makes one edit and says what it was; an edit the catalog refuses (a removed product a
    /// promotion names) is undone and reported as skipped.
    func apply(_ edit: Edit, to shop: SampleShop, using numbers: inout SeededNumbers, step: Int) throws -> String {
        let files = try productFiles(shop)
        let file = files[Int.random(in: 0..<files.count, using: &numbers)]
        let before = try text(shop, file)
        var what = "\(edit) \(file)"
        switch edit {
        case .reprice:
            let cents = Int.random(in: 100...20_000, using: &numbers)
            _ = try setLine(shop, file, key: "price", to: String(format: "%d.%02d", cents / 100, cents % 100))
        case .rename:
            _ = try setLine(shop, file, key: "name", to: "\"Renamed at step \(step)\"")
        case .retag:
            // Tags other products have (which decide their related products) or one nobody has.
            let tags = ["serum", "cream", "night", "glow", "tag-\(step)"].shuffled(using: &numbers).prefix(2)
            if try !setLine(shop, file, key: "tags", to: "[\(tags.joined(separator: ", "))]") {
                try shop.write(file, before.replacingOccurrences(of: "\nprice: ", with: "\ntags: [\(tags.joined(separator: ", "))]\nprice: "))
            }
        case .recategorise:
            let categories = ["serums", "masks", "night-care", "eye-care", "lips"]
            _ = try setLine(shop, file, key: "categories", to: "[\(categories.randomElement(using: &numbers)!)]")
        case .add:
            let copy = "Content/products/added/added-\(step).md"
            let sku = before.components(separatedBy: "\n").first { $0.hasPrefix("sku: ") } ?? "sku: X"
            try shop.write(copy, before.replacingOccurrences(of: sku, with: "sku: ADDED-\(step)"))
            what = "add \(copy)"
        case .remove:
            try shop.delete(file)
        case .stock:
            let skus = try files.compactMap { try text(shop, $0).components(separatedBy: "\n").first { $0.hasPrefix("sku: ") } }
                .map { $0.dropFirst("sku: ".count) }
            var rows = ["sku,price,quantity"]
            for sku in Set(skus).sorted().shuffled(using: &numbers).prefix(3) {
                rows.append("\(sku),\(Int.random(in: 5...90, using: &numbers)).00,\(Int.random(in: 0...3, using: &numbers))")
            }
            try shop.write("Content/stock.csv", rows.joined(separator: "\n") + "\n")
            what = "stock rows \(rows.dropFirst().joined(separator: " "))"
        }
        if !SiteBuilder.check(content: shop.content, templates: shop.templates, strict: false).succeeded {
            try shop.write(file, before)
            return what + " (refused, undone)"
        }
        return what
    }

    @Test(arguments: [1, 2] as [UInt64])
    func everyStepEqualsAFullBuild(seed: UInt64) throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        var numbers = SeededNumbers(state: seed)
        try shop.buildIncrementallyLikeAFullBuild()
        for step in 1...8 {
            let edit = Edit.allCases.randomElement(using: &numbers)!
            let what = try apply(edit, to: shop, using: &numbers, step: step)
            let report = try shop.buildIncrementallyLikeAFullBuild()
            #expect(report.succeeded, "seed \(seed), step \(step): \(what)")
        }
    }
}
