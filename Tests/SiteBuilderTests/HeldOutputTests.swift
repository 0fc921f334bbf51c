import BuildEngine
import Foundation
@testable import SiteBuilder
import Testing

/// A small patch is held in memory, then put in place: what lands at each path is what a folder
/// build would leave there, whatever order the workers handed the files over in.
@Suite struct HeldOutputTests {
    func scene() throws -> (root: String, output: InPlaceOutput) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("held-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/Output/products", withIntermediateDirectories: true)
        try Data("old page".utf8).write(to: URL(fileURLWithPath: root + "/Output/products/index.html"))
        return (root, InPlaceOutput(root: URL(fileURLWithPath: root + "/Output")))
    }

    @Test func theFileHandedOverLastInTheBuildsOrderWinsWhateverTheOrderOfArrival() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        let photo = root + "/photo.jpg"
        try Data("copied".utf8).write(to: URL(fileURLWithPath: photo))
        let held = HeldOutput(beside: URL(fileURLWithPath: root + "/Output"))
        // The copy (sequence 9) arrives before the rendered file at its path (sequence 2).
        try held.write(.copy(of: photo), to: "robots.txt", sequence: 9)
        try held.write(.bytes(Data("rendered".utf8)), to: "robots.txt", sequence: 2)
        try held.write(.stream { sink in Array("streamed".utf8).withUnsafeBytes { sink.write($0) } }, to: "feeds/products.xml", sequence: 5)
        try held.write(.bytes(Data("new page".utf8)), to: "products/index.html", sequence: 1)
        try held.apply(to: output)
        #expect(try String(contentsOfFile: root + "/Output/robots.txt", encoding: .utf8) == "copied")
        #expect(try String(contentsOfFile: root + "/Output/feeds/products.xml", encoding: .utf8) == "streamed")
        #expect(try String(contentsOfFile: root + "/Output/products/index.html", encoding: .utf8) == "new page")
    }

    @Test func nothingHeldTouchesTheFolderBeforeItIsApplied() throws {
        let (root, _) = try scene()
        defer { FileTree.remove(root) }
        let held = HeldOutput(beside: URL(fileURLWithPath: root + "/Output"))
        try held.write(.bytes(Data("new page".utf8)), to: "products/index.html", sequence: 0)
        try held.write(.bytes(Data("a brand".utf8)), to: "brands/diar/index.html", sequence: 1)
        #expect(try String(contentsOfFile: root + "/Output/products/index.html", encoding: .utf8) == "old page")
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/brands"))
    }

    @Test func aStreamedFileWaitsBesideTheOutputAndLeavesNothingThereOnceApplied() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        let held = HeldOutput(beside: URL(fileURLWithPath: root + "/Output"))
        try held.write(.stream { sink in Array("a feed".utf8).withUnsafeBytes { sink.write($0) } }, to: "feeds/products.xml", sequence: 3)
        let beside = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(".Output.vitrine-") }
        #expect(beside.count == 1, "the feed waits in a work folder beside the output")
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/feeds"))
        try held.apply(to: output)
        held.discard()
        #expect(try String(contentsOfFile: root + "/Output/feeds/products.xml", encoding: .utf8) == "a feed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["Output"])
    }

    @Test func aStreamWrittenInPlaceLeavesNoFileBesideIt() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        try output.write(.stream { sink in Array("new feed".utf8).withUnsafeBytes { sink.write($0) } }, to: "products/feed.xml", sequence: 0)
        #expect(try String(contentsOfFile: root + "/Output/products/feed.xml", encoding: .utf8) == "new feed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/Output/products").sorted() == ["feed.xml", "index.html"])
    }

    @Test func aFileInAFolderThePreviousBuildDidNotHaveIsWrittenInPlace() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        try output.write(.bytes(Data("a brand".utf8)), to: "brands/diar/index.html", sequence: 0)
        #expect(try String(contentsOfFile: root + "/Output/brands/diar/index.html", encoding: .utf8) == "a brand")
    }
}
