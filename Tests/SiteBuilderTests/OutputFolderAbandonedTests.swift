import BuildEngine
import Foundation
@testable import SiteBuilder
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A killed build leaves its staging folder (and, killed mid-swap, the previous output aside);
/// the next build's output folder clears them without touching what a running build owns.
@Suite struct OutputFolderAbandonedTests {
    /// A process identifier no process has now.
    func deadProcess() -> pid_t {
        var candidate: pid_t = 4_000_000
        while kill(candidate, 0) == 0 || errno != ESRCH { candidate -= 1 }
        return candidate
    }

    func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("abandoned-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    func make(_ path: String, file: String = "index.html", text: String = "page") throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + file))
    }

    @Test func aKilledBuildsStagingFolderIsRemovedAndOthersAreKept() throws {
        let root = try folder()
        defer { FileTree.remove(root) }
        let dead = deadProcess()
        let own = ProcessInfo.processInfo.processIdentifier
        let abandoned = root + "/.Output.vitrine-\(dead)-1A2B3C4D"
        let kept = [
            root + "/.Output.vitrine-\(own)-1A2B3C4D",  // a build of this process, still running
            root + "/.Output.vitrine-cache",  // the picture cache
            root + "/.Other.vitrine-\(dead)-1A2B3C4D",  // another output's
            root + "/.Output.vitrine-\(dead)-short",  // not a name a build gives
        ]
        for path in [abandoned] + kept { try make(path) }
        let output = try OutputFolder(destination: URL(fileURLWithPath: root + "/Output"))
        defer { output.discard() }
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        for path in kept { #expect(FileManager.default.fileExists(atPath: path + "/index.html"), "\(path)") }
    }

    @Test func aPreviousOutputLeftAsideByAKilledSwapIsPutBack() throws {
        let root = try folder()
        defer { FileTree.remove(root) }
        let dead = deadProcess()
        try make(root + "/.Output.vitrine-\(dead)-1A2B3C4D-old", text: "previous")
        try make(root + "/.Output.vitrine-\(dead)-1A2B3C4D", text: "half written")
        let output = try OutputFolder(destination: URL(fileURLWithPath: root + "/Output"))
        output.discard()
        #expect(try String(contentsOfFile: root + "/Output/index.html", encoding: .utf8) == "previous")
        let left = try FileManager.default.contentsOfDirectory(atPath: root)
        #expect(left == ["Output"])
    }

    @Test func anAsideLeftAfterTheSwapFinishedIsRemoved() throws {
        let root = try folder()
        defer { FileTree.remove(root) }
        try make(root + "/Output", text: "new")
        try make(root + "/.Output.vitrine-\(deadProcess())-1A2B3C4D-old", text: "previous")
        let output = try OutputFolder(destination: URL(fileURLWithPath: root + "/Output"))
        output.discard()
        #expect(try String(contentsOfFile: root + "/Output/index.html", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["Output"])
    }
}
