import Foundation
import Testing

@testable import SiteDeploy

@Suite struct DeployManifestTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")

    func write(_ text: String, to path: String) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    @Test func scanListsEveryFileWithItsSizeAndSHA256() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("abc", to: "a.txt")
        try write("", to: "products/x/index.html")
        let manifest = try DeployManifest.scan(folder)
        #expect(manifest.entries.keys.sorted() == ["a.txt", "products/x/index.html"])
        // SHA-256 of "abc" and of nothing, as FIPS 180-2 gives them.
        #expect(manifest.entries["a.txt"]?.digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(manifest.entries["products/x/index.html"]?.digest == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(manifest.entries["a.txt"]?.size == 3)
    }

    @Test func scanKeepsTheDigestOfAFileWhoseStampDidNotMove() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("abc", to: "a.txt")
        var earlier = try DeployManifest.scan(folder)
        // A digest the file cannot have: reused only because the stamp is the same.
        earlier.entries["a.txt"]?.digest = String(repeating: "0", count: 64)
        #expect(try DeployManifest.scan(folder, reusing: earlier).entries["a.txt"]?.digest == String(repeating: "0", count: 64))
    }

    @Test func scanReadsAgainAFileThatWasReplaced() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("abc", to: "a.txt")
        let earlier = try DeployManifest.scan(folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.txt"))
        try write("abd", to: "a.txt")
        let now = try DeployManifest.scan(folder, reusing: earlier)
        #expect(now.entries["a.txt"]?.digest != earlier.entries["a.txt"]?.digest)
    }

    @Test func encodedManifestReadsBackEqualAndRefusesAnotherFormat() throws {
        let manifest = DeployManifest(entries: [
            "a b/c.html": .init(size: 12, digest: String(repeating: "a", count: 64), inode: 7, modified: 1_700_000_000_123_456_789)
        ])
        #expect(DeployManifest.decode(manifest.encoded()) == manifest)
        #expect(DeployManifest.decode("vitrine-deploy-manifest\t0\n") == nil)
        #expect(DeployManifest.decode(DeployManifest.header + "\nx\t1\tshort\t0\t0\n") == nil)
    }

    @Test func scanFollowsLinksToFilesAndFolders() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("abc", to: "real/a.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.txt").path, withDestinationPath: "real/a.txt")
        let manifest = try DeployManifest.scan(folder)
        #expect(manifest.entries.keys.sorted() == ["b.txt", "linked/a.txt", "real/a.txt"])
        #expect(manifest.entries["b.txt"]?.digest == manifest.entries["real/a.txt"]?.digest)
    }

    @Test func scanOfAMissingFolderSaysToBuildFirst() {
        #expect(throws: DeployError.self) { try DeployManifest.scan(folder.appendingPathComponent("nothing")) }
    }
}
