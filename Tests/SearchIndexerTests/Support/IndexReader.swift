import CatalogModel
import Foundation
@testable import SearchIndexer

/// A second reader of the written index files, in Swift, following the same rules as the page's
/// script: tests query the files on disk through it, so a wrong encoding or layout shows up as a
/// wrong answer rather than being read back by the code that wrote it.
struct IndexReader {
    /// The index's files by name, read when the reader is made, so the caller can delete its folder.
    let files: [String: Data]
    let manifest: SearchManifest

    struct Entry {
        var word: String
        var posting: [UInt8]
    }

    struct Posting {
        var count: Int
        /// Highest score first, product numbers ascending.
        var groups: [(score: Int, products: [Int])]
        var brandCounts: [Int: Int]
        var availabilityCounts: [Int]
        /// Per product, in group order, brand × availabilities + availability; small postings only.
        var facets: [Int]?
    }

    struct Result {
        /// Product numbers, relevance then name.
        var products: [Int]
        var scores: [Int: Int]
        var brandCounts: [Int: Int]
        var availabilityCounts: [Int]
        /// Whether the counts came from a single word's posting rather than the facet columns.
        var countsFromPosting: Bool
        /// Whether they came from several postings' per-product facets (`countsFromPostings`).
        var countsFromPostings = false
    }

    init(folder: URL) throws {
        let search = folder.appendingPathComponent("search")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: search.path) {
            files[name] = try Data(contentsOf: search.appendingPathComponent(name))
        }
        self.files = files
        manifest = try JSONDecoder().decode(SearchManifest.self, from: try Self.file("manifest.json", in: files))
    }

    static func file(_ name: String, in files: [String: Data]) throws -> Data {
        guard let data = files[name] else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name]) }
        return data
    }

    func bytes(_ name: String) throws -> [UInt8] {
        try Array(Self.file(name, in: files))
    }

    /// Lexicon blocks and columns are gzip files.
    func inflated(_ name: String) throws -> [UInt8] {
        guard let bytes = Gzip.decompress(try bytes(name)) else { throw ReaderError.notGzip(name) }
        return bytes
    }

    // MARK: Lexicon and postings

    func block(_ index: Int) throws -> [Entry] {
        var r = Reader(try inflated(manifest.lexicon[index].file))
        let count = r.varint()
        var files: [String] = []
        for _ in 0..<r.varint() { files.append("p-" + String(decoding: r.take(16), as: UTF8.self) + ".bin") }
        let start = r.varint()
        var file = -1
        var offset = 0
        var previous: [UInt8] = []
        var entries: [Entry] = []
        var loaded: [String: [UInt8]] = [:]
        for _ in 0..<count {
            let shared = r.varint()
            let suffix = r.take(r.varint())
            let word = Array(previous.prefix(shared)) + suffix
            previous = word
            let tag = r.varint()
            let length = tag >> 2
            let posting: [UInt8]
            switch tag & 3 {
            case 1:
                posting = r.take(length)
            case 2, 0:
                if tag & 3 == 2 {
                    file += 1
                    offset = file == 0 ? start : 0
                }
                if loaded[files[file]] == nil { loaded[files[file]] = try bytes(files[file]) }
                posting = Array(loaded[files[file]]![offset..<(offset + length)])
                offset += length
            default:
                throw ReaderError.badTag(tag)
            }
            entries.append(Entry(word: String(decoding: word, as: UTF8.self), posting: posting))
        }
        return entries
    }

    /// Every word in the index, in order, by reading every block.
    func allEntries() throws -> [Entry] {
        try manifest.lexicon.indices.flatMap { try block($0) }
    }

    /// The blocks that can hold words starting with `prefix`, as the script picks them.
    func entries(from prefix: String, exact: Bool) throws -> [Entry] {
        let firsts = manifest.lexicon.map(\.first)
        if firsts.isEmpty { return [] }
        var start = 0
        for (index, first) in firsts.enumerated() where !prefix.utf8.lexicographicallyPrecedes(first.utf8) { start = index }
        var wanted = [start]
        var next = start + 1
        while !exact, next < firsts.count, firsts[next].hasPrefix(prefix) {
            wanted.append(next)
            next += 1
        }
        return try wanted.flatMap { try block($0) }
    }

    func decode(_ bytes: [UInt8]) -> Posting {
        var r = Reader(bytes)
        let count = r.varint()
        var groups: [(Int, [Int])] = []
        for _ in 0..<r.varint() {
            let score = Int(r.byte())
            let n = r.varint()
            let form = r.byte()
            var products: [Int] = []
            if form == 0 {
                var product = 0
                for _ in 0..<n {
                    product += r.varint()
                    products.append(product)
                }
            } else {
                let first = r.varint()
                let map = r.take(r.varint())
                for (j, byte) in map.enumerated() {
                    for bit in 0..<8 where byte & (1 << bit) != 0 { products.append((first + j) * 8 + bit) }
                }
            }
            groups.append((score, products))
        }
        var brands: [Int: Int] = [:]
        var brand = 0
        for _ in 0..<r.varint() {
            brand += r.varint()
            brands[brand] = r.varint()
        }
        let availability = manifest.availability.map { _ in r.varint() }
        let facets = r.varint() == 1 ? groups.flatMap { $0.1 }.map { _ in r.varint() } : nil
        return Posting(count: count, groups: groups, brandCounts: brands, availabilityCounts: availability, facets: facets)
    }

    // MARK: Columns and records

    func brandColumn() throws -> [Int] {
        try fixedWidth(inflated(manifest.columns.brand), width: manifest.columns.brandWidth).map { Int($0) }
    }

    func availabilityColumn() throws -> [Int] {
        let packed = try inflated(manifest.columns.availability)
        return (0..<manifest.products).map { Int(packed[$0 / 4] >> UInt8(($0 % 4) * 2) & 3) }
    }

    /// Minor units, or nil for a product priced in another currency.
    func priceColumn() throws -> [Int64?] {
        let width = manifest.columns.priceWidth
        let other = (UInt64(1) << UInt64(width * 8)) - 1
        return try fixedWidth(inflated(manifest.columns.price), width: width).map { $0 == other ? nil : Int64($0) }
    }

    func record(_ product: Int) throws -> [Any] {
        let chunk = product / manifest.records.size
        let data = try Self.file(manifest.records.file(chunk), in: files)
        let rows = try JSONSerialization.jsonObject(with: data) as! [[Any]]
        return rows[product % manifest.records.size]
    }

    private func fixedWidth(_ bytes: [UInt8], width: Int) -> [UInt64] {
        stride(from: 0, to: bytes.count, by: width).map { start in
            (0..<width).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[start + $1]) }
        }
    }

    // MARK: Queries

    /// Index words a query word matches, with the weight of how.
    func resolve(_ word: String) throws -> [(entry: Entry, weight: Int)] {
        let rules = manifest.rules
        let letters = Array(word.unicodeScalars)
        let prefix = letters.count >= rules.prefixMinimum
        let typo = letters.count >= rules.typoMinimum && letters[0].properties.isAlphabetic
        let entries = try self.entries(from: typo ? String(letters[0]) : word, exact: !prefix && !typo)
        var found: [(Entry, Int)] = []
        for entry in entries {
            let other = Array(entry.word.unicodeScalars)
            if entry.word == word {
                found.append((entry, rules.exactWeight))
            } else if prefix, entry.word.hasPrefix(word) {
                found.append((entry, rules.prefixWeight))
            } else if typo, other.first == letters.first, other.count >= rules.typoMinimum, Self.oneEditApart(letters, other) {
                found.append((entry, rules.typoWeight))
            }
        }
        return found
    }

    func search(
        _ query: String, brand: Int? = nil, availability: Int? = nil, min: Int64? = nil, max: Int64? = nil,
        forceColumns: Bool = false
    ) throws -> Result {
        let words = SearchTokenizer.words(in: query)
        var total: [Int: Int]?
        let resolved = try words.map(resolve)
        for matches in resolved {
            var best: [Int: Int] = [:]
            for (entry, weight) in matches {
                for group in decode(entry.posting).groups {
                    for product in group.products { best[product] = Swift.max(best[product] ?? 0, group.score * weight) }
                }
            }
            if let current = total {
                total = current.compactMapValues { _ in nil }
                for (product, score) in current { if let more = best[product] { total![product] = score + more } }
            } else {
                total = best
            }
        }
        let hasFilter = brand != nil || availability != nil || min != nil || max != nil
        var brandCounts: [Int: Int] = [:]
        var availabilityCounts = manifest.availability.map { _ in 0 }
        var matched: [Int] = []
        let single = resolved.count == 1 && resolved[0].count == 1 && !hasFilter && !forceColumns
        let postings = resolved.map { $0.map { decode($0.entry.posting) } }
        let fromPostings = single || hasFilter || forceColumns ? nil : total.flatMap { countsFromPostings(postings, total: $0) }
        if single {
            let posting = postings[0][0]
            brandCounts = posting.brandCounts
            availabilityCounts = posting.availabilityCounts
            matched = Array(total!.keys)
        } else if let fromPostings {
            (brandCounts, availabilityCounts, matched) = fromPostings
        } else {
            let brands = try brandColumn()
            let availabilities = try availabilityColumn()
            let prices = try priceColumn()
            for product in 0..<manifest.products {
                if let total, total[product] == nil { continue }
                if min != nil || max != nil {
                    guard let price = prices[product] else { continue }
                    if let min, price < min { continue }
                    if let max, price > max { continue }
                }
                let brandOK = brand == nil || brands[product] == brand
                let availabilityOK = availability == nil || availabilities[product] == availability
                if availabilityOK { brandCounts[brands[product], default: 0] += 1 }
                if brandOK { availabilityCounts[availabilities[product]] += 1 }
                if brandOK && availabilityOK { matched.append(product) }
            }
        }
        let scores = total ?? [:]
        matched.sort { (scores[$0] ?? 0, $1) > (scores[$1] ?? 0, $0) }
        return Result(
            products: matched, scores: scores, brandCounts: brandCounts, availabilityCounts: availabilityCounts,
            countsFromPosting: single, countsFromPostings: fromPostings != nil)
    }

    /// search.js's `countsFromPostings`, step for step.
    func countsFromPostings(_ postings: [[Posting]], total: [Int: Int]) -> ([Int: Int], [Int], [Int])? {
        let kinds = manifest.availability.count
        var facetOf: [Int: Int] = [:]
        func learn(_ posting: Posting) {
            for (product, facet) in zip(posting.groups.flatMap(\.products), posting.facets!) { facetOf[product] = facet }
        }
        var base: Posting?
        if let word = postings.first(where: { $0.allSatisfy { $0.facets != nil } }) {
            word.forEach(learn)
        } else if postings.count == 1, postings[0].filter({ $0.facets == nil }).count == 1 {
            base = postings[0].first { $0.facets == nil }
            postings[0].filter { $0.facets != nil }.forEach(learn)
        } else {
            return nil
        }
        var brands = base?.brandCounts ?? [:]
        var availability = base?.availabilityCounts ?? manifest.availability.map { _ in 0 }
        let inBase = Set(base?.groups.flatMap(\.products) ?? [])
        for product in total.keys where !inBase.contains(product) {
            let facet = facetOf[product]!
            brands[facet / kinds, default: 0] += 1
            availability[facet % kinds] += 1
        }
        return (brands, availability, Array(total.keys))
    }

    static func oneEditApart(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        if a == b || abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < Swift.min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        return a.count < b.count ? a[i...] == b[(i + 1)...] : a[(i + 1)...] == b[i...]
    }
}

enum ReaderError: Error {
    case badTag(Int)
    case notGzip(String)
}

/// LEB128 varints and raw bytes, as ByteWriter writes them.
struct Reader {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return bytes[at]
    }

    mutating func varint() -> Int {
        var value = 0
        var shift = 0
        while true {
            let b = byte()
            value |= Int(b & 0x7f) << shift
            if b & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func take(_ n: Int) -> [UInt8] {
        defer { at += n }
        return Array(bytes[at..<(at + n)])
    }
}
