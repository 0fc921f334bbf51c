import CatalogModel
import Foundation
import Parallel
import TextHash

extension ContentLoader {
    /// The folder of published reviews, one JSON object per line in `*.jsonl` files.
    public static let reviewsFolder = "reviews"

    /// Reads `reviews/*.jsonl` against the assembled catalog: each line checked where it is
    /// written, its product found by slug or SKU, ids unique across files. Files are read in
    /// parallel and each is let go once read: the shelf keeps only where each review is.
    /// Returns how many review files it read.
    @discardableResult
    func loadReviews(into catalog: inout Catalog, diagnostics: inout [Diagnostic]) -> Int {
        let folder = contentFolder.appendingPathComponent(Self.reviewsFolder)
        guard FileManager.default.fileExists(atPath: folder.path) else { return 0 }
        let display = "\(displayName)/\(Self.reviewsFolder)"
        var names: [String] = []
        for relative in walk(folder, display: display, diagnostics: &diagnostics) {
            if relative.contains("/") {
                diagnostics.append(.warning(
                    "ignored: reviews/ takes no sub-folders; move the file to reviews/\(Self.lastComponent(of: relative))",
                    at: SourceLocation(path: "\(display)/\(relative)")))
            } else if Self.splitExtension(relative).ext == "jsonl" {
                names.append(relative)
            } else {
                diagnostics.append(.warning(
                    "ignored: reviews/ holds .jsonl files, one review per line; rename it to \(Self.splitExtension(relative).base).jsonl if it is one",
                    at: SourceLocation(path: "\(display)/\(relative)")))
            }
        }
        guard !names.isEmpty else { return 0 }
        let paths = names.map { folder.appendingPathComponent($0).path }
        let displayPaths = names.map { "\(display)/\($0)" }
        let zone = catalog.site.timeZone
        let now = self.now
        let lookup = ReviewTargets(catalog)
        let read = ParallelMap.map(count: names.count) { index in
            Self.readReviewFile(
                paths[index], display: displayPaths[index], file: Int32(index), zone: zone, now: now, targets: lookup)
        }
        // Ids are told apart by a hash of each, and a line whose hash was seen is read again to
        // compare the ids themselves: a table of a million ids was most of loading's memory.
        var accepted: [(position: Int32, entry: ReviewShelf.Entry)] = []
        accepted.reserveCapacity(read.reduce(0) { $0 + $1.reviews.count })
        var firstByHash: [UInt64: Int] = [:]
        firstByHash.reserveCapacity(accepted.capacity)
        for file in read {
            diagnostics += file.diagnostics
            for review in file.reviews {
                if let first = firstByHash[review.idHash] {
                    let earlier = accepted[first].entry
                    if let (id, column) = Self.reviewId(in: paths, earlier), let (again, here) = Self.reviewId(in: paths, review.entry), id == again {
                        let location = SourceLocation(path: displayPaths[Int(earlier.file)], line: Int(earlier.lineNumber), column: column)
                        diagnostics.append(.error(
                            "id \(id) is used twice; the first is at \(location); give each review its own id",
                            at: SourceLocation(path: displayPaths[Int(review.entry.file)], line: Int(review.entry.lineNumber), column: here)))
                        continue
                    }
                }
                firstByHash[review.idHash] = accepted.count
                accepted.append((review.position, review.entry))
            }
        }
        catalog.reviews = ReviewShelf(paths: paths, displayPaths: displayPaths, zone: zone, reviews: accepted) { catalog.products[$0].slug }
        return names.count
    }

    /// What a build keeps of a line while loading.
    struct ReadReview: Sendable {
        var idHash: UInt64
        /// The product's position in the catalog's list.
        var position: Int32
        var entry: ReviewShelf.Entry
    }

    /// A review's id and its column, read again from its file (only for a repeated id's message).
    static func reviewId(in paths: [String], _ entry: ReviewShelf.Entry) -> (String, Int)? {
        guard let handle = FileHandle(forReadingAtPath: paths[Int(entry.file)]) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(entry.offset))) != nil,
            let data = try? handle.read(upToCount: Int(entry.length)), let line = try? JSONLine([UInt8](data)),
            let member = line.members?.first(where: { $0.key == "id" }), let id = line.text(of: member.value)
        else { return nil }
        return (id.trimmingCharacters(in: .whitespacesAndNewlines), line.column(atOffset: member.valueOffset))
    }

    /// One file's reviews and problems.
    static func readReviewFile(
        _ path: String, display: String, file: Int32, zone: TimeZone, now: Date?, targets: ReviewTargets
    ) -> (reviews: [ReadReview], diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        switch ContentFileReader.read(path) {
        case .success(let data): bytes = [UInt8](data)
        case .failure(let refusal): return ([], [refusal.diagnostic(for: display)])
        }
        var reviews: [ReadReview] = []
        var diagnostics: [Diagnostic] = []
        var start = 0
        var lineNumber = 0
        // A byte-order mark is allowed at the very start, as editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            defer { start = next }
            // Blank lines separate nothing but are harmless.
            if bytes[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let line: JSONLine
            do {
                line = try JSONLine(bytes, line: start..<end)
            } catch {
                let column = bytes[start..<min(error.offset, end)].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
                diagnostics.append(.error(
                    "not a JSON object: \(error.message)", at: SourceLocation(path: display, line: lineNumber, column: column)))
                continue
            }
            let (review, found) = Review.check(
                line, path: display, lineNumber: lineNumber, zone: zone, now: now, resolve: targets.resolve,
                suggest: targets.suggest)
            if !found.isEmpty { diagnostics += found }
            guard let review, let position = targets.position(of: review.target.product) else { continue }
            let entry = ReviewShelf.Entry(
                date: Int64(review.date.date.timeIntervalSince1970.rounded(.down)), file: file, lineNumber: Int32(lineNumber),
                offset: start, length: Int32(end - start), rating: UInt8(review.rating), verified: review.verified,
                hasResponse: review.hasResponse,
                hash: bytes.withUnsafeBufferPointer { TextHash.hash(bytes: UnsafeBufferPointer(rebasing: $0[start..<end])) },
                utcOffsetMinutes: ReviewShelf.Entry.offsetMinutes(review.date.utcOffset))
            reviews.append(ReadReview(idHash: TextHash.hash(of: review.id), position: Int32(position), entry: entry))
        }
        return (reviews, diagnostics)
    }
}

/// What a review's `product` may name: a product's slug, its SKU, or one of its variants' SKUs.
/// A class: every line asks it, and copying a structure holding the catalog retained each of
/// the catalog's tables per line.
final class ReviewTargets: Sendable {
    let catalog: Catalog

    init(_ catalog: Catalog) { self.catalog = catalog }

    func resolve(_ named: String) -> Review.Target? {
        if let slug = Slug(named), catalog.productBySlug[slug] != nil { return Review.Target(product: slug, sku: nil) }
        switch catalog.match(sku: named) {
        case .product(let product)?, .group(let product)?: return Review.Target(product: product.slug, sku: named)
        case .variant(let product, _)?: return Review.Target(product: product.slug, sku: named)
        case nil: return nil
        }
    }

    /// A near slug or SKU; only asked for a line that names neither, so the lists are built then.
    func position(of product: Slug) -> Int? { catalog.productBySlug.position(of: product) }

    func suggest(_ named: String) -> String? {
        let slugs = catalog.products.map(\.slug.rawValue)
        let skus = catalog.products.flatMap { [$0.sku] + $0.variants.map(\.sku) }
        return Spelling.closest(to: named, among: slugs + skus)
    }
}
