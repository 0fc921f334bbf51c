public import BuildEngine
import CatalogModel
import Foundation

/// What each output file of a build was made from, by path. Read back from a build record it
/// stays in its compact form (numbers into a table) until a build actually needs the sets: a
/// no-change build only needs the paths, and decoding ten thousand sets was most of its time.
public struct OutputDependencies: Sendable {
    private let storage: Storage

    public init(_ sets: [String: Set<Dependency>]) {
        storage = Storage(sets: sets)
    }

    init(ids: [String: [Int32]], table: [Dependency]) {
        storage = Storage(ids: ids, table: table)
    }

    public var count: Int { storage.count }
    public var paths: [String] { storage.paths }
    public subscript(path: String) -> Set<Dependency>? { storage.sets[path] }
    /// Whether a file at `path` was made, without decoding the sets.
    public func contains(_ path: String) -> Bool { storage.contains(path) }
    public var sets: [String: Set<Dependency>] { storage.sets }

    /// Whether any file depends on one of `dependencies`, without decoding the sets.
    public func anyDepends(onAnyOf dependencies: Set<Dependency>) -> Bool { storage.anyDepends(onAnyOf: dependencies) }

    /// `set.touches(self[path])` for any path (nil for a path no file was made at), without
    /// decoding the sets: made into 212,000 sets to be asked this, a record read back cost a
    /// second of a one-price build at 100,000 products. Each dependency of the table is asked
    /// once; a file is touched when one of its dependencies is (`ChangeSet.touches` of a set is
    /// that of any of its members, but for the empty set under `everything`).
    func touchTest(_ set: ChangeSet) -> @Sendable (String) -> Bool? { storage.touchTest(set) }

    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var decoded: [String: Set<Dependency>]?
        private let ids: [String: [Int32]]
        private let table: [Dependency]

        init(sets: [String: Set<Dependency>]) {
            decoded = sets
            ids = [:]
            table = []
        }

        init(ids: [String: [Int32]], table: [Dependency]) {
            self.ids = ids
            self.table = table
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return decoded?.count ?? ids.count
        }

        var paths: [String] {
            lock.lock()
            defer { lock.unlock() }
            return decoded.map { Array($0.keys) } ?? Array(ids.keys)
        }

        func contains(_ path: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return decoded.map { $0[path] != nil } ?? (ids[path] != nil)
        }

        var sets: [String: Set<Dependency>] {
            lock.lock()
            defer { lock.unlock() }
            if let decoded { return decoded }
            let made = ids.mapValues { Set($0.map { table[Int($0)] }) }
            decoded = made
            return made
        }

        func touchTest(_ set: ChangeSet) -> @Sendable (String) -> Bool? {
            lock.lock()
            defer { lock.unlock() }
            if let decoded { return { path in decoded[path].map(set.touches) } }
            let (ids, touched) = (self.ids, table.map { set.touches([$0]) })
            return { path in ids[path].map { set.everything || $0.contains { touched[Int($0)] } } }
        }

        func anyDepends(onAnyOf dependencies: Set<Dependency>) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if let decoded { return decoded.values.contains { !$0.isDisjoint(with: dependencies) } }
            let wanted = Set(table.indices.filter { dependencies.contains(table[$0]) }.map(Int32.init))
            return !wanted.isEmpty && ids.values.contains { $0.contains(where: wanted.contains) }
        }
    }
}
