import Foundation

/// Pictures sent with a form that was not saved (a refused save, a redraw for the variant
/// table), kept so staff need not choose the photo again: the redrawn form carries a token in
/// place of the file. Staged pictures live in a scratch folder outside the content folder (the
/// preview's watcher never sees them), belong to the browser session that sent them, and go
/// when their form is saved, after a day, or when newer ones need the room.
final class StagedUploads: @unchecked Sendable {
    struct Picture: Sendable {
        var filename: String
        var bytes: [UInt8]
    }

    private struct Entry {
        var session: String
        var filename: String
        var file: URL
        var size: Int
        var stagedAt: Date
    }

    /// How long a staged picture waits for its form.
    static let lifetime: TimeInterval = 24 * 60 * 60
    /// The room all staged pictures may take together, and how many there may be.
    static let byteLimit = 512 << 20
    static let countLimit = 200

    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-staged-\(UUID().uuidString)")
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A token is 32 hex digits, nothing else: it never reaches the file system as a path.
    static func isToken(_ text: String) -> Bool { text.count == 32 && text.allSatisfy(\.isHexDigit) }

    /// Stages a picture for a session; nil when it cannot be stored.
    func stage(_ bytes: [UInt8], filename: String, session: String, now: Date = Date()) -> String? {
        let token = EditorSecurity.newSession()
        return lock.withLock {
            expire(now: now, making: bytes.count)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let file = folder.appendingPathComponent(token)
                try Data(bytes).write(to: file)
                entries[token] = Entry(session: session, filename: filename, file: file, size: bytes.count, stagedAt: now)
                return token
            } catch {
                return nil
            }
        }
    }

    /// A session's staged picture; nil for an unknown or expired token or another session's.
    func picture(_ token: String, session: String?, now: Date = Date()) -> Picture? {
        guard Self.isToken(token), let session else { return nil }
        return lock.withLock {
            guard let entry = entries[token], entry.session == session, now.timeIntervalSince(entry.stagedAt) < Self.lifetime,
                let data = FileManager.default.contents(atPath: entry.file.path)
            else { return nil }
            return Picture(filename: entry.filename, bytes: [UInt8](data))
        }
    }

    /// Drops a session's staged picture (used, replaced or discarded).
    func remove(_ token: String, session: String?) {
        lock.withLock {
            guard let entry = entries[token], entry.session == session else { return }
            entries[token] = nil
            try? FileManager.default.removeItem(at: entry.file)
        }
    }

    /// Drops expired pictures, then the oldest until `bytes` more fit. Called with the lock held.
    private func expire(now: Date, making bytes: Int) {
        for (token, entry) in entries where now.timeIntervalSince(entry.stagedAt) >= Self.lifetime {
            entries[token] = nil
            try? FileManager.default.removeItem(at: entry.file)
        }
        var total = entries.values.reduce(0) { $0 + $1.size }
        for (token, entry) in entries.sorted(by: { $0.value.stagedAt < $1.value.stagedAt })
        where total + bytes > Self.byteLimit || entries.count >= Self.countLimit {
            entries[token] = nil
            total -= entry.size
            try? FileManager.default.removeItem(at: entry.file)
        }
    }
}
