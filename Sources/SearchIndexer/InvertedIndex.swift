import CatalogModel
import Dispatch
import Foundation

/// Every word of the catalog with the products it occurs in. Products are numbered in catalog
/// order (by name), so ascending numbers are the "then by name" half of the result order.
struct InvertedIndex: Sendable {
    /// Sorted by UTF-8 bytes, the order the script compares words in.
    var terms: [String]
    /// `postings[i]` belongs to `terms[i]`.
    var postings: [Posting]

    struct Posting: Sendable {
        /// Ascending product numbers.
        var documents: [UInt32] = []
        /// The field weights of the word in each product, aligned with `documents`.
        var scores: [UInt8] = []
    }

    /// Tokenizes every product on all cores, in chunks whose partial indexes are then appended in order.
    static func build(_ catalog: Catalog) -> InvertedIndex {
        let products = catalog.products
        let brandWords = Dictionary(uniqueKeysWithValues: catalog.brands.map { ($0.slug, SearchTokenizer.words(in: $0.title)) })
        let chunkSize = 512
        let chunkCount = (products.count + chunkSize - 1) / chunkSize
        let partials = ConcurrentSlots<[String: Posting]>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var local: [String: Posting] = [:]
            var fields: [String: UInt8] = [:]
            let range = (chunk * chunkSize)..<min(products.count, (chunk + 1) * chunkSize)
            for number in range {
                let product = products[number]
                fields.removeAll(keepingCapacity: true)
                func add(_ word: String, _ field: SearchField) { fields[word, default: 0] |= field.weight }
                SearchTokenizer.forEachWord(in: product.name) { add($0, .name) }
                for word in brandWords[product.brand] ?? [] { add(word, .brand) }
                for tag in product.tags { SearchTokenizer.forEachWord(in: tag) { add($0, .label) } }
                SearchTokenizer.forEachWord(in: product.sku) { add($0, .label) }
                SearchTokenizer.forEachWord(in: product.detail.plainText) { add($0, .detail) }
                for (word, score) in fields {
                    local[word, default: Posting()].append(UInt32(number), score)
                }
            }
            partials.set(chunk, local)
        }
        var merged: [String: Posting] = [:]
        for partial in partials.values() {
            for (word, posting) in partial {
                merged[word, default: Posting()].append(contentsOf: posting)
            }
        }
        let terms = merged.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return InvertedIndex(terms: terms, postings: terms.map { merged[$0]! })
    }
}

extension InvertedIndex.Posting {
    mutating func append(_ document: UInt32, _ score: UInt8) {
        documents.append(document)
        scores.append(score)
    }

    mutating func append(contentsOf other: Self) {
        documents.append(contentsOf: other.documents)
        scores.append(contentsOf: other.scores)
    }
}

/// One slot per parallel iteration; the lock orders the writes with the final read.
final class ConcurrentSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    func values() -> [Value] {
        lock.withLock { slots.map { $0! } }
    }
}
