public import BuildEngine
import CatalogModel
import Foundation

/// What each output file of a build was made from, by path. Kept in a compact form, numbers
/// into a table of dependencies, and made into sets only when a build actually needs them: a
/// no-change build only needs the paths, and decoding ten thousand sets was most of its time.
///
/// The next build's record takes the entries of the files it did not render again as they are
/// (`carrying`): a file none of whose dependencies changed was made from the same inputs, so it
/// depends on the same things. At 100,000 products, working out 212,000 files' dependencies
/// again after one price change, and numbering them again to save the record, took two seconds.
public struct OutputDependencies: Sendable {
    /// Each path's numbers into `table`.
    private let ids: [String: [Int32]]
    private let table: [Dependency]

    public init(_ sets: [String: Set<Dependency>]) {
        var numbering = Numbering()
        ids = sets.mapValues { numbering.ids(of: $0) }
        table = numbering.table
    }

    init(ids: [String: [Int32]], table: [Dependency]) {
        self.ids = ids
        self.table = table
    }

    /// This build's record: for each path, in order, its fresh dependencies, or nil to take the
    /// previous record's (a file not rendered again); the first entry of a path wins.
    static func carrying(from previous: OutputDependencies?, entries: [(path: String, fresh: Set<Dependency>?)]) -> OutputDependencies {
        // With nothing carried over, the previous table is not needed.
        let carries = entries.contains { $0.fresh == nil }
        var numbering = Numbering(previous: carries ? previous?.table ?? [] : [], freshSets: entries.lazy.compactMap(\.fresh))
        var ids: [String: [Int32]] = [:]
        ids.reserveCapacity(entries.count)
        for (path, fresh) in entries where ids[path] == nil {
            if let fresh {
                ids[path] = numbering.ids(of: fresh)
            } else if let kept = previous?.ids[path] {
                ids[path] = kept
            } else {
                preconditionFailure("\(path) is carried over from a record that does not hold it")
            }
        }
        return OutputDependencies(ids: ids, table: numbering.table)
    }

    public var count: Int { ids.count }
    public var paths: [String] { Array(ids.keys) }
    public subscript(path: String) -> Set<Dependency>? { ids[path].map(set(of:)) }
    /// Whether a file at `path` was made, without decoding the sets.
    public func contains(_ path: String) -> Bool { ids[path] != nil }
    public var sets: [String: Set<Dependency>] { ids.mapValues(set(of:)) }
    /// The compact form, as a record is saved.
    var numbered: (ids: [String: [Int32]], table: [Dependency]) { (ids, table) }

    private func set(of numbers: [Int32]) -> Set<Dependency> { Set(numbers.map { table[Int($0)] }) }

    /// Whether any file depends on one of `dependencies`, without decoding the sets.
    public func anyDepends(onAnyOf dependencies: Set<Dependency>) -> Bool {
        let wanted = Set(table.indices.filter { dependencies.contains(table[$0]) }.map(Int32.init))
        return !wanted.isEmpty && ids.values.contains { $0.contains(where: wanted.contains) }
    }

    /// `set.touches(self[path])` for any path (nil for a path no file was made at), without
    /// decoding the sets: made into 212,000 sets to be asked this, a record read back cost a
    /// second of a one-price build at 100,000 products. Each dependency of the table is asked
    /// once; a file is touched when one of its dependencies is (`ChangeSet.touches` of a set is
    /// that of any of its members, but for the empty set under `everything`).
    func touchTest(_ set: ChangeSet) -> @Sendable (String) -> Bool? {
        let (ids, touched) = (ids, table.map { set.touches([$0]) })
        return { path in ids[path].map { set.everything || $0.contains { touched[Int($0)] } } }
    }

    /// Numbers dependencies into a table that may start as a previous record's. Only the
    /// dependencies of fresh sets are looked up in that table: after a small change, hashing
    /// the whole table would cost more than the change.
    private struct Numbering {
        private(set) var table: [Dependency]
        private var known: [Dependency: Int32] = [:]

        init() { table = [] }

        init<Sets: Sequence<Set<Dependency>>>(previous: [Dependency], freshSets: Sets) {
            table = previous
            guard !previous.isEmpty else { return }
            var wanted = Set<Dependency>()
            for set in freshSets { wanted.formUnion(set) }
            guard !wanted.isEmpty else { return }
            for (index, dependency) in previous.enumerated() where wanted.contains(dependency) && known[dependency] == nil {
                known[dependency] = Int32(index)
            }
        }

        mutating func ids(of set: Set<Dependency>) -> [Int32] {
            set.map { dependency in
                if let id = known[dependency] { return id }
                let id = Int32(table.count)
                table.append(dependency)
                known[dependency] = id
                return id
            }
        }
    }
}
