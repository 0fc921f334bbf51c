public import BuildEngine
import CArchive
public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site as one tar file (POSIX pax, written by libarchive) rather than a folder, compressed
/// as its name's ending says (`ArchiveCompression`: gzip or zstd through libarchive's filters).
///
/// A million products make 2.1 million files and a million folders; on an ordinary disk the
/// kernel's work to create them took longer than the whole build of the pages (BENCHMARKS.md).
/// One archive is a single sequential write, and it is what many hosts take anyway (GitHub Pages
/// deploys a tar artifact). The file is written beside its destination and renamed into place
/// only when complete, so a failed build leaves the previous archive as it was.
///
/// Workers render in parallel and hand each file over with its sequence number; one writer
/// thread appends them in sequence order, so the archive's bytes do not depend on which core
/// finished first. Every number from 0 up to the count given to `finish` must be handed over
/// once (`skip` for a number that has no file).
public final class ArchiveOutput: @unchecked Sendable {
    public let destination: URL
    public let compression: ArchiveCompression
    let staging: String
    /// Every entry's modification time: the build's clock, so equal builds give equal bytes.
    private let modified: time_t
    private let archive: OpaquePointer
    private let descriptor: Int32

    private enum Item {
        case bytes(path: String, Data)
        /// A file's contents read from `source`; removed afterwards when `temporary`.
        case file(path: String, source: String, temporary: Bool)
        case skip
    }

    private let condition = NSCondition()
    private var pending: [Int: Item] = [:]
    private var next = 0
    private var end: Int?
    private var failure: (any Error)?
    private var finished = false
    private var closed = false
    private var waitingWorkers = 0
    private var writerNaps = false
    /// How many files from `next` on are handed over without a gap.
    private var ready = 0
    /// Parts streamed so far, named `staging.part-0` onwards.
    private var streamCount = 0
    /// How far ahead of the writer a worker may render: bounds the rendered files held in memory
    /// (a page is about 8 KB) while a large file ahead of them is still being made.
    private let window: Int

    /// A locale whose character set is UTF-8, for libarchive's conversions of names.
    static func utf8Locale() -> locale_t? {
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] {
            if let locale = newlocale(LC_CTYPE_MASK, name, nil) { return locale }
        }
        return nil
    }

    public init(destination: URL, modified: Date, window: Int = 2048) throws {
        self.destination = destination.standardizedFileURL
        self.modified = time_t(modified.timeIntervalSince1970.rounded(.down))
        self.window = window
        let parent = self.destination.deletingLastPathComponent()
        // Refused before any rendering, rather than by the rename after all of it.
        var status = stat()
        if lstat(self.destination.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw ArchiveError(path: self.destination.path, message: "is a folder; name a file for the archive, or remove the folder")
        }
        guard let compression = ArchiveCompression(fileName: self.destination.lastPathComponent) else {
            throw ArchiveError(path: self.destination.path, message: ArchiveCompression.unknownEnding(of: self.destination.lastPathComponent))
        }
        self.compression = compression
        guard let utf8 = Self.utf8Locale() else {
            throw ArchiveError(path: self.destination.path, message: "no UTF-8 locale (C.UTF-8) to write names with")
        }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        staging = parent.appendingPathComponent(
            ".\(self.destination.lastPathComponent).vitrine-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        ).path
        // Opened here rather than by libarchive, whose message would leave out the system's reason.
        descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            freelocale(utf8)
            throw ArchiveError(path: self.destination.path, code: code)
        }
        guard let archive = archive_write_new() else {
            close(descriptor)
            unlink(staging)
            freelocale(utf8)
            throw ArchiveError(path: self.destination.path, message: "cannot start an archive")
        }
        self.archive = archive
        // pax only where ustar cannot say it (long or non-ASCII names); large blocks: fewer writes,
        // and the last one is not padded beyond the end-of-archive marker.
        guard archive_write_set_format_pax_restricted(archive) == ARCHIVE_OK,
            Self.addFilter(compression, to: archive),
            archive_write_set_bytes_per_block(archive, 1 << 20) == ARCHIVE_OK,
            archive_write_set_bytes_in_last_block(archive, 1) == ARCHIVE_OK,
            archive_write_open_fd(archive, descriptor) == ARCHIVE_OK
        else {
            let error = ArchiveError(path: self.destination.path, archive: archive)
            archive_write_free(archive)
            close(descriptor)
            unlink(staging)
            freelocale(utf8)
            throw error
        }
        // The thread holds the archive until `finish` lets it end.
        // Handed to the writer thread, which alone uses it from then on.
        nonisolated(unsafe) let writerLocale = utf8
        let thread = Thread {
            // libarchive converts names through the thread's locale; in the C locale a name
            // outside ASCII has no form it can write (and crashed it). UTF-8 on this thread only.
            uselocale(writerLocale)
            self.writeInOrder()
            uselocale(locale_t(bitPattern: -1))  // LC_GLOBAL_LOCALE, a cast Swift does not import
            freelocale(writerLocale)
        }
        thread.name = "vitrine archive"
        thread.start()
    }

    /// libarchive's filter for `compression`, made deterministic: gzip's header would otherwise
    /// carry the time of writing (it never names the file); zstd's frames carry neither. zstd is
    /// required in-process (Debian's libarchive links libzstd): the fallback to an external
    /// `zstd` program, which libarchive answers with a warning, is refused.
    private static func addFilter(_ compression: ArchiveCompression, to archive: OpaquePointer) -> Bool {
        switch compression {
        case .none:
            return true
        case .gzip:
            return archive_write_add_filter_gzip(archive) == ARCHIVE_OK
                && archive_write_set_filter_option(archive, "gzip", "timestamp", nil) == ARCHIVE_OK
        case .zstd:
            return archive_write_add_filter_zstd(archive) == ARCHIVE_OK
        }
    }

    // MARK: Handing files over (any thread)

    /// Waits while `sequence` is too far ahead of the writer; false once a file could not be
    /// written, when the rest need not be rendered. Workers must take their numbers in order (as
    /// `DispatchQueue.concurrentPerform` hands out iterations), and a file that may be made
    /// after later numbers (a large one, or one rendered after it by the same worker) is handed
    /// over without waiting: then the worker holding the writer's next number is never one that
    /// waits. A failure releases every waiting worker.
    public func waitForRoom(before sequence: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while sequence - next > window, failure == nil {
            waitingWorkers += 1
            condition.wait()
            waitingWorkers -= 1
        }
        return failure == nil
    }

    private func part(_ number: Int) -> String { staging + ".part-\(number)" }

    /// Whether a file could not be written: a large file need not be made any more.
    public var hasFailed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return failure != nil
    }

    public func add(_ data: Data, at path: String, sequence: Int) { hand(.bytes(path: path, data), sequence) }

    /// A copy of the file at `source` (a picture, a theme file).
    public func addCopy(of source: String, at path: String, sequence: Int) {
        hand(.file(path: path, source: source, temporary: false), sequence)
    }

    public func skip(_ sequence: Int) { hand(.skip, sequence) }

    /// A file made piece by piece (the merchant feed: 1.2 GB at a million products). Its size must
    /// be in its entry's header before its bytes, so it is streamed into a file beside the
    /// archive and copied in when its turn comes, rather than held in memory; such a file needs
    /// no room (`waitForRoom`) however far ahead its number is.
    public func add(streaming stream: (OutputSink) -> Void, at path: String, sequence: Int) throws {
        condition.lock()
        let temporary = part(streamCount)
        streamCount += 1
        condition.unlock()
        if let failure = OutputSink.writeFile(atPath: temporary, mode: 0o600, stream) { throw ArchiveError(path: path, code: failure) }
        hand(.file(path: path, source: temporary, temporary: true), sequence)
    }

    /// After a failure nothing more is kept (`discard` removes the streamed parts). The writer is
    /// not woken for each file (`writeInOrder`), only when a run's worth is ready in sequence
    /// while it naps: files ready out of order do not wake it.
    private func hand(_ item: Item, _ sequence: Int) {
        condition.lock()
        defer { condition.unlock() }
        guard failure == nil else { return }
        pending[sequence] = item
        if sequence == next + ready {
            ready += 1
            while pending[next + ready] != nil { ready += 1 }
        }
        if writerNaps, ready >= Self.run { condition.broadcast() }
    }

    // MARK: Ending

    /// Waits until the `count` files handed over are written and closes the archive; throws the
    /// first failure. Later calls do nothing but throw that failure again.
    public func finish(count: Int) throws {
        condition.lock()
        if end == nil { end = count }
        condition.broadcast()
        while !finished { condition.wait() }
        let failure = self.failure
        let closing = !closed
        closed = true
        condition.unlock()
        guard closing else {
            if let failure { throw failure }
            return
        }
        var closingError: ArchiveError?
        if archive_write_close(archive) != ARCHIVE_OK { closingError = ArchiveError(path: destination.path, archive: archive) }
        archive_write_free(archive)
        if close(descriptor) != 0, closingError == nil {
            let code = errno
            closingError = ArchiveError(path: destination.path, code: code)
        }
        if let failure { throw failure }
        if let closingError {
            abandon(closingError)  // so that a later `finish` throws it too
            throw closingError
        }
    }

    /// Puts the finished archive in place of the destination (after `finish`), in one rename.
    public func commit() throws {
        guard rename(staging, destination.path) == 0 else {
            let code = errno
            throw ArchiveError(path: destination.path, code: code)
        }
    }

    /// Removes the unfinished archive and its parts; the destination is untouched. Call after
    /// `finish`, which stops the writer.
    public func discard() {
        unlink(staging)
        condition.lock()
        for number in 0..<streamCount { unlink(part(number)) }
        condition.unlock()
    }

    /// Stops the writer after a failure elsewhere: every file not yet written is dropped.
    public func abandon(_ error: any Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The writer thread

    /// Takes the files ready in sequence in runs, and sleeps a moment when the next one is not
    /// there yet rather than being woken for every file handed over: at a million products that
    /// was two million wake-ups, each a switch between threads.
    private func writeInOrder() {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let entry = archive_entry_new()!
        defer { archive_entry_free(entry) }
        var run: [Item] = []
        run.reserveCapacity(Self.run)
        condition.lock()
        while true {
            // Done when every file is written; after a failure, as soon as the count is known.
            if let end, next >= end || failure != nil { break }
            while run.count < Self.run, let item = pending.removeValue(forKey: next) {
                run.append(item)
                next += 1
                ready -= 1
            }
            if run.isEmpty {
                writerNaps = true
                _ = condition.wait(until: Date(timeIntervalSinceNow: Self.nap))
                writerNaps = false
                continue
            }
            if waitingWorkers > 0 { condition.broadcast() }
            var stopped = failure != nil
            condition.unlock()
            var error: (any Error)?
            for item in run {
                // A part may be a gigabyte: not copied once the archive has failed.
                if case .file = item, !stopped { stopped = hasFailed }
                if !stopped, error == nil {
                    do { try write(item, entry: entry, buffer: &buffer) } catch let failed { error = failed }
                }
                if case .file(_, let source, true) = item { unlink(source) }
            }
            run.removeAll(keepingCapacity: true)
            condition.lock()
            if let error, failure == nil {
                failure = error
                // Workers waiting for room would otherwise wait for files no longer kept.
                condition.broadcast()
            }
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Files taken at once: about 2 MB of pages, an eighth of the window, so workers find room
    /// again soon after the writer moves on.
    private static let run = 256
    /// How long the writer sleeps when the next file is not ready: a worker makes a page in tens
    /// of microseconds, so a few milliseconds gather a run, and a stepped clock only delays the
    /// writer until a run's worth is handed over (`hand`).
    private static let nap: TimeInterval = 0.002

    private func write(_ item: Item, entry: OpaquePointer, buffer: inout [UInt8]) throws {
        switch item {
        case .skip:
            return
        case .bytes(let path, let data):
            try header(entry, path: path, size: data.count)
            try data.withUnsafeBytes { try append($0, path: path) }
        case .file(let path, let source, _):
            let descriptor = open(source, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw ArchiveError(path: path, code: code)
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                let code = errno
                throw ArchiveError(path: path, code: code)
            }
            let size = Int(status.st_size)
            try header(entry, path: path, size: size)
            var copied = 0
            while copied < size {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, min($0.count, size - copied)) }
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    let code = errno
                    throw ArchiveError(path: path, code: code)
                }
                guard count > 0 else { throw ArchiveError(path: path, message: "became shorter while it was copied") }
                try buffer.withUnsafeBytes { try append(UnsafeRawBufferPointer(rebasing: $0[..<count]), path: path) }
                copied += count
            }
        }
    }

    private func header(_ entry: OpaquePointer, path: String, size: Int) throws {
        archive_entry_clear(entry)
        archive_entry_set_pathname_utf8(entry, path)
        archive_entry_set_filetype(entry, 0o100000)  // AE_IFREG, a cast in a macro Swift does not import
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_size(entry, la_int64_t(size))
        archive_entry_set_mtime(entry, modified, 0)
        guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw writeError(adding: path) }
    }

    /// libarchive writes whole blocks, so the entry being added when a write fails (a full disk)
    /// is only the one that filled the block: the archive is what failed.
    private func writeError(adding path: String) -> ArchiveError {
        var error = ArchiveError(path: destination.path, archive: archive)
        error.message += " (while adding \(path))"
        return error
    }

    private func append(_ bytes: UnsafeRawBufferPointer, path: String) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var offset = 0
        while offset < bytes.count {
            let written = archive_write_data(archive, base + offset, bytes.count - offset)
            guard written > 0 else { throw writeError(adding: path) }
            offset += written
        }
    }
}

/// Why the archive, or a file for it, could not be written: libarchive's message or the system's.
public struct ArchiveError: Error, LocalizedError {
    public var path: String
    public var message: String

    init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(path: String, code: Int32) {
        self.init(path: path, message: String(cString: strerror(code)))
    }

    /// libarchive's message, with the system's reason when it gives one (its own codes are negative).
    init(path: String, archive: OpaquePointer) {
        var message = archive_error_string(archive).map { String(cString: $0) } ?? "cannot write the archive"
        let code = archive_errno(archive)
        if code > 0 { message += " (\(String(cString: strerror(code))))" }
        self.init(path: path, message: message)
    }

    public var errorDescription: String? { "\(path): \(message)" }
}
