import BuildEngine
import Foundation
import Testing

@Suite struct FileTreeTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filetree-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aCopyHoldsTheSameBytesWhateverTheSize() throws {
        let root = try Self.scratch()
        defer { FileTree.remove(root) }
        for size in [0, 1, 65_536, 1_000_003] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) })
            try bytes.write(to: URL(fileURLWithPath: root + "/in-\(size)"))
            try FileTree.copy(root + "/in-\(size)", to: root + "/out-\(size)")
            #expect(FileManager.default.contents(atPath: root + "/out-\(size)") == bytes)
        }
        // A copy replaces what was at the target.
        try Data(repeating: 7, count: 5_000).write(to: URL(fileURLWithPath: root + "/out-1"))
        try FileTree.copy(root + "/in-1", to: root + "/out-1")
        #expect(FileManager.default.contents(atPath: root + "/out-1")?.count == 1)
    }

    @Test func aCopyFromAMissingFileThrowsItsError() throws {
        let root = try Self.scratch()
        defer { FileTree.remove(root) }
        #expect(throws: FileTreeError.self) { try FileTree.copy(root + "/missing", to: root + "/out") }
        #expect(!FileManager.default.fileExists(atPath: root + "/out"))
        #expect(throws: FileTreeError.self) { try FileTree.copy(root, to: root + "/nowhere/out") }
    }

    @Test func removeTakesAWholeTreeAndListingFindsEveryFile() throws {
        let root = try Self.scratch()
        defer { FileTree.remove(root) }
        var made: Set<String> = []
        // More files in one folder than are removed one by one, and nested folders.
        for i in 0..<700 { made.insert("big/\(i).txt") }
        made.formUnion(["a.txt", "deep/er/still/b.txt", "deep/c.txt"])
        for path in made {
            let url = URL(fileURLWithPath: root + "/tree/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(atPath: root + "/tree/empty", withIntermediateDirectories: true)
        #expect(Set(FileTree.files(under: root + "/tree")) == made)
        FileTree.remove(root + "/tree")
        #expect(!FileManager.default.fileExists(atPath: root + "/tree"))
        #expect(FileTree.files(under: root + "/tree").isEmpty)
        // A single file, and something already gone.
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/one"))
        FileTree.remove(root + "/one")
        FileTree.remove(root + "/one")
        #expect(!FileManager.default.fileExists(atPath: root + "/one"))
    }
}
