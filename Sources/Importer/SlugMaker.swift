public import CatalogModel

/// Slugs for imported records: from a handle or a name, transliterated, and unique within their
/// kind by a number suffix, in the order records come, so the same export always gives the same slugs.
public struct SlugMaker: Sendable {
    private var taken: Set<String> = []

    public init() {}

    public mutating func slug(for text: String) -> Slug {
        let base = Slug.suggestion(for: text)
        var candidate = base
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base.prefix(60))-\(number)"
            number += 1
        }
        taken.insert(candidate)
        return Slug(candidate)!
    }
}
