import CatalogModel
import Foundation

/// Reviews for a hand-made catalog: the lines written to a file and shelved as the loader shelves
/// them, so a feed reads their text back from disk as in a build.
enum ReviewFixture {
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// One review line; `product` is a slug or a SKU, as in a review file.
    static func line(
        _ id: String, _ product: String, rating: Int, body: String = "Works for me.", author: String = "Mina K.",
        date: String = "2026-03-01", title: String? = nil, verified: Bool = false, language: String? = nil
    ) -> String {
        var object: [String: Any] = [
            "id": id, "product": product, "rating": rating, "body": body, "author": author, "date": date, "verified": verified,
        ]
        if let title { object["title"] = title }
        if let language { object["language"] = language }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// `catalog` with `lines` as its published reviews.
    static func catalog(_ catalog: Catalog, lines: [String]) throws -> Catalog {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-feed-reviews-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The shelf keeps the file open, so it reads on after the folder is gone.
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("reviews.jsonl")
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        try Data(bytes).write(to: file)
        var shelved: [(product: Slug, entry: ReviewShelf.Entry)] = []
        var offset = 0
        for (index, text) in lines.enumerated() {
            let range = offset..<offset + text.utf8.count
            offset = range.upperBound + 1
            let (review, diagnostics) = Review.read(
                try JSONLine(bytes, line: range), path: "reviews/reviews.jsonl", lineNumber: index + 1,
                zone: catalog.site.timeZone, now: nil, resolve: { resolve($0, in: catalog) })
            guard let review else { throw Refused(description: "\(text): \(diagnostics)") }
            shelved.append((review.product, ReviewShelf.Entry(
                date: Int64(review.date.date.timeIntervalSince1970), file: 0, lineNumber: Int32(index + 1), offset: range.lowerBound,
                length: Int32(range.count), rating: UInt8(review.rating), verified: review.verified,
                hasResponse: review.response != nil, hash: UInt64(index))))
        }
        var reviewed = catalog
        reviewed.reviews = ReviewShelf(
            paths: [file.path], displayPaths: ["reviews/reviews.jsonl"], zone: catalog.site.timeZone, reviews: shelved)
        return reviewed
    }

    private static func resolve(_ named: String, in catalog: Catalog) -> Review.Target? {
        if let slug = Slug(named), catalog.productBySlug[slug] != nil { return Review.Target(product: slug, sku: nil) }
        switch catalog.match(sku: named) {
        case .product(let product)?, .group(let product)?, .variant(let product, _)?: return Review.Target(product: product.slug, sku: named)
        case nil: return nil
        }
    }
}
