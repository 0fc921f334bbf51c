import Foundation
import Testing
import VitrineTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// An incremental build killed at any moment (CI cancelled, the machine out of memory) must leave
/// a record the next build can trust, or none: the build after it equals a full build.
@Suite struct KilledBuildTests {
    func arguments(_ shop: SampleShop) -> [String] {
        [
            "build", "--incremental", "--quiet", "--content", shop.content.path, "--templates", shop.templates.path, "--output",
            shop.output.path, "--clock", "2026-12-01T12:00:00Z", "--picture-cache", SampleShop.pictureCache.path,
        ]
    }

    @Test(arguments: [0.05, 0.15, 0.3, 0.5, 0.8])
    func theBuildAfterAKilledOneEqualsAFullBuild(after seconds: Double) throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let first = try vitrine(arguments(shop))
        #expect(first.status == 0, "\(first.stderr)")
        try shop.edit("Content/products/origins/ginzing-eye-cream.md", replacing: "price: ", with: "price: 1")

        let killed = Process()
        killed.executableURL = vitrineBinary()
        killed.arguments = arguments(shop)
        killed.standardOutput = FileHandle.nullDevice
        killed.standardError = FileHandle.nullDevice
        try killed.run()
        Thread.sleep(forTimeInterval: seconds)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()

        let after = try vitrine(arguments(shop))
        #expect(after.status == 0, "\(after.stderr)")
        let full = try shop.fullBuild(clock: ISO8601DateFormatter().date(from: "2026-12-01T12:00:00Z")!)
        #expect(FolderContents.differences(full, FolderContents.entries(in: shop.output)) == [], "killed after \(seconds) s")
    }
}
