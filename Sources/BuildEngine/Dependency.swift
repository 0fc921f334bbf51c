public import CatalogModel

/// One input an output file is made from.
public enum Dependency: Sendable, Hashable {
    /// Any change at all.
    case everything
    /// site.json.
    case site
    /// One record's file.
    case record(RecordKind, Slug)
    /// The set of records of a kind (a file added or removed, or a sort key such as a name or title changed).
    case list(RecordKind)
    /// Every record of a kind, each one's content: changed whenever a `record` of the kind is.
    /// What a file made from all of them (the merchant feed, the sitemap) depends on, in place of
    /// one `record` each: at 100,000 products six such files named 600,000 dependencies, which
    /// every build that rendered them worked out, numbered, saved and read back.
    case records(RecordKind)
    /// The products sharing one brand, category or tag (`brand:…`, `category:…`, `tag:…`), and
    /// their order and whether each can be bought: what a product page's related products are
    /// chosen from. Finer than `.list(.product)`, so a renamed product renders again the pages
    /// it could appear on, not every product page.
    case productGroup(String)
    /// A template by name (`product`, `partials/header`); `layout` and partials are used by every page.
    case template(String)
    /// The build clock (promotion status).
    case clock
    /// Any published review: what a file listing every review (the ratings feed) is made from.
    /// A page showing one product's stars depends on that product's record instead, which a
    /// change to its reviews marks changed.
    case reviews
}

extension Dependency {
    /// The theme's string tables, for a file that prints the theme's words through no template (a
    /// feed's title). Pages have them through `layout`. Named as no template file can be.
    public static let strings = Dependency.template("i18n/*")
}
