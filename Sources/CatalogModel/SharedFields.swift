import Synchronization

/// A record's fields in one shared, copy-on-write box. A build copies products and promotions
/// into page contexts, price quotes, feeds, API documents and search records; a copy of a struct
/// of twenty fields retained each of their strings and arrays, where a copy of the box is one
/// retain. A change to a shared box copies it first, so the record is still a value.
struct SharedFields<Fields: Sendable & Hashable>: Sendable, Hashable {
    private var storage: Storage

    init(_ fields: Fields) { storage = Storage(fields) }

    /// Read in place (`_read`), so that reading one field copies that field only.
    var fields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    /// Whether both are copies of one box, unchanged: cheaper than `==`.
    func isSameBox(as other: SharedFields) -> Bool { storage === other.storage }

    /// Where a catalog last put the record in its list, or -1: a hint for finding it there
    /// without hashing its key, which the catalog checks before it trusts it. A changed copy gets
    /// a new box, without the hint.
    var positionHint: Int { storage.positionHint.load(ordering: .relaxed) }

    func hint(position: Int) { storage.positionHint.store(position, ordering: .relaxed) }

    static func == (lhs: SharedFields, rhs: SharedFields) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    /// Changed only through `fields`' `_modify`, when this copy holds the one reference.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        let positionHint = Atomic<Int>(-1)
        init(_ fields: Fields) { self.fields = fields }
    }
}
