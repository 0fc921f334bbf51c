import BuildEngine
import CatalogModel
import Foundation
@testable import ImageDerivatives
import Testing

@Suite struct PictureDerivationTests {
    @Test func widthsStopAtTheSourceAndNeverEnlargeIt() {
        let settings = ImageSettings.standard
        #expect(settings.widths(forSourceWidth: 3000) == [320, 640, 1024, 1600])
        #expect(settings.widths(forSourceWidth: 1600) == [320, 640, 1024, 1600])
        #expect(settings.widths(forSourceWidth: 700) == [320, 640, 700])
        #expect(settings.widths(forSourceWidth: 200) == [200])
    }

    @Test func derivedNamesAreSafeInASrcset() {
        #expect(PictureDerivation.sitePath(of: "images/products/rose.jpg", width: 640, key: "0123456789abcdef", format: .webp)
            == "pictures/products/rose-640.0123456789.webp")
        #expect(PictureDerivation.sitePath(of: "images/promos/crème brûlée, 2.JPG", width: 320, key: "0123456789abcdef", format: .jpeg)
            == "pictures/promos/cr-me-br-l-e--2-320.0123456789.jpg")
        #expect(PictureDerivation.sitePath(of: "images/Summer sale, 2026/rosé.png", width: 640, key: "0123456789abcdef", format: .png)
            == "pictures/Summer-sale--2026/ros--640.0123456789.png")
    }

    @Test func aLargePhotoGetsEveryWidthInEveryFormatWithItsRealSize() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/photo.jpg", width: 2000, height: 1500)
        let outcome = folder.run(["images/photo.jpg"])
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let set = try #require(outcome.pictures["images/photo.jpg"])
        #expect(set.fallback == .jpeg)
        let expected: [PictureFormat] = (VipsCodec.encodesAVIF ? [.avif] : []) + [.webp, .jpeg]
        #expect(Set(set.renditions.map(\.format)) == Set(expected))
        for format in expected {
            let list = set.renditions(in: format)
            #expect(list.map(\.width) == [320, 640, 1024, 1600])
            for rendition in list {
                #expect(rendition.height == rendition.width * 3 / 4)
                #expect(rendition.path.hasPrefix("pictures/photo-\(rendition.width)."))
                #expect(rendition.path.hasSuffix("." + format.fileExtension))
                let file = try #require(outcome.files[rendition.path])
                let facts = try VipsCodec.inspect(file)
                #expect(facts.width == rendition.width && facts.height == rendition.height)
                #expect(try Self.magic(of: file) == format)
            }
        }
        #expect(outcome.made == 1 && outcome.reused == 0)
    }

    @Test func aSmallPNGKeepsItsOwnWidthAndItsTransparency() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/logo.png", width: 500, height: 250, left: [255, 0, 0, 0], right: [0, 120, 0, 255], format: "png")
        let outcome = folder.run(["images/logo.png"])
        let set = try #require(outcome.pictures["images/logo.png"])
        #expect(set.fallback == .png)
        #expect(set.renditions(in: .png).map(\.width) == [320, 500])
        for format in [PictureFormat.png, .webp] {
            let widest = try #require(set.renditions(in: format).last)
            let facts = try VipsCodec.inspect(try #require(outcome.files[widest.path]))
            #expect(facts.bands == 4 && facts.hasAlpha, "\(format) lost its alpha")
            let pixels = facts.pixels
            // Left half transparent, right half opaque.
            #expect(pixels[(125 * 500 + 10) * 4 + 3] < 10)
            #expect(pixels[(125 * 500 + 490) * 4 + 3] > 245)
        }
    }

    @Test func exifOrientationIsAppliedAndTheTagDropped() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        // 300 × 200 stored, shown turned a quarter clockwise (orientation 6): 200 wide, 300 high,
        // the stored left half (red) on top.
        try folder.write("images/turned.jpg", width: 300, height: 200, integers: ["orientation": 6])
        #expect(try VipsCodec.inspect(folder.path("images/turned.jpg")).orientation == 6)
        let outcome = folder.run(["images/turned.jpg"])
        let set = try #require(outcome.pictures["images/turned.jpg"])
        let rendition = try #require(set.renditions(in: .jpeg).last)
        #expect(rendition.width == 200 && rendition.height == 300)
        let facts = try VipsCodec.inspect(try #require(outcome.files[rendition.path]))
        #expect(facts.width == 200 && facts.height == 300)
        #expect(facts.orientation == nil || facts.orientation == 1)
        let top = Array(facts.pixels[(20 * 200 + 100) * 3..<(20 * 200 + 100) * 3 + 3])
        let bottom = Array(facts.pixels[(280 * 200 + 100) * 3..<(280 * 200 + 100) * 3 + 3])
        #expect(top[0] > 150 && top[2] < 80, "top is \(top), expected red")
        #expect(bottom[2] > 150 && bottom[0] < 80, "bottom is \(bottom), expected blue")
    }

    @Test func aPhonesGPSPositionNeverReachesTheShop() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/plain.jpg", width: 800, height: 600)
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("images/plain.jpg"))))
        try folder.writeBytes("images/gps.jpg", OddFiles.withGPS(jpeg))
        #expect(try VipsCodec.inspect(folder.path("images/gps.jpg")).hasEXIF, "the fixture carries no EXIF")
        let outcome = folder.run(["images/gps.jpg"])
        let set = try #require(outcome.pictures["images/gps.jpg"])
        #expect(!set.renditions.isEmpty)
        for rendition in set.renditions {
            let file = try #require(outcome.files[rendition.path])
            #expect(try !VipsCodec.inspect(file).hasEXIF, "\(rendition.path) kept EXIF")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data("Exif".utf8)) == nil, "\(rendition.path) holds an EXIF block")
        }
    }

    @Test func cmykIsConvertedToSRGBAndNoProfileIsKept() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        // No ink on the left (white), full cyan on the right.
        try folder.write("images/print.jpg", width: 400, height: 300, left: [0, 0, 0, 0], right: [255, 0, 0, 0], cmyk: true)
        #expect(try VipsCodec.inspect(folder.path("images/print.jpg")).interpretation == "cmyk")
        let outcome = folder.run(["images/print.jpg"])
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let set = try #require(outcome.pictures["images/print.jpg"])
        for rendition in set.renditions where rendition.format != .avif {
            let facts = try VipsCodec.inspect(try #require(outcome.files[rendition.path]))
            #expect(facts.interpretation == "srgb" && facts.bands == 3, "\(rendition.path): \(facts.interpretation), \(facts.bands) bands")
            #expect(!facts.hasProfile && !facts.hasEXIF, "\(rendition.path) kept metadata")
            let w = facts.width
            let left = facts.pixels[((facts.height / 2) * w + 5) * 3..<((facts.height / 2) * w + 5) * 3 + 3]
            let right = facts.pixels[((facts.height / 2) * w + w - 5) * 3..<((facts.height / 2) * w + w - 5) * 3 + 3]
            #expect(left.allSatisfy { $0 > 230 }, "white came out \(Array(left))")
            #expect(right[right.startIndex] < 100 && right[right.startIndex + 2] > 180, "cyan came out \(Array(right))")
        }
    }

    @Test func aSecondRunProcessesNothingAndATouchedFileIsNotProcessedAgain() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/a.jpg", width: 900, height: 600)
        let first = folder.run(["images/a.jpg"])
        #expect(first.made == 1)
        let second = folder.run(["images/a.jpg"])
        #expect(second.made == 0 && second.reused == 1)
        #expect(second.pictures == first.pictures && second.files == first.files)
        // Same bytes, new stamp: read again, found in the cache by its digest.
        let url = URL(fileURLWithPath: folder.path("images/a.jpg"))
        let bytes = try Data(contentsOf: url)
        try FileManager.default.removeItem(at: url)
        try bytes.write(to: url)
        #expect(folder.run(["images/a.jpg"]).made == 0)
        // Other settings are another entry.
        var settings = ImageSettings.standard
        settings.quality = 60
        let other = folder.run(["images/a.jpg"], settings: settings)
        #expect(other.made == 1)
        #expect(other.pictures["images/a.jpg"]?.renditions.map(\.path) != first.pictures["images/a.jpg"]?.renditions.map(\.path))
    }

    @Test func aDamagedCacheEntryIsMadeAgainInItsPlace() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/a.jpg", width: 900, height: 600)
        let first = folder.run(["images/a.jpg"])
        let key = try #require(folder.cache.entryNames().first)
        let entry = folder.cache.entryFolder(key)
        // A rendition deleted, then the manifest made unreadable: each time the entry is made
        // again and replaces the damaged folder, and the build succeeds with the same files.
        let renditions = try FileManager.default.contentsOfDirectory(atPath: entry.path).filter { $0 != "manifest" }
        try FileManager.default.removeItem(at: entry.appendingPathComponent(try #require(renditions.first)))
        let second = folder.run(["images/a.jpg"])
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics)")
        #expect(second.made == 1 && second.pictures == first.pictures)
        #expect(folder.cache.entry(key) != nil)
        try Data("not a manifest".utf8).write(to: entry.appendingPathComponent("manifest"))
        let third = folder.run(["images/a.jpg"])
        #expect(third.diagnostics.isEmpty, "\(third.diagnostics)")
        #expect(third.made == 1 && third.pictures == first.pictures)
        #expect(folder.cache.entry(key) != nil)
        // Nothing is left beside the entries.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.cache.folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// The index records each entry with its folder's stamp; once that stamp is older than the
    /// settle time, a build trusts the record and reads neither the manifest nor the files.
    @Test func aSettledEntryIsTakenFromTheIndexWithoutReadingItsManifest() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/a.jpg", width: 400, height: 300)
        let first = folder.run(["images/a.jpg"])
        Thread.sleep(forTimeInterval: Double(FileStamp.settleTime) / 1e9 + 0.2)
        // Read once more after the folder settled: this reading is what the index records.
        #expect(folder.run(["images/a.jpg"]).made == 0)
        let key = try #require(folder.cache.entryNames().first)
        // Overwritten in place, so the folder's own stamp does not change.
        let manifest = try FileHandle(forWritingTo: folder.cache.entryFolder(key).appendingPathComponent("manifest"))
        try manifest.write(contentsOf: Data("garbage".utf8))
        try manifest.close()
        #expect(folder.cache.entry(key) == nil, "the manifest no longer reads")
        let trusted = folder.run(["images/a.jpg"])
        #expect(trusted.made == 0 && trusted.pictures == first.pictures)
    }

    @Test func aCacheThatCannotBeWrittenIsSaidSoAndThePictureIsNotBlamed() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/a.jpg", width: 400, height: 300)
        // The cache's parent is a file: no folder can be made under it.
        try Data("x".utf8).write(to: folder.root.appendingPathComponent("cache"))
        let outcome = folder.run(["images/a.jpg"])
        let message = try #require(outcome.diagnostics.first?.message)
        #expect(message.contains("could not be written to the picture cache"), "\(message)")
        #expect(!message.contains("truncated or damaged"))
    }

    @Test func pruningRemovesEntriesNoLongerUsed() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/a.jpg", width: 400, height: 300)
        try folder.write("images/b.jpg", width: 400, height: 300, left: [10, 200, 10])
        let both = folder.run(["images/a.jpg", "images/b.jpg"])
        #expect(folder.cache.entryNames().count == 2)
        let onlyB = folder.run(["images/b.jpg"])
        #expect(onlyB.made == 0)
        #expect(folder.cache.prune(keeping: onlyB.keys) == 1)
        #expect(folder.cache.entryNames() == onlyB.keys.sorted())
        #expect(both.keys.isSuperset(of: onlyB.keys))
        #expect(folder.run(["images/a.jpg"]).made == 1)
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let a = try PictureFolder()
        let b = try PictureFolder()
        defer { a.remove(); b.remove() }
        for folder in [a, b] { try folder.write("images/p.jpg", width: 1100, height: 700) }
        let first = a.run(["images/p.jpg"])
        let second = b.run(["images/p.jpg"])
        #expect(first.files.keys.sorted() == second.files.keys.sorted())
        for (path, file) in first.files {
            #expect(FileManager.default.contents(atPath: file) == FileManager.default.contents(atPath: second.files[path]!), "\(path)")
        }
    }

    @Test func everyKindOfBadFileIsADiagnosticAtTheRecordThatUsesIt() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.writeBytes("images/notes.jpg", Array("these are not pixels\n".utf8))
        try folder.write("images/whole.jpg", width: 1200, height: 900)
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("images/whole.jpg"))))
        try folder.writeBytes("images/truncated.jpg", Array(whole.prefix(whole.count / 2)))
        try folder.writeBytes("images/bomb.png", OddFiles.pngClaiming(width: 100_000, height: 100_000))
        try folder.write("images/scan.tif", width: 64, height: 64, format: "tiff")
        let outcome = folder.run(["images/notes.jpg", "images/truncated.jpg", "images/bomb.png", "images/scan.tif"])
        let messages = outcome.diagnostics.map(\.message)
        #expect(outcome.diagnostics.count == 4, "\(messages)")
        #expect(outcome.diagnostics.allSatisfy { $0.severity == .error && $0.location.path == "products/p.md" && $0.location.line == 7 })
        #expect(messages.contains { $0.hasPrefix("images/notes.jpg is not a picture") })
        #expect(messages.contains { $0.hasPrefix("images/truncated.jpg cannot be decoded") && $0.contains("truncated or damaged") })
        #expect(messages.contains { $0.hasPrefix("images/bomb.png claims 100,000 × 100,000 pixels") })
        #expect(messages.contains { $0.hasPrefix("images/scan.tif is TIFF, which browsers do not show") })
        #expect(outcome.pictures.isEmpty)
        // Nothing half-made is left in the cache.
        #expect(folder.cache.entryNames().isEmpty)
    }

    @Test func aPictureAboveThePixelLimitIsRefusedBeforeItIsDecoded() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.write("images/big.png", width: 300, height: 200, format: "png")
        var settings = ImageSettings.standard
        settings.maxPixels = 50_000
        let outcome = folder.run(["images/big.png"], settings: settings)
        #expect(outcome.diagnostics.map(\.message) == [
            "images/big.png claims 300 × 200 pixels, more than the 50,000 allowed (images.maxPixels in site.json); scale it down before adding it"
        ])
    }

    @Test func vectorPicturesAreLeftAsTheyAre() throws {
        let folder = try PictureFolder()
        defer { folder.remove() }
        try folder.writeBytes("images/logo.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
        let outcome = folder.run(["images/logo.svg"])
        #expect(outcome.pictures.isEmpty && outcome.diagnostics.isEmpty)
    }

    /// The format a file's first bytes say it is.
    static func magic(of path: String) throws -> PictureFormat? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(12))
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if Array(bytes[4..<12]) == Array("ftypavif".utf8) { return .avif }
        return nil
    }
}
