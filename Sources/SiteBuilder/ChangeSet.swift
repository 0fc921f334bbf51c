public import BuildEngine
import CatalogModel
import Foundation
import SiteRenderer

/// The inputs that differ between the last build and this one, as the dependencies output jobs
/// declare. `everything` when a change reaches every file (site.json, a new year in the footer,
/// another program or settings, no previous build).
public struct ChangeSet: Sendable, Equatable {
    public var everything: Bool
    public var changed: Set<Dependency>
    /// Whether any input file or the clock differs at all, even in a way no dependency names
    /// (a picture no record uses): what a file depending on `.everything` is rendered again for.
    public var anything: Bool

    public static let all = ChangeSet(everything: true, changed: [], anything: true)
    public static let none = ChangeSet(everything: false, changed: [], anything: false)

    public var isEmpty: Bool { !everything && changed.isEmpty && !anything }

    /// Whether a file made from `dependencies` (this build's or the last's) must be rendered again.
    public func touches(_ dependencies: Set<Dependency>) -> Bool {
        if everything { return true }
        if dependencies.contains(.everything) { return anything || !changed.isEmpty }
        if changed.count < dependencies.count {
            return changed.contains { dependencies.contains($0) }
        }
        return dependencies.contains { changed.contains($0) }
    }

    /// Compares what two builds read.
    ///
    /// - A record changes when its file's content does, when it appears or disappears, or when
    ///   a local image it names changes (feeds give an image's size). A brand also changes when
    ///   a product joins or leaves it, because every page showing the brand shows its product
    ///   count; a promotion also changes when its status (upcoming, active, expired) differs
    ///   between the two clocks.
    /// - A product also changes when its published reviews do; then `.reviews` changes too. It
    ///   changes when its rows in `stock.csv` do.
    /// - A kind's list changes when a record of it appears or disappears, or when the key it is
    ///   sorted by changes.
    /// - `.clock` changes whenever the clock does (feeds print the build time); a new calendar
    ///   year changes everything (every footer shows it).
    /// - A template changes with its file.
    static func between(_ old: BuildState, _ new: BuildState) -> ChangeSet {
        if old.setting != new.setting { return .all }
        let site = InputScan.contentPrefix + "site.json"
        if old.inputs[site]?.digest != new.inputs[site]?.digest { return .all }
        if Timestamp.components(of: old.clock).year != Timestamp.components(of: new.clock).year { return .all }

        var changed = Set<Dependency>()
        // The files whose digest differs, added and removed ones included, found in one pass over
        // each build's files (the old build's only when some are gone): looking up both builds'
        // digests for each record was a third of this comparison at 100,000 products.
        var changedInputs = Set<String>()
        var added = 0
        for (key, file) in new.inputs {
            let before = old.inputs[key]
            if before == nil { added += 1 }
            if before?.digest != file.digest { changedInputs.insert(key) }
        }
        if new.inputs.count - added < old.inputs.count {
            for key in old.inputs.keys where new.inputs[key] == nil { changedInputs.insert(key) }
        }
        func contentChanged(_ before: BuildState.RecordFacts, _ after: BuildState.RecordFacts) -> Bool {
            guard before.input == after.input else { return old.inputs[before.input]?.digest != new.inputs[after.input]?.digest }
            return !changedInputs.isEmpty && changedInputs.contains(after.input)
        }
        // Each record once, without a set of both builds' keys: hashing 200,000 keys into one was
        // most of this comparison at 100,000 products. The old build's records are walked for
        // ones that are gone only when some are.
        func compare(_ key: BuildState.RecordKey, _ before: BuildState.RecordFacts?, _ after: BuildState.RecordFacts?) {
            let record = Dependency.record(key.kind, key.slug)
            switch (before, after) {
            case (nil, nil):
                return
            case (let before?, let after?):
                if contentChanged(before, after) { changed.insert(record) }
                if before.listKey != after.listKey {
                    changed.insert(.list(key.kind))
                    if key.kind == .product { changed.formUnion(productGroups(before, after)) }
                }
                if before.reviews != after.reviews { changed.formUnion([record, .reviews]) }
                if before.stock != after.stock { changed.insert(record) }
                if before.brand != after.brand {
                    for brand in [before.brand, after.brand].compactMap({ $0 }) { changed.insert(.record(.brand, brand)) }
                }
            case (let only?, nil), (nil, let only?):
                changed.insert(record)
                changed.insert(.list(key.kind))
                if key.kind == .product { changed.formUnion(productGroups(only)) }
                if let brand = only.brand { changed.insert(.record(.brand, brand)) }
                if !only.reviews.isEmpty { changed.insert(.reviews) }
            }
        }
        var kept = 0
        for (key, after) in new.records {
            let before = old.records[key]
            if before != nil { kept += 1 }
            compare(key, before, after)
        }
        if kept < old.records.count {
            for (key, before) in old.records where new.records[key] == nil { compare(key, before, nil) }
        }
        let imagePrefix = InputScan.contentPrefix + "images/"
        let changedImages = changedInputs.filter { $0.hasPrefix(imagePrefix) }
        if !changedImages.isEmpty {
            for (key, facts) in old.records.merging(new.records, uniquingKeysWith: { a, b in
                var merged = b
                merged.images = Array(Set(a.images + b.images)).sorted()
                return merged
            }) where facts.images.contains(where: { changedImages.contains(InputScan.contentPrefix + $0) }) {
                changed.insert(.record(key.kind, key.slug))
            }
        }
        if old.clock != new.clock {
            changed.insert(.clock)
            for (key, facts) in new.records where facts.starts != nil
                && facts.promotionStatus(at: old.clock) != facts.promotionStatus(at: new.clock)
            {
                changed.insert(.record(key.kind, key.slug))
            }
        }
        for key in changedInputs where key.hasPrefix(InputScan.templatesPrefix) {
            if let name = templateName(ofKey: key) { changed.insert(.template(name)) }
            // Every page prints the theme's strings, and every page is laid out by `layout`: a
            // changed string table is a changed layout, and changes the feeds that print its words.
            if TemplateLibrary.isMessageTable(String(key.dropFirst(InputScan.templatesPrefix.count))) {
                changed.insert(.template("layout"))
                changed.insert(.strings)
            }
        }
        // Whether the theme has `custom.css` decides whether the layout links it.
        let customStylesheet = InputScan.templatesPrefix + "static/" + TemplateLibrary.customStylesheet
        if (old.inputs[customStylesheet] == nil) != (new.inputs[customStylesheet] == nil) { changed.insert(.template("layout")) }
        // Every record of a kind changes with any one of them.
        for case .record(let kind, _) in changed { changed.insert(.records(kind)) }
        let anything = old.clock != new.clock || !changedInputs.isEmpty
        return ChangeSet(everything: false, changed: changed, anything: anything)
    }

    /// The related-product groups a product was or is in: each of them may now list its
    /// products in another order, or others.
    static func productGroups(_ facts: BuildState.RecordFacts...) -> Set<Dependency> {
        Set(facts.flatMap { BuildState.RecordFacts.productGroups(ofListKey: $0.listKey) })
    }

    /// The template name a templates-folder key stands for (`templates/partials/header.mustache`
    /// is `partials/header`), nil for other files there.
    static func templateName(ofKey key: String) -> String? {
        guard key.hasPrefix(InputScan.templatesPrefix), key.hasSuffix(".mustache") else { return nil }
        return String(key.dropFirst(InputScan.templatesPrefix.count).dropLast(".mustache".count))
    }
}
