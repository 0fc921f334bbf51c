import BuildEngine
import Foundation
@testable import SiteBuilder
import Testing
import VitrineTestSupport

@Suite("The no-change stamp")
struct UpToDateStampTests {
    /// Inputs are trusted by their stamps only once they have not changed for a second
    /// (`FileStamp.settleTime`): a copied sample shop has to wait that long.
    func settle() { Thread.sleep(forTimeInterval: 1.2) }

    func stampExists(_ shop: SampleShop) -> Bool {
        FileManager.default.fileExists(atPath: UpToDateStamp.location(forOutput: shop.output).path)
    }

    func readsOnlyTheStamp(_ report: BuildReport) -> Bool {
        report.upToDate && report.phases.first?.0.hasPrefix("check the stamps") == true
    }

    @Test func aBuildWithNothingChangedReadsOnlyTheStampAndReportsTheLastBuild() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        settle()
        let first = try shop.buildIncrementallyLikeAFullBuild()
        #expect(stampExists(shop))
        let second = SiteBuilder.buildIncrementally(shop.options())
        #expect(readsOnlyTheStamp(second))
        #expect(second.succeeded && second.renderedCount == 0)
        #expect(second.pageCount == first.pageCount && second.feedCount == first.feedCount)
        #expect(second.fileCount == first.fileCount && second.reusedCount == first.fileCount)
        #expect(second.contentFileCount == first.contentFileCount)
        #expect(second.diagnostics == first.diagnostics)
    }

    @Test func inputsReadTooSoonAfterTheyChangedWriteNoStamp() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        settle()
        try shop.buildIncrementallyLikeAFullBuild()
        // As if the build had read one file in the instant it was written: its stamp cannot tell
        // that write from a later one in the same tick, so no stamp may vouch for it.
        var state = try #require(BuildCache.load(forOutput: shop.output))
        let key = try #require(state.inputs.keys.sorted().first { $0.hasSuffix(".md") })
        let written = try #require(state.inputs[key]).stamp.changed
        state.inputs[key]?.readAt = written
        UpToDateStamp.discard(forOutput: shop.output)
        UpToDateStamp.write(state: state, options: shop.options())
        #expect(!stampExists(shop))
        // The next build takes the long way, finds nothing changed and writes it.
        let second = SiteBuilder.buildIncrementally(shop.options())
        #expect(second.upToDate && !readsOnlyTheStamp(second))
        #expect(stampExists(shop))
        #expect(readsOnlyTheStamp(SiteBuilder.buildIncrementally(shop.options())))
    }

    /// Each change a person or a tool can make between two builds: the stamp no longer matches,
    /// and the build that follows equals a full build.
    @Test(arguments: [
        "edit a product", "add a product", "delete an output page", "remove an output folder", "another clock",
        "a full build in between",
    ])
    func anyChangeMakesTheStampStale(_ change: String) throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        settle()
        try shop.buildIncrementallyLikeAFullBuild()
        #expect(UpToDateStamp.upToDate(shop.options(), clock: SampleShop.clock) != nil)
        var clock = SampleShop.clock
        let page = shop.output.appendingPathComponent("products/ginzing-eye-cream/index.html")
        switch change {
        case "edit a product":
            try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: 32.00", with: "price: 29.50")
        case "add a product":
            try shop.write(
                "Content/products/origins/new-balm.md",
                "---\nsku: ORG-NEW-1\nname: New Balm\nbrand: origins\nprice: 10.00\n---\n\nA balm.\n")
        case "delete an output page":
            try FileManager.default.removeItem(at: page)
        case "remove an output folder":
            try FileManager.default.removeItem(at: shop.output.appendingPathComponent("feeds"))
        case "another clock":
            clock = clock.addingTimeInterval(3600)
        default:
            #expect(SiteBuilder.build(shop.options()).succeeded)
        }
        #expect(UpToDateStamp.upToDate(shop.options(clock: clock), clock: clock) == nil)
        let report = try shop.buildIncrementallyLikeAFullBuild(clock: clock)
        #expect(!readsOnlyTheStamp(report))
        if change == "delete an output page" { #expect(report.renderedPaths == ["products/ginzing-eye-cream/index.html"]) }
    }

    @Test func aStampFromAnotherOutputFolderOrSettingIsNotTrusted() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        settle()
        try shop.buildIncrementallyLikeAFullBuild()
        var strict = shop.options()
        strict.strict = true
        #expect(UpToDateStamp.upToDate(strict, clock: SampleShop.clock) == nil)
        // Copied beside another output, the stamp names its own folders.
        let other = shop.folder.appendingPathComponent("Other")
        try FileManager.default.copyItem(at: shop.output, to: other)
        let otherCache = BuildCache.folder(forOutput: other)
        try FileManager.default.copyItem(at: BuildCache.folder(forOutput: shop.output), to: otherCache)
        #expect(UpToDateStamp.upToDate(shop.options(output: other), clock: SampleShop.clock) == nil)
    }

    @Test func aDamagedStampIsIgnored() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        settle()
        try shop.buildIncrementallyLikeAFullBuild()
        let location = UpToDateStamp.location(forOutput: shop.output)
        let bytes = try Data(contentsOf: location)
        for damaged in [bytes.prefix(bytes.count / 2), bytes.prefix(40), Data(), bytes + Data("9".utf8)] {
            try damaged.write(to: location)
            #expect(UpToDateStamp.upToDate(shop.options(), clock: SampleShop.clock) == nil)
        }
        let report = try shop.buildIncrementallyLikeAFullBuild()
        #expect(report.upToDate)
    }
}
