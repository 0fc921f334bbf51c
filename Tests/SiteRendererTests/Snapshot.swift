import Foundation
import Testing

/// A page recorded in `Snapshots/`. A missing recording is a failure, not a silent first
/// recording, so a renamed or mistyped snapshot cannot make a test pass without comparing anything.
struct Snapshot {
    /// Set to record (or re-record) snapshots instead of comparing with them.
    static let recordVariable = "VITRINE_RECORD_SNAPSHOTS"
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    let file: URL
    /// What to pass to `swift test --filter` to record this snapshot again.
    let filter: String

    init(named name: String, in folder: URL = Snapshot.folder, filter: String) {
        file = folder.appendingPathComponent(name)
        self.filter = filter
    }

    /// Whether this run records snapshots rather than checking them.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// Records `text` when `recording`, otherwise compares it with the recording and returns what
    /// is wrong, or nil when it matches.
    func problem(with text: String, recording: Bool = Snapshot.isRecording) throws -> String? {
        if recording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return nil
        }
        let howToRecord = "\(Self.recordVariable)=1 swift test --filter \(filter)"
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return "No snapshot \(file.lastPathComponent) in \(file.deletingLastPathComponent().path). Record it with \(howToRecord)"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != text else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 } ?? min(expectedLines.count, actualLines.count)
        return """
            \(file.lastPathComponent) differs from its snapshot at line \(first + 1):
              expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
              actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
            Re-record with \(howToRecord) if the change is intended.
            """
    }
}

/// Checks a page against its snapshot in `Snapshots/`, recording it only when
/// VITRINE_RECORD_SNAPSHOTS is set.
func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let filter = (Test.current?.name).map { String($0.prefix { $0 != "(" }) } ?? "SiteRendererTests"
    if let problem = try Snapshot(named: name, filter: filter).problem(with: text) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}
