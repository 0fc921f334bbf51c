/// How much one content file may make the build do. Content comes from many hands, a
/// contributor's pull request or a compromised account among them: without bounds a few lines
/// could make `build` run for hours, `serve` hang or `checkout` never start. Each limit is far
/// above what a real catalog writes, and each refusal is a diagnostic at the place that broke it.
public enum ContentLimits {
    /// A content file or site.json; the largest real product files are a few kilobytes.
    public static let fileBytes = 4 * 1024 * 1024
    /// Lists and maps inside each other, in YAML front matter and in JSON.
    public static let nestingDepth = 64
    /// Values that YAML aliases may repeat in one file: this many, or as many as the file has
    /// bytes if that is more, so aliases can at most double what the file writes out.
    public static let aliasValues = 1_000
    /// Block quotes and lists inside each other in a Markdown body.
    public static let markdownNesting = 32
    /// Cells in one row of a Markdown table.
    public static let markdownTableColumns = 64
    /// Cells of all tables in one Markdown body together.
    public static let markdownTableCells = 10_000
    /// Items in one list field, such as a product's `tags`.
    public static let listItems = 64
    /// Variants of one product: a foundation comes in fifty shades, not in thousands.
    public static let variants = 500
    /// Stores of one promotion: a chain's deal may run in many shops.
    public static let stores = 1_000
}
