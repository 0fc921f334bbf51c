import Foundation

#if canImport(Glibc)
import Glibc

/// Linux's inotify over every folder below the watched ones: the watcher sleeps until a file
/// changes instead of looking at ten thousand files several times a second, and learns which
/// paths to look at. Only a hint: the watcher still compares stamps, and falls back to a full
/// scan when the kernel's queue overflowed or a folder appeared (its files may predate its watch).
final class FolderEvents: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var folders: [Int32: String] = [:]
    private var pending = Set<String>()
    private var needsFullScan = false
    private var stopped = false
    private var signaled = false
    private var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
    private var waits = 0

    private static let mask: UInt32 =
        UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    /// A folder that could not be watched (the system's limit on watches reached).
    private var missedFolder = false

    /// Nil when inotify is not available or cannot watch every folder (then the watcher polls).
    init?(watching roots: [String]) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        for root in roots { addWatches(below: root) }
        guard !folders.isEmpty, !missedFolder else {
            close(descriptor)
            return nil
        }
        let thread = Thread { [self] in readEvents() }
        thread.name = "vitrine-folder-events"
        thread.start()
    }

    /// Returns when something changed since the last `take`, or after `timeout` (or at once
    /// when a change came in meanwhile).
    func wait(upTo timeout: Duration) async {
        let id: Int = lock.withLock {
            waits += 1
            return waits
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if signaled || stopped {
                    signaled = false
                    return true
                }
                waiter = (id, continuation)
                return false
            }
            if now {
                continuation.resume()
                return
            }
            Task { [self] in
                try? await Task.sleep(for: timeout)
                wake(only: id)
            }
        }
    }

    /// Resumes the waiter (`only` one with that id, for a timeout), or remembers the change.
    private func wake(only id: Int? = nil) {
        let resumed: CheckedContinuation<Void, Never>? = lock.withLock {
            if let waiter, id == nil || waiter.id == id {
                self.waiter = nil
                return waiter.continuation
            }
            if id == nil { signaled = true }
            return nil
        }
        resumed?.resume()
    }

    /// The paths seen changing since the last call, and whether only a full scan will do (always,
    /// once a new folder could not be watched).
    func take() -> (paths: Set<String>, fullScan: Bool) {
        lock.withLock {
            defer {
                pending.removeAll()
                needsFullScan = missedFolder
            }
            return (pending, needsFullScan)
        }
    }

    func stop() {
        lock.withLock { stopped = true }
        wake()
    }

    private func addWatches(below folder: String) {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        let failure = watch < 0 ? errno : 0
        lock.withLock {
            if watch >= 0 {
                folders[watch] = folder
            } else if failure != ENOENT {
                // Later changes there would go unseen: look at everything now and then instead.
                missedFolder = true
                needsFullScan = true
            }
        }
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") || Int32(entry.pointee.d_type) != Int32(DT_DIR) { continue }
            addWatches(below: folder + "/" + name)
        }
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !lock.withLock({ stopped }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 250) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var created: [String] = []
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + header)..<min(count, offset + header + length)]
                    let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                    offset += header + length
                    lock.withLock {
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 { needsFullScan = true }
                        guard let folder = folders[watch] else { return }
                        if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
                        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 { needsFullScan = true }
                        guard !name.isEmpty else { return }
                        let path = folder + "/" + name
                        pending.insert(path)
                        if mask & UInt32(IN_ISDIR) != 0 {
                            needsFullScan = true
                            if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 { created.append(path) }
                        }
                    }
                }
            }
            for folder in created where !folder.split(separator: "/").last!.hasPrefix(".") { addWatches(below: folder) }
            wake()
        }
        close(descriptor)
    }
}
#endif
