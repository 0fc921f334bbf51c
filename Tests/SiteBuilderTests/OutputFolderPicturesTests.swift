import BuildEngine
import Foundation
@testable import SiteBuilder
import Testing

/// Derived pictures placed as the output is swapped in: the old output's folder taken over, only
/// the differences linked, and a failure putting the old output back as it was.
@Suite struct OutputFolderPicturesTests {
    struct Scene {
        let root: String
        var destination: URL { URL(fileURLWithPath: root + "/Output") }
        var cache: String { root + "/cache" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID().uuidString)").path
            for folder in ["/Output/pictures/products", "/cache"] {
                try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
            }
            for name in ["a-320.1.webp", "b-320.2.webp", "c-320.3.webp"] {
                try Data(name.utf8).write(to: URL(fileURLWithPath: cache + "/" + name))
                link(cache + "/" + name, root + "/Output/pictures/products/" + name)
            }
            try Data("old page".utf8).write(to: destination.appendingPathComponent("index.html"))
        }

        func linked(_ names: [String]) -> [LinkedFile] {
            names.map { LinkedFile(source: cache + "/" + $0, path: "pictures/products/" + $0) }
        }

        func published() -> Set<String> { Set(FileTree.files(under: destination.path + "/pictures")) }

        /// Dates the output's picture folders a minute back, as a previous build's would be.
        func ageFolders() {
            let then = timeval(tv_sec: time(nil) - 60, tv_usec: 0)
            for folder in ["/Output/pictures", "/Output/pictures/products"] { utimes(root + folder, [then, then]) }
        }
    }

    @Test func aListingTakenDuringTheBuildSaysWhatToLinkAndRemoveAndHoldsWhileNoFolderChanges() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        scene.ageFolders()
        let wanted = scene.linked(["a-320.1.webp", "c-320.3.webp", "d-320.4.webp"])
        let listing = DerivedListing.make(root: scene.destination.path, folder: "pictures", wanted: wanted)
        #expect(listing.missing.map(\.path) == ["pictures/products/d-320.4.webp"])
        #expect(listing.unwanted == ["pictures/products/b-320.2.webp"])
        #expect(listing.holds(under: scene.destination.path))
        unlink(scene.destination.path + "/pictures/products/a-320.1.webp")
        #expect(!listing.holds(under: scene.destination.path))
    }

    @Test func aFolderChangedJustBeforeItWasListedIsNotTrusted() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        // Written now: a change in the same tick of the clock would leave the same time.
        let listing = DerivedListing.make(root: scene.destination.path, folder: "pictures", wanted: scene.linked(["a-320.1.webp"]))
        #expect(!listing.holds(under: scene.destination.path))
    }

    @Test func aSwapWithAStaleListingListsAgainAndPublishesEveryWantedFile() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        scene.ageFolders()
        let wanted = scene.linked(["a-320.1.webp", "b-320.2.webp"])
        let listing = DerivedListing.make(root: scene.destination.path, folder: "pictures", wanted: wanted)
        // Someone deletes a published file while the build renders.
        unlink(scene.destination.path + "/pictures/products/a-320.1.webp")
        let output = try OutputFolder(destination: scene.destination)
        try output.commit(derived: wanted, derivedFolder: "pictures", listing: listing)
        #expect(scene.published() == ["products/a-320.1.webp", "products/b-320.2.webp"])
    }

    @Test func aSwapWithAListingThatHoldsLinksOnlyWhatWasMissing() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        try Data("d".utf8).write(to: URL(fileURLWithPath: scene.cache + "/d-320.4.webp"))
        scene.ageFolders()
        let wanted = scene.linked(["a-320.1.webp", "d-320.4.webp"])
        let listing = DerivedListing.make(root: scene.destination.path, folder: "pictures", wanted: wanted)
        let output = try OutputFolder(destination: scene.destination)
        try output.commit(derived: wanted, derivedFolder: "pictures", listing: listing)
        #expect(scene.published() == ["products/a-320.1.webp", "products/d-320.4.webp"])
        #expect(FileManager.default.contents(atPath: scene.destination.path + "/pictures/products/d-320.4.webp") == Data("d".utf8))
    }

    @Test func aSwapTakesOverTheOldFolderAndLeavesExactlyTheWantedFiles() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        try Data("d".utf8).write(to: URL(fileURLWithPath: scene.cache + "/d-320.4.webp"))
        let output = try OutputFolder(destination: scene.destination)
        try output.write(Data("new page".utf8), to: "index.html")
        try output.commit(derived: scene.linked(["a-320.1.webp", "c-320.3.webp", "d-320.4.webp"]), derivedFolder: "pictures")
        #expect(scene.published() == ["products/a-320.1.webp", "products/c-320.3.webp", "products/d-320.4.webp"])
        #expect(FileManager.default.contents(atPath: scene.destination.path + "/pictures/products/d-320.4.webp") == Data("d".utf8))
        #expect(FileManager.default.contents(atPath: scene.destination.path + "/index.html") == Data("new page".utf8))
        // Nothing left beside the output but the cache.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.root).sorted() == ["Output", "cache"])
    }

    @Test func aFolderWhoseFilesAllGoIsRemovedAndAFirstBuildLinksEverything() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        try Data("e".utf8).write(to: URL(fileURLWithPath: scene.cache + "/e-640.5.avif"))
        let output = try OutputFolder(destination: scene.destination)
        try output.commit(derived: [LinkedFile(source: scene.cache + "/e-640.5.avif", path: "pictures/brands/e-640.5.avif")], derivedFolder: "pictures")
        #expect(scene.published() == ["brands/e-640.5.avif"])
        FileTree.remove(scene.destination.path)
        let first = try OutputFolder(destination: scene.destination)
        try first.commit(derived: scene.linked(["a-320.1.webp"]), derivedFolder: "pictures")
        #expect(scene.published() == ["products/a-320.1.webp"])
    }

    @Test func aFailedPlacementPutsTheOldOutputBackAsItWas() throws {
        let scene = try Scene()
        defer { FileTree.remove(scene.root) }
        let before = scene.published()
        let output = try OutputFolder(destination: scene.destination)
        try output.write(Data("new page".utf8), to: "index.html")
        // One file the cache no longer has: its link fails.
        try Data("f".utf8).write(to: URL(fileURLWithPath: scene.cache + "/f-320.6.webp"))
        let files = scene.linked(["a-320.1.webp", "f-320.6.webp", "gone-320.7.webp"])
        #expect(throws: (any Error).self) { try output.commit(derived: files, derivedFolder: "pictures") }
        #expect(scene.published() == before)
        #expect(FileManager.default.contents(atPath: scene.destination.path + "/index.html") == Data("old page".utf8))
        output.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.root).sorted() == ["Output", "cache"])
    }
}
