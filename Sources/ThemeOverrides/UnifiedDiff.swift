import Foundation

/// A unified diff (`diff -u`) of two texts, from the system's `diff` program (GNU diffutils on
/// Linux, BSD diff on macOS): the format every reviewer and `patch` reads.
enum UnifiedDiff {
    static let candidates = ["/usr/bin/diff", "/bin/diff"]

    /// The diff of `old` to `new` under those labels; empty when they are the same.
    static func make(old: Data, labelled oldLabel: String, new: Data, labelled newLabel: String) throws(ThemeError) -> String {
        guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw .diffFailed("no diff program at \(candidates.joined(separator: " or ")); install diffutils")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b) = (folder.appendingPathComponent("a"), folder.appendingPathComponent("b"))
        let process = Process()
        let output = Pipe()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try old.write(to: a)
            try new.write(to: b)
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["-u", "--label", oldLabel, "--label", newLabel, a.path, b.path]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        } catch {
            throw .diffFailed(error.localizedDescription)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // 0: the same, 1: different, 2: trouble.
        guard process.terminationStatus <= 1 else { throw .diffFailed("\(program) exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}
