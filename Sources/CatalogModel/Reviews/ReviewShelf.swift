public import Foundation
import Glibc
import Parallel

/// The shop's published reviews, kept small: a few numbers per review and each product's summary.
///
/// A review's text is read back from its file when an output needs it. A shop with twenty
/// reviews per product has about twice as many bytes of reviews as of products, and holding them
/// all in memory for the whole build would have grown its peak by more than half; the pages,
/// the API and the feeds each read the few lines they print.
public struct ReviewShelf: Sendable {
    /// One review, as the build plans with it.
    public struct Entry: Sendable, Hashable {
        /// Seconds since 1970, for newest-first order.
        public var date: Int64
        public var file: Int32
        /// 1-based line number in the file.
        public var lineNumber: Int32
        /// Byte offset of the line in the file, and its length without the line break.
        public var offset: Int
        public var length: Int32
        /// The date's offset from UTC as the loader read it, in minutes: with `date`, what the
        /// feed and the API print, so they need not read the date again. `unknownOffset` for an
        /// entry made by hand (tests), whose date is read from its line.
        public var utcOffsetMinutes: Int16
        public var rating: UInt8
        public var verified: Bool
        public var hasResponse: Bool
        /// A hash of the line's bytes: a product's reviews changed when these did.
        public var hash: UInt64

        public init(
            date: Int64, file: Int32, lineNumber: Int32, offset: Int, length: Int32, rating: UInt8, verified: Bool,
            hasResponse: Bool, hash: UInt64, utcOffsetMinutes: Int16 = Entry.unknownOffset
        ) {
            self.hash = hash
            self.utcOffsetMinutes = utcOffsetMinutes
            self.date = date
            self.file = file
            self.lineNumber = lineNumber
            self.offset = offset
            self.length = length
            self.rating = rating
            self.verified = verified
            self.hasResponse = hasResponse
        }

        public static let unknownOffset = Int16.min

        /// `offset` seconds east of UTC in minutes, or `unknownOffset` when it is not a whole
        /// number of minutes (local mean time before 1900) or out of range.
        public static func offsetMinutes(_ offset: Int) -> Int16 {
            guard offset % 60 == 0, let minutes = Int16(exactly: offset / 60), minutes != unknownOffset else { return unknownOffset }
            return minutes
        }

        /// Newest first; ties by where they are written, so the order never depends on the machine.
        public static func newestFirst(_ a: Entry, _ b: Entry) -> Bool {
            (b.date, a.file, a.offset) < (a.date, b.file, b.offset)
        }
    }

    /// Open review files, by index; what `Entry.file` counts. Kept open for the catalog's life, so
    /// a file replaced while a build runs (the editor renames a new one into place) is still read
    /// as it was loaded, and offsets stay right.
    final class Files: Sendable {
        let paths: [String]
        let displayPaths: [String]
        let descriptors: [Int32]

        init(paths: [String], displayPaths: [String]) {
            self.paths = paths
            self.displayPaths = displayPaths
            descriptors = paths.map { open($0, O_RDONLY | O_CLOEXEC) }
        }

        deinit { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }

        /// `length` bytes of file `file` from `offset`; nil when the file has fewer.
        func read(file: Int32, offset: Int, length: Int) -> [UInt8]? {
            guard file >= 0, Int(file) < descriptors.count else { return nil }
            let descriptor = descriptors[Int(file)]
            guard descriptor >= 0 else { return nil }
            let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                var done = 0
                while done < length {
                    let n = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done))
                    if n <= 0 { break }
                    done += n
                }
                count = done
            }
            return bytes.count == length ? bytes : nil
        }

        /// Each entry's line as a range in a buffer, in the entries' order. Lines that lie close
        /// together in one file (a product's reviews usually do) are read with one call: reading
        /// each line on its own was a system call per review for every page, API file and feed.
        func lines(_ entries: [Entry]) -> [(bytes: [UInt8], range: Range<Int>)?] {
            let order = entries.indices.sorted { (entries[$0].file, entries[$0].offset) < (entries[$1].file, entries[$1].offset) }
            var found = [(bytes: [UInt8], range: Range<Int>)?](repeating: nil, count: entries.count)
            var run = 0
            while run < order.count {
                let first = entries[order[run]]
                var end = first.offset + Int(first.length)
                var next = run + 1
                while next < order.count {
                    let entry = entries[order[next]]
                    let entryEnd = entry.offset + Int(entry.length)
                    guard entry.file == first.file, entry.offset <= end + 4_096, entryEnd - first.offset <= 1 << 20 else { break }
                    end = max(end, entryEnd)
                    next += 1
                }
                if let buffer = read(file: first.file, offset: first.offset, length: end - first.offset) {
                    for index in order[run..<next] {
                        let start = entries[index].offset - first.offset
                        found[index] = (buffer, start..<start + Int(entries[index].length))
                    }
                }
                run = next
            }
            return found
        }
    }

    let files: Files
    /// Grouped by product, newest first within each.
    let entries: [Entry]
    let rangeBySlug: [Slug: Range<Int>]
    let summaryBySlug: [Slug: RatingSummary]
    /// Reads site dates in the shop's zone, as the loader did.
    let zone: TimeZone

    public static let empty = ReviewShelf(files: Files(paths: [], displayPaths: []), entries: [], rangeBySlug: [:], zone: Timestamp.utc)

    init(files: Files, entries: [Entry], rangeBySlug: [Slug: Range<Int>], zone: TimeZone) {
        self.files = files
        self.entries = entries
        self.rangeBySlug = rangeBySlug
        self.zone = zone
        var summaries: [Slug: RatingSummary] = [:]
        summaries.reserveCapacity(rangeBySlug.count)
        for (slug, range) in rangeBySlug { summaries[slug] = RatingSummary(ratings: entries[range].lazy.map { Int($0.rating) }) }
        summaryBySlug = summaries
    }

    /// Builds the shelf from the reviews the loader accepted, each with its product's position in
    /// the catalog (`slug` names the product at a position), which groups them by sorting whole
    /// numbers, not slugs.
    public init(
        paths: [String], displayPaths: [String], zone: TimeZone, reviews: [(position: Int32, entry: Entry)],
        slug: (Int) -> Slug
    ) {
        let order = ParallelMap.sortedIndices(reviews.count) { a, b in
            let (x, y) = (reviews[a], reviews[b])
            if x.position != y.position { return x.position < y.position }
            return Entry.newestFirst(x.entry, y.entry)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(order.count)
        var ranges: [Slug: Range<Int>] = [:]
        var start = 0
        for (rank, index) in order.enumerated() {
            entries.append(reviews[index].entry)
            if rank + 1 == order.count || reviews[order[rank + 1]].position != reviews[index].position {
                ranges[slug(Int(reviews[index].position))] = start..<rank + 1
                start = rank + 1
            }
        }
        self.init(files: Files(paths: paths, displayPaths: displayPaths), entries: entries, rangeBySlug: ranges, zone: zone)
    }

    /// A shelf for a few reviews known by product slug (specimens, tests).
    public init(paths: [String], displayPaths: [String], zone: TimeZone, reviews: [(product: Slug, entry: Entry)]) {
        let slugs = Array(Set(reviews.map(\.product))).sorted()
        let positions = Dictionary(uniqueKeysWithValues: slugs.enumerated().map { ($1, Int32($0)) })
        self.init(
            paths: paths, displayPaths: displayPaths, zone: zone,
            reviews: reviews.map { (positions[$0.product]!, $0.entry) }, slug: { slugs[$0] })
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Products with at least one review, by slug.
    public var reviewedProducts: [Slug] { rangeBySlug.keys.sorted() }

    /// Nil for a product with no review.
    public func summary(for product: Slug) -> RatingSummary? { summaryBySlug[product] }

    /// A fingerprint of a product's reviews as published (their lines' bytes, in page order): an
    /// incremental build renders the product's pages again when it differs. Zero without reviews.
    public func digest(for product: Slug) -> UInt64 {
        let own = entries(for: product)
        guard !own.isEmpty else { return 0 }
        return own.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ $1.hash) &* 0x100_0000_01B3 } ^ UInt64(own.count)
    }

    /// A product's reviews, newest first.
    public func entries(for product: Slug) -> ArraySlice<Entry> {
        guard let range = rangeBySlug[product] else { return [] }
        return entries[range]
    }

    /// The reviews of a product at positions `range` of its newest-first list (all without one),
    /// read from their files.
    public func reviews(for product: Slug, in range: Range<Int>? = nil) -> [Review] {
        lines(for: product, in: range).map { review($0, product: product) }
    }

    /// The same reviews as their lines, for outputs that copy the texts as they are written.
    public func lines(for product: Slug, in range: Range<Int>? = nil) -> [ReviewLine] {
        let own = entries(for: product)
        let wanted = Array(range.map { own.dropFirst($0.lowerBound).prefix($0.count) } ?? own)
        return zip(wanted, files.lines(wanted)).compactMap { entry, line in
            line.flatMap { ReviewLine($0.bytes, line: $0.range, entry: entry) }
        }
    }

    /// One review's full text. Nil only when its file changed under the build in a way that moved
    /// the line (the loader's check no longer holds).
    public func read(_ entry: Entry, product: Slug) -> Review? {
        guard let bytes = files.read(file: entry.file, offset: entry.offset, length: Int(entry.length)),
            let line = ReviewLine(bytes, line: 0..<bytes.count, entry: entry)
        else { return nil }
        return review(line, product: product)
    }

    /// Where a line is, as diagnostics name it.
    public func source(of entry: Entry) -> SourceLocation {
        SourceLocation(path: files.displayPaths[Int(entry.file)], line: Int(entry.lineNumber), column: 1)
    }

    private func review(_ line: ReviewLine, product: Slug) -> Review {
        Review(line, product: product, zone: zone, source: source(of: line.entry))
    }
}

extension ReviewShelf {
    /// The same reviews under the products' slugs in a storefront where some are translated;
    /// products not in `kept` (not sold there) lose theirs.
    func renamed(_ names: [Slug: Slug], kept: Set<Slug>) -> ReviewShelf {
        var ranges: [Slug: Range<Int>] = [:]
        for (slug, range) in rangeBySlug where kept.contains(slug) { ranges[names[slug] ?? slug] = range }
        return ReviewShelf(files: files, entries: entries, rangeBySlug: ranges, zone: zone)
    }
}
