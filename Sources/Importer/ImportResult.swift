public import CatalogModel

/// What an import makes: content files by path under the content folder, and what it has to say
/// about the source, each line at the place it is about.
public struct ImportResult: Sendable {
    /// Path relative to the content folder (`products/serum.md`) → file text.
    public var files: [String: String] = [:]
    /// Images to copy: path under the content folder → absolute source path.
    public var images: [String: String] = [:]
    /// Errors stop the import; warnings and notes are the report: what could not be said in the
    /// content model, or was decided for the user.
    public var diagnostics: [Diagnostic] = []

    public var failed: Bool { diagnostics.contains { $0.severity == .error } }
}
