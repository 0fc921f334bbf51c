public import CatalogModel
import Foundation

extension ContentLoader {
    /// One record read from its file, whatever its kind.
    public enum LoadedRecord: Sendable {
        case brand(Brand)
        case product(Product)
        case promotion(Promotion)
        case page(Page)
        case category(Category)
    }

    /// A record file read on its own: the record (nil when it could not be made) and what was
    /// said about the file itself. Checks that need the other files (references, duplicates,
    /// images) are not made here.
    public struct SingleFile: Sendable {
        public var record: LoadedRecord?
        /// What the record names: references to check and images that must exist.
        public var references: [Reference]
        public var images: [ImageUse]
        public var diagnostics: [Diagnostic]
    }

    /// Reads the record file at `relative` (to the content folder, e.g. `products/x.md`), as
    /// `load` would, for a caller that already holds the rest of the catalog (the preview's quick
    /// path). Nil when the path is not a record file `load` would read.
    public func loadRecordFile(_ relative: String, site: Site) -> SingleFile? {
        let parts = relative.split(separator: "/").map(String.init)
        guard parts.count >= 2, let kind = RecordKind.allCases.first(where: { $0.folder == parts[0] }) else { return nil }
        let name = parts[parts.count - 1]
        let (base, ext) = Self.splitExtension(name)
        guard !name.hasPrefix("."), parts.count == 2 || kind.allowsSubfolders, ext == "md" || ext == "json" else {
            return nil
        }
        // A translation changes a record's other storefronts, not the record: the caller loads
        // everything instead.
        if site.languages.count > 1, let split = Self.translationSuffix(of: base),
            Self.languageOfSuffix(split.language, site: site) != .notALanguage
        {
            return nil
        }
        let file = ContentFile(
            kind: kind, path: contentFolder.path + "/" + relative, relativePath: relative,
            displayPath: displayName + "/" + relative, slugText: base, isJSON: ext == "json")
        let decoded = decode(file, site: site)
        var single = SingleFile(record: nil, references: [], images: [], diagnostics: decoded.diagnostics)
        switch decoded.record {
        case .brand(let r): (single.record, single.references, single.images) = (.brand(r.record), r.references, r.images)
        case .product(let r): (single.record, single.references, single.images) = (.product(r.record), r.references, r.images)
        case .promotion(let r):
            (single.record, single.references, single.images) = (.promotion(r.record), r.references, r.images)
        case .page(let r): (single.record, single.references, single.images) = (.page(r.record), r.references, r.images)
        case .category(let r):
            (single.record, single.references, single.images) = (.category(r.record), r.references, r.images)
        case .translation, nil: break
        }
        return single
    }
}
