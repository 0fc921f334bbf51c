import CatalogModel
import ContentLoader
import Foundation
import Orders

/// Approving a buyer's review: one JSON line appended to `Content/reviews/<YYYY-MM>.jsonl` (the
/// month of the review's date, UTC; once that file is full, `<YYYY-MM>-2.jsonl` and on), checked by `Review.read` as a build checks it, written
/// atomically: the old file and the new line go to a temporary file in the same folder, which is
/// flushed to disk and renamed over the old one, so a build or the preview's watcher sees the file
/// before or after, never half a line.
struct ReviewPublisher {
    let folder: ContentFolder
    /// What a content file may hold: a month file that a new line would take past it is full, and
    /// the line goes to the month's next file. A shop with ten thousand reviews a month would
    /// otherwise write a file its next build refuses.
    var fileLimit = ContentLimits.fileBytes

    /// Where an approved review went.
    struct Published: Equatable {
        /// Relative to the content folder: `reviews/2026-12.jsonl`.
        var relative: String
        var lineNumber: Int
        /// The line was already there (an approval whose mark in the orders file did not land):
        /// nothing was written.
        var alreadyThere: Bool
    }

    enum Problem: Error, Equatable {
        /// The catalog does not load: the product cannot be looked up, and a build would fail anyway.
        case contentInvalid([String])
        /// The line's SKU is in no product any more.
        case unknownSKU(String)
        /// The line would not load; the diagnostics say why.
        case invalidLine([String])
        case writeFailed(String)

        var message: String {
            switch self {
            case .contentInvalid(let errors):
                "The content has errors, so the review's product cannot be looked up: " + errors.prefix(3).joined(separator: "; ")
                    + (errors.count > 3 ? "; and \(errors.count - 3) more" : "") + ". Fix them (vitrine check lists them) and approve again."
            case .unknownSKU(let sku):
                "No product or variant has the SKU \(sku) any more, so the review has no product page to appear on. Reject it, or add the SKU back to its product first."
            case .invalidLine(let errors):
                "The review would not load as it is: " + errors.joined(separator: "; ") + ". Nothing was written."
            case .writeFailed(let reason): "The reviews file could not be written: \(reason). Nothing was changed."
            }
        }
    }

    /// The month file a review dated `date` goes to: its `part`th, when the earlier ones are full
    /// (`reviews/2026-12.jsonl`, then `reviews/2026-12-2.jsonl`, …).
    static func relativePath(for date: Date, part: Int = 1) -> String {
        ContentLoader.reviewsFolder + "/" + Timestamp.rfc3339(date).prefix(7) + (part == 1 ? "" : "-\(part)") + ".jsonl"
    }

    /// The line as the contract writes it: the model's keys, sorted, through the project's JSON
    /// writer; optional keys only when they have a value.
    static func line(for submission: ReviewSubmission, product: String, response: String?, respondedAt: Date) -> String {
        var members: [String: JSONValue] = [
            "id": .string(submission.reviewID),
            "product": .string(product),
            "rating": .int(submission.rating),
            "body": .string(submission.body),
            "author": .string(submission.author),
            "date": .string(Timestamp.rfc3339(submission.submittedAt)),
            "verified": true,
        ]
        if let title = submission.title, !title.isEmpty { members["title"] = .string(title) }
        if let language = submission.language, !language.isEmpty { members["language"] = .string(language) }
        if let response, !response.isEmpty {
            members["response"] = ["body": .string(response), "date": .string(Timestamp.rfc3339(respondedAt))]
        }
        return JSONValue.object(members).encoded()
    }

    func publish(_ submission: ReviewSubmission, response: String?, at now: Date) -> Result<Published, Problem> {
        let loaded = ContentLoader(contentFolder: folder.root).load(memo: folder.memo)
        guard let catalog = loaded.catalog else {
            return .failure(.contentInvalid(loaded.diagnostics.filter { $0.severity == .error }.map(\.description)))
        }
        let product: String
        switch catalog.match(sku: submission.sku) {
        // A variant's review names the variant, so it can say which shade or size it was about.
        case .variant?: product = submission.sku
        case .product(let match)?, .group(let match)?: product = match.slug.rawValue
        case nil: return .failure(.unknownSKU(submission.sku))
        }
        if let found = existingLine(id: submission.reviewID) {
            return .success(Published(relative: found.relative, lineNumber: found.lineNumber, alreadyThere: true))
        }
        let text = Self.line(for: submission, product: product, response: response, respondedAt: now)
        var part = 1
        var relative = Self.relativePath(for: submission.submittedAt)
        var old = folder.bytes(relative) ?? Data()
        // The line and up to two line breaks must fit; a line alone never nears the limit.
        while old.count + text.utf8.count + 2 > fileLimit, !old.isEmpty {
            part += 1
            relative = Self.relativePath(for: submission.submittedAt, part: part)
            old = folder.bytes(relative) ?? Data()
        }
        var bytes = [UInt8](old)
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        let lineNumber = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let start = bytes.count
        bytes += Array(text.utf8)
        let parsed: JSONLine
        do {
            parsed = try JSONLine(bytes, line: start..<bytes.count)
        } catch {
            return .failure(.invalidLine([error.message]))
        }
        let display = folder.displayName + "/" + relative
        // The review was dated by the checkout service's clock: a few minutes of skew between
        // its host and this one must not make a review just sent look written in the future.
        let (review, diagnostics) = Review.read(
            parsed, path: display, lineNumber: lineNumber, zone: catalog.site.timeZone, now: now.addingTimeInterval(300),
            resolve: { named in Self.target(named, in: catalog) })
        guard review != nil else {
            return .failure(.invalidLine(diagnostics.filter { $0.severity == .error }.map(\.description)))
        }
        bytes.append(0x0A)
        do {
            try Self.writeDurably(bytes, to: folder.url(relative))
        } catch {
            return .failure(.writeFailed(String(describing: error)))
        }
        return .success(Published(relative: relative, lineNumber: lineNumber, alreadyThere: false))
    }

    /// What a line's `product` names, by the rule the loader applies: a product's slug, or a
    /// product's or variant's SKU.
    static func target(_ named: String, in catalog: Catalog) -> Review.Target? {
        if let slug = Slug(named), catalog.productBySlug[slug] != nil { return Review.Target(product: slug, sku: nil) }
        switch catalog.match(sku: named) {
        case .product(let product)?, .group(let product)?, .variant(let product, _)?: return Review.Target(product: product.slug, sku: named)
        case nil: return nil
        }
    }

    /// The file and line already holding a review with `id`, in any review file. A byte search
    /// (memmem, through `Data.range(of:)`) finds the few candidate lines, which are then read as
    /// JSON: a shop's whole review folder is scanned in well under a second.
    func existingLine(id: String) -> (relative: String, lineNumber: Int)? {
        let folderURL = folder.url(ContentLoader.reviewsFolder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderURL.path) else { return nil }
        let needle = Data(JSONValue.string(id).encoded().utf8)
        for name in names.sorted() where name.hasSuffix(".jsonl") {
            let relative = ContentLoader.reviewsFolder + "/" + name
            guard let data = folder.bytes(relative) else { continue }
            var searchFrom = data.startIndex
            while let hit = data.range(of: needle, in: searchFrom..<data.endIndex) {
                searchFrom = hit.upperBound
                let lineStart = data[..<hit.lowerBound].lastIndex(of: 0x0A).map { $0 + 1 } ?? data.startIndex
                var lineEnd = data[hit.upperBound...].firstIndex(of: 0x0A) ?? data.endIndex
                if lineEnd > lineStart, data[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let bytes = [UInt8](data[lineStart..<lineEnd])
                guard let line = try? JSONLine(bytes),
                    let member = line.members?.first(where: { $0.key == "id" }), line.text(of: member.value) == id
                else { continue }
                return (relative, data[..<lineStart].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
            }
        }
        return nil
    }

    /// A temporary file beside `target`, flushed (`fsync`), renamed over it, and the folder
    /// flushed too, so the rename itself survives a power cut.
    static func writeDurably(_ bytes: [UInt8], to target: URL) throws {
        let directory = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(step: "create \(temporary.lastPathComponent)", code: errno) }
        var failure: WriteError?
        let written = bytes.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                offset += count
            }
            return offset
        }
        if written != bytes.count { failure = WriteError(step: "write", code: errno) }
        if failure == nil, fsync(descriptor) != 0 { failure = WriteError(step: "fsync", code: errno) }
        close(descriptor)
        if failure == nil, rename(temporary.path, target.path) != 0 { failure = WriteError(step: "rename", code: errno) }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        let folderDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var step: String
        var code: Int32
        var description: String { "\(step): \(String(cString: strerror(code)))" }
    }
}
