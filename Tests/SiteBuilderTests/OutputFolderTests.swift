import BuildEngine
import Foundation
import Parallel
@testable import SiteBuilder
import Testing

/// The staging folder makes a file's folders when the first file in them is written, by whichever
/// worker writes it.
@Suite struct OutputFolderTests {
    func scene() throws -> (root: String, output: OutputFolder) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        return (root, try OutputFolder(destination: URL(fileURLWithPath: root + "/Output")))
    }

    @Test func everyWayOfWritingMakesTheFoldersItNeeds() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        let source = root + "/photo.jpg"
        try Data("jpeg".utf8).write(to: URL(fileURLWithPath: source))
        try output.write(Data("page".utf8), to: "products/rose/index.html")
        try output.write(streaming: { sink in Array("feed".utf8).withUnsafeBytes { sink.write($0) } }, to: "feeds/brands/a/rss.xml")
        try output.copy(source, to: "images/products/deep/photo.jpg")
        try output.hardLink(source, to: "pictures/products/photo-320.abc.jpg")
        try output.commit()
        let published = Set(FileTree.files(under: root + "/Output"))
        #expect(published == [
            "products/rose/index.html", "feeds/brands/a/rss.xml", "images/products/deep/photo.jpg",
            "pictures/products/photo-320.abc.jpg",
        ])
        #expect(try String(contentsOfFile: root + "/Output/feeds/brands/a/rss.xml", encoding: .utf8) == "feed")
    }

    @Test func workersWritingIntoTheSameNewFolderAtOnceAllSucceed() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        let failures = FailureList()
        ParallelMap.forEach(count: 400) { index in
            do {
                try output.write(Data("\(index)".utf8), to: "products/p\(index % 7)/variant-\(index).html")
            } catch {
                failures.add("\(index)", error)
            }
        }
        #expect(failures.first == nil)
        try output.commit()
        #expect(FileTree.files(under: root + "/Output").count == 400)
    }

    @Test func aMissingSourceIsReportedAsItselfNotAsAMissingFolder() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        #expect(throws: OutputError.self) { try output.copy(root + "/nowhere.jpg", to: "images/nowhere.jpg") }
        #expect(!FileManager.default.fileExists(atPath: output.staging.path + "/images"))
        output.discard()
    }

    @Test func aFileWhereAFolderMustGoIsAnError() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        try output.write(Data("file".utf8), to: "products")
        #expect(throws: OutputError.self) { try output.write(Data("page".utf8), to: "products/rose/index.html") }
        output.discard()
    }

    /// Files are opened relative to the open staging folder; a path written with a leading slash
    /// must still land there, not at the root of the file system.
    @Test func aPathWithALeadingSlashStaysInsideTheStagingFolder() throws {
        let (root, output) = try scene()
        defer { FileTree.remove(root) }
        try output.write(Data("page".utf8), to: "/vitrine-test-\(UUID().uuidString)/index.html")
        try output.commit()
        let published = FileTree.files(under: root + "/Output")
        #expect(published.count == 1)
        #expect(published.first?.hasSuffix("/index.html") == true)
    }
}
