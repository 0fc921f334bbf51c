import CatalogModel
import Foundation
@testable import ImageDerivatives
import SiteBuilder
import Testing
import VitrineTestSupport

/// A camera photo's GPS position and XMP never reach the published site, whichever way it is
/// written (a folder, an archive, an incremental or in-place build), unless the shop keeps them.
@Suite struct OriginalMetadataBuildTests {
    /// The fixture whose serum and X'mas promotion both show `images/camera.jpg`: a JPEG with
    /// EXIF (a GPS position), XMP, IPTC and a comment.
    static func fixtureWithCameraPhoto() throws -> ShopFixture {
        let serum = try #require(ShopFixture.files["products/origins/night-serum.md"])
        let xmas = try #require(ShopFixture.files["promotions/xmas.md"])
        let fixture = try ShopFixture(changes: [
            "products/origins/night-serum.md": serum.replacingOccurrences(of: "image: images/night-serum.png", with: "image: images/camera.jpg"),
            "promotions/xmas.md": xmas.replacingOccurrences(of: "title: 10% off", with: "image: images/camera.jpg\ntitle: 10% off"),
        ])
        let plain = fixture.root.appendingPathComponent("plain.jpg").path
        var pixels: [UInt8] = []
        for y in 0..<60 {
            for x in 0..<90 { pixels += [UInt8(x * 2), UInt8(y * 4), UInt8((x + y) % 256)] }
        }
        try VipsCodec.write(pixels: pixels, width: 90, height: 60, bands: 3, to: plain, format: "jpeg")
        let photo = PhotoMetadata.jpeg(try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain))))
        try Data(photo).write(to: fixture.content.appendingPathComponent("images/camera.jpg"))
        return fixture
    }

    /// Every file of the site holds none of the photo's metadata; the original's pixels are the input's.
    static func expectClean(_ files: [String: Data], fixture: ShopFixture) throws {
        #expect(files.keys.contains { $0.hasPrefix("pictures/") && $0.hasSuffix(".jpg") }, "derived pictures are checked too")
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            #expect(PhotoMetadata.found(in: data).isEmpty, "\(path) holds \(PhotoMetadata.found(in: data))")
        }
        let original = try #require(files["images/camera.jpg"])
        let input = fixture.content.appendingPathComponent("images/camera.jpg")
        let published = fixture.root.appendingPathComponent("published.jpg")
        try original.write(to: published)
        #expect(try VipsCodec.inspect(published.path).pixels == VipsCodec.inspect(input.path).pixels)
        // The promotions feed's enclosure gives the size of the file published.
        let feed = String(decoding: try #require(files["feeds/promotions.xml"]), as: UTF8.self)
        #expect(feed.contains(#"<enclosure url="https://example.com/shop/images/camera.jpg" length="\#(original.count)" type="image/jpeg""#), "\(feed)")
    }

    static func keepMetadata(_ keep: Bool, in fixture: ShopFixture) throws {
        let site = try #require(ShopFixture.files["site.json"])
        try fixture.write(
            site.replacingOccurrences(of: "\"currency\"", with: "\"images\": {\"keepOriginalMetadata\": \(keep)},\n  \"currency\""),
            to: "Content/site.json")
    }

    @Test func aFolderBuildPublishesTheCameraPhotoWithoutItsMetadata() throws {
        let fixture = try Self.fixtureWithCameraPhoto()
        defer { fixture.cleanUp() }
        let report = SiteBuilder.build(buildOptions(fixture))
        #expect(report.succeeded, "\(report.diagnostics)")
        let files = FolderContents.files(in: fixture.output)
        try Self.expectClean(files, fixture: fixture)
        // The theme's own files are not content pictures: copied as they are.
        #expect(files["favicon.svg"] == (try Data(contentsOf: ShopFixture.templates.appendingPathComponent("static/favicon.svg"))))
    }

    @Test func anArchiveBuildPublishesTheCameraPhotoWithoutItsMetadata() throws {
        let fixture = try Self.fixtureWithCameraPhoto()
        defer { fixture.cleanUp() }
        let file = fixture.root.appendingPathComponent("site.tar")
        let report = SiteBuilder.buildArchive(buildOptions(fixture, output: file))
        #expect(report.succeeded, "\(report.diagnostics)")
        try Self.expectClean(try #require(TarContents.files(of: file)), fixture: fixture)
    }

    @Test func keepingTheMetadataPublishesTheOriginalAsItIsAndChangingTheSettingRewritesIt() throws {
        let fixture = try Self.fixtureWithCameraPhoto()
        defer { fixture.cleanUp() }
        let input = try Data(contentsOf: fixture.content.appendingPathComponent("images/camera.jpg"))
        #expect(PhotoMetadata.found(in: input).count == PhotoMetadata.marks.count, "the photo carries every mark")
        let published = fixture.output.appendingPathComponent("images/camera.jpg")
        let builder = BuildPipeline(options: buildOptions(fixture))
        #expect(builder.build(writing: .staged).succeeded)
        try Self.expectClean(FolderContents.files(in: fixture.output), fixture: fixture)

        try Self.keepMetadata(true, in: fixture)
        let kept = builder.build(writing: .staged)
        #expect(kept.succeeded, "\(kept.diagnostics)")
        #expect(try Data(contentsOf: published) == input, "byte for byte the shop's file")
        let feed = try String(contentsOf: fixture.output.appendingPathComponent("feeds/promotions.xml"), encoding: .utf8)
        #expect(feed.contains(#"length="\#(input.count)""#))

        // In place, as the preview writes after its first build.
        try Self.keepMetadata(false, in: fixture)
        #expect(builder.build(writing: .inPlace).succeeded)
        try Self.expectClean(FolderContents.files(in: fixture.output), fixture: fixture)
        try Self.keepMetadata(true, in: fixture)
        #expect(builder.build(writing: .inPlace).succeeded)
        #expect(try Data(contentsOf: published) == input)
    }
}
