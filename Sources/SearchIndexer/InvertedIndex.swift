import BuildEngine
import CatalogModel
import Foundation
import Parallel

/// Every word of the catalog with the products it occurs in. Products are numbered in catalog
/// order (by name), so ascending numbers are the "then by name" half of the result order.
///
/// Postings are stored flat (one array of product numbers, one of scores, and each word's start),
/// so 100,000 products make three arrays rather than a hundred thousand small ones.
struct InvertedIndex: Sendable {
    /// Sorted by UTF-8 bytes, the order the script compares words in.
    var terms: [String]
    /// `starts[i]..<starts[i + 1]` is the slice of `documents` and `scores` for `terms[i]`.
    var starts: [Int]
    /// Ascending within each word.
    var documents: [UInt32]
    /// The field weights of the word in each product, aligned with `documents`.
    var scores: [UInt8]

    func documents(of term: Int) -> ArraySlice<UInt32> { documents[starts[term]..<starts[term + 1]] }
    func scores(of term: Int) -> ArraySlice<UInt8> { scores[starts[term]..<starts[term + 1]] }

    /// Products tokenized on all cores in a few large chunks; each chunk numbers its own words,
    /// then the chunks' words are numbered globally and the postings laid out in product order.
    static func build(_ catalog: Catalog) -> InvertedIndex {
        let products = catalog.products
        let brandWords = Dictionary(uniqueKeysWithValues: catalog.brands.map { ($0.slug, SearchTokenizer.words(in: $0.title)) })
        let chunks = ParallelMap.map(ranges: products.count, minimum: 256) { range in
            Chunk(products[range], brandWords: brandWords)
        }

        // Global numbering, in first-seen order; sorted afterwards.
        var global = WordTable(capacity: chunks.map(\.words.count).max() ?? 16)
        var counts: [Int] = []
        var maps: [[Int32]] = []
        for chunk in chunks {
            var map = [Int32](repeating: 0, count: chunk.words.count)
            chunk.words.arena.withUnsafeBufferPointer { arena in
                for local in 0..<chunk.words.count {
                    let range = chunk.words.starts[local]..<chunk.words.starts[local + 1]
                    map[local] = global.number(of: UnsafeBufferPointer(rebasing: arena[range]))
                }
            }
            if counts.count < global.count { counts += [Int](repeating: 0, count: global.count - counts.count) }
            for local in chunk.entryWords { counts[Int(map[Int(local)])] += 1 }
            maps.append(map)
        }
        let order = global.sortedNumbers()
        var rank = [Int](repeating: 0, count: global.count)
        var starts = [Int](repeating: 0, count: global.count + 1)
        for (position, word) in order.enumerated() {
            rank[word] = position
            starts[position + 1] = starts[position] + counts[word]
        }
        var next = Array(starts.dropLast())
        var documents = [UInt32](repeating: 0, count: starts.last!)
        var scores = [UInt8](repeating: 0, count: starts.last!)
        for (chunk, map) in zip(chunks, maps) {
            for entry in chunk.entryWords.indices {
                let position = rank[Int(map[Int(chunk.entryWords[entry])])]
                documents[next[position]] = chunk.entryProducts[entry]
                scores[next[position]] = chunk.entryScores[entry]
                next[position] += 1
            }
        }
        return InvertedIndex(terms: order.map { global.string($0) }, starts: starts, documents: documents, scores: scores)
    }

    /// One chunk of products: its words numbered locally, and one entry per (product, word) in product order.
    struct Chunk: Sendable {
        var words = WordTable()
        var entryWords: [Int32] = []
        var entryProducts: [UInt32] = []
        var entryScores: [UInt8] = []

        init(_ products: ArraySlice<Product>, brandWords: [Slug: [String]]) {
            var mask: [UInt8] = []
            var touched: [Int32] = []
            for number in products.indices {
                func add(_ word: UnsafeBufferPointer<UInt8>, _ field: SearchField) {
                    let local = words.number(of: word)
                    if Int(local) == mask.count { mask.append(0) }
                    if mask[Int(local)] == 0 { touched.append(local) }
                    mask[Int(local)] |= field.weight
                }
                products.withUnsafeBufferPointer { buffer in
                    let product = buffer[number - products.startIndex]
                    SearchTokenizer.forEachWordBytes(in: product.name) { add($0, .name) }
                    for word in brandWords[product.brand] ?? [] { SearchTokenizer.forEachWordBytes(in: word) { add($0, .brand) } }
                    for tag in product.tags { SearchTokenizer.forEachWordBytes(in: tag) { add($0, .label) } }
                    SearchTokenizer.forEachWordBytes(in: product.sku) { add($0, .label) }
                    // Shades and sizes are found like tags ("rosewood" finds the foundation), and so are variant SKUs.
                    for variant in product.variants {
                        SearchTokenizer.forEachWordBytes(in: variant.sku) { add($0, .label) }
                        for value in variant.values { SearchTokenizer.forEachWordBytes(in: value) { add($0, .label) } }
                    }
                    SearchTokenizer.forEachWordBytes(in: product.detail.plainText) { add($0, .detail) }
                }
                for local in touched {
                    entryWords.append(local)
                    entryProducts.append(UInt32(number))
                    entryScores.append(mask[Int(local)])
                    mask[Int(local)] = 0
                }
                touched.removeAll(keepingCapacity: true)
            }
        }
    }
}
