public import BuildEngine
public import CatalogModel

extension Set<Dependency> {
    /// Whether a change to one record reaches a file made from these dependencies: they name the
    /// record, or every record of its kind (`Dependency.records`), as `ChangeSet` marks both changed.
    public func follows(_ kind: RecordKind, _ slug: Slug) -> Bool {
        contains(.record(kind, slug)) || contains(.records(kind))
    }
}
