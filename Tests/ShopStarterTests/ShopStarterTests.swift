import Foundation
import ShopStarter
import Testing

@Suite struct ShopStarterTests {
    func temporaryFolder(_ name: String = "corner-shop") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-init-\(UUID().uuidString)/\(name)")
    }

    @Test func writesASmallShopNamedAfterItsFolder() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let starter = ShopStarter(folder: folder, version: "1.2.3")
        #expect(starter.title == "Corner Shop")
        let written = try starter.write()
        #expect(Set(written).isSuperset(of: [
            "Content/site.json", "Content/brands/corner-shop.md", "Content/categories/kitchen.md", "Content/products/stoneware-mug.md",
            "Content/products/linen-tea-towel.md", "Content/promotions/opening-week.md", "Content/pages/about.md",
            "Content/images/products/stoneware-mug.png", ".gitignore", ".github/workflows/publish.yml",
        ]))
        let site = try String(contentsOf: folder.appendingPathComponent("Content/site.json"), encoding: .utf8)
        #expect(site.contains("\"title\": \"Corner Shop\""))
        let gitignore = try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.contains("/Output/\n") && gitignore.contains("/.Output.vitrine-cache/\n"))
        let photo = try Data(contentsOf: folder.appendingPathComponent("Content/images/products/stoneware-mug.png"))
        #expect(photo.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(photo.count < 40_000, "\(photo.count) bytes")
        let workflow = try String(contentsOf: folder.appendingPathComponent(".github/workflows/publish.yml"), encoding: .utf8)
        #expect(workflow.contains("actions/deploy-pages") && workflow.contains("vitrine check --strict") && workflow.contains("1.2.3"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates").path))
        // Nothing of the sample shop's.
        let everything = try written.filter { !$0.hasSuffix(".png") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(!everything.contains("Beauty") && !everything.contains("beauty"))
    }

    @Test func refusesAFolderThatIsNotEmptyUnlessForced() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try ShopStarter(folder: folder, version: "1").write()

        let other = temporaryFolder("notes")
        defer { try? FileManager.default.removeItem(at: other.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("notes.txt"))
        #expect(throws: ShopStarterError.notEmpty(other.path, entries: ["notes.txt"])) { try ShopStarter(folder: other, version: "1").write() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["notes.txt"])
        try ShopStarter(folder: other, version: "1").write(force: true)
        #expect(FileManager.default.fileExists(atPath: other.appendingPathComponent("Content/site.json").path))
        #expect(try Data(contentsOf: other.appendingPathComponent("notes.txt")) == Data("mine".utf8))
    }
}
