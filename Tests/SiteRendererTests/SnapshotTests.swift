import Foundation
import Testing

@Suite struct SnapshotTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-snapshots-\(UUID().uuidString)")

    /// A snapshot nobody recorded must not pass by recording itself on the first run.
    @Test func aMissingSnapshotIsAFailureThatSaysHowToRecordIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = Snapshot(named: "missing.html", in: folder, filter: "everyPageKindMatchesItsSnapshot")
        let problem = try #require(try snapshot.problem(with: "<p>page</p>", recording: false))
        #expect(problem.contains("VITRINE_RECORD_SNAPSHOTS=1 swift test --filter everyPageKindMatchesItsSnapshot"))
        #expect(!FileManager.default.fileExists(atPath: snapshot.file.path))
    }

    @Test func recordingWritesTheSnapshotThatTheNextRunComparesWith() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = Snapshot(named: "page.html", in: folder, filter: "x")
        #expect(try snapshot.problem(with: "<p>one</p>\n<p>two</p>", recording: true) == nil)
        #expect(try snapshot.problem(with: "<p>one</p>\n<p>two</p>", recording: false) == nil)
        let changed = try #require(try snapshot.problem(with: "<p>one</p>\n<p>three</p>", recording: false))
        #expect(changed.contains("line 2") && changed.contains("<p>three</p>"))
    }

    /// The helper the page tests call reports the missing file as an issue of the calling test.
    @Test(.disabled(if: Snapshot.isRecording, "recording would write the file"))
    func assertSnapshotRecordsAnIssueForAMissingSnapshot() throws {
        let name = "no-such-page-\(UUID().uuidString).html"
        try withKnownIssue {
            try assertSnapshot("<p>page</p>", named: name)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("VITRINE_RECORD_SNAPSHOTS=1 swift test --filter") }
        }
        #expect(!FileManager.default.fileExists(atPath: Snapshot.folder.appendingPathComponent(name).path))
    }
}
