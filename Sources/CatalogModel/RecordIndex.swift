/// Records found by a key, stored as positions in the catalog's one array of them: a product
/// looked up by slug, by SKU and by brand used to be three more copies of every product, a
/// kilobyte each (a million products' build peaked over 6 GiB).
public struct RecordIndex<Key: Hashable & Sendable, Record: Sendable>: Sendable {
    let positions: [Key: Int]
    let records: [Record]

    public subscript(key: Key) -> Record? { positions[key].map { records[$0] } }

    /// Where the record is in the catalog's array.
    public func position(of key: Key) -> Int? { positions[key] }

    public var keys: Dictionary<Key, Int>.Keys { positions.keys }
    public var count: Int { positions.count }
}

/// Records grouped by a key, each group in the order of the catalog's array.
public struct RecordGroups<Key: Hashable & Sendable, Record: Sendable>: Sendable {
    let positions: [Key: [Int]]
    let records: [Record]

    public subscript(key: Key) -> [Record]? { positions[key].map { $0.map { records[$0] } } }
    public subscript(key: Key, default fallback: @autoclosure () -> [Record]) -> [Record] { self[key] ?? fallback() }

    /// How many records a group has, without copying them out.
    public func count(of key: Key) -> Int { positions[key]?.count ?? 0 }

    /// At most `limit` records of a group after the first `offset`: one page, copying out only the
    /// records on it (a brand page of 24 products copied all of the brand's products before).
    public func records(of key: Key, droppingFirst offset: Int, limit: Int) -> [Record] {
        guard let group = positions[key] else { return [] }
        return group.dropFirst(offset).prefix(limit).map { records[$0] }
    }

    public var keys: Dictionary<Key, [Int]>.Keys { positions.keys }
}
