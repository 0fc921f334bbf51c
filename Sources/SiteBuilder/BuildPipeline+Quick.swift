import BuildEngine
import CatalogModel
import ContentLoader
public import Foundation
import ImageDerivatives
import Parallel
import SiteRenderer

extension BuildPipeline {
    /// What the quick path did.
    public struct QuickUpdate: Sendable {
        /// The pages written, sorted.
        public var renderedPaths: [String]
        public var duration: TimeInterval
    }

    /// The preview's quick path after an edit: when the only files changed since the last build
    /// are existing product or brand files (products without a `stock.csv` row), and the edit leaves their place in every list alone
    /// (same name or title, same brand) and breaks nothing this file alone can break, re-reads
    /// those files, patches the catalog, and writes at once the pages that showed them (known
    /// from the last build's dependencies). Nil when the edit is anything else; then only a
    /// full pass will do.
    ///
    /// It renders exactly what a full build of the new content would write for those pages, but
    /// it is not a build: feeds and other files wait for the full pass that must follow (which
    /// writes the same pages again, unchanged), and the state is not moved on.
    public func quickUpdate(changedInputs keys: Set<String>) -> QuickUpdate? {
        let started = Date()
        // A shop with markets writes each page per storefront, from catalogs of its own: the full path.
        guard let state, var current, !keys.isEmpty, current.catalog.site.markets.isEmpty else { return nil }
        let quickIndex = self.quickIndex(for: state)
        let loader = ContentLoader(contentFolder: options.contentFolder)
        var catalog = current.catalog
        var changed = Set<Dependency>()
        for key in keys {
            guard key.hasPrefix(InputScan.contentPrefix), let recordKey = quickIndex.records[key] else { return nil }
            let relative = String(key.dropFirst(InputScan.contentPrefix.count))
            guard let file = loader.loadRecordFile(relative, site: catalog.site), let record = file.record,
                !file.diagnostics.contains(where: { $0.severity == .error || options.strict })
            else { return nil }
            for reference in file.references {
                let known = switch reference.kind {
                case .brand: catalog.brandBySlug[reference.slug] != nil
                case .product: catalog.productBySlug[reference.slug] != nil
                case .category: catalog.categoryBySlug[reference.slug] != nil
                default: false
                }
                guard known else { return nil }
            }
            for use in file.images {
                if case .local(let path) = use.image, !current.images.contains(path) { return nil }
                // A picture not derived yet needs the full pass.
                if case .local(let path) = use.image, PictureDerivation.derives(path), catalog.pictures[path] == nil { return nil }
            }
            switch record {
            case .product(let product):
                // A product `stock.csv` prices is the file's values with the sheet's over them:
                // the file alone would print the wrong price until the full pass.
                guard recordKey == .init(kind: .product, slug: product.slug), catalog.stock[product.slug] == nil,
                    let patched = catalog.replacing(product)
                else { return nil }
                catalog = patched
            case .brand(let brand):
                guard recordKey == .init(kind: .brand, slug: brand.slug), let patched = catalog.replacing(brand)
                else { return nil }
                catalog = patched
            case .promotion, .page, .category:
                return nil
            }
            changed.formUnion([.record(recordKey.kind, recordKey.slug), .records(recordKey.kind)])
        }
        var wanted = Set<String>()
        for dependency in changed { wanted.formUnion(quickIndex.dependents[dependency, default: []]) }
        let language = SiteRenderer.language(of: catalog.site)
        let jobs = SiteRenderer(catalog: catalog, templates: current.templates, now: state.clock, language: language).jobs(only: wanted)
        let failures = FailureList()
        write(
            jobs, from: 0, changes: .all, to: InPlaceOutput(root: options.outputFolder), replaced: [], rendered: PathList(),
            failures: failures, counter: nil)
        current.catalog = catalog
        self.current = current
        if failures.first != nil {
            // Some pages may hold the new content and some not: the full pass sorts it out.
            return nil
        }
        return QuickUpdate(renderedPaths: jobs.map(\.path).sorted(), duration: Date().timeIntervalSince(started))
    }
}

/// Lookups the quick path needs, made once per full pass: which record each input file holds,
/// and which output files each input reached.
final class QuickIndex: @unchecked Sendable {
    let records: [String: BuildState.RecordKey]
    let dependents: [Dependency: [String]]

    init(_ state: BuildState) {
        records = Dictionary(state.records.map { ($0.value.input, $0.key) }, uniquingKeysWith: { a, _ in a })
        // From the record's numbers, without making each file's set.
        let (ids, table) = state.outputs.numbered
        var byNumber = [[String]](repeating: [], count: table.count)
        for (path, numbers) in ids {
            for number in numbers { byNumber[Int(number)].append(path) }
        }
        var dependents: [Dependency: [String]] = [:]
        for (number, paths) in byNumber.enumerated() where !paths.isEmpty { dependents[table[number], default: []] += paths }
        self.dependents = dependents
    }
}
