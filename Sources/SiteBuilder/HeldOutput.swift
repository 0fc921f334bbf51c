import BuildEngine
import Foundation
import Parallel

/// A small patch made before the output folder is touched, so a patch that fails while
/// rendering leaves the folder as it was; `apply` then puts it in place. Rendered files are held
/// in memory; a streamed one (a merchant feed: 125 MB at 100,000 products) goes to a file in a
/// work folder beside the output and is renamed into place; copies are read only then.
final class HeldOutput: OutputDestination, @unchecked Sendable {
    private enum Held {
        case file(OutputFile)
        /// A streamed file, made in the work folder.
        case spilled(String)
    }

    private var files: [(sequence: Int, path: String, held: Held)] = []
    private let lock = NSLock()
    /// Made with the first streamed file; removed by `discard`. Named as `OutputFolder`'s staging
    /// folders are, so one left by a killed build is cleared by the next.
    private let workFolder: URL
    private var madeWorkFolder = false

    init(beside destination: URL) {
        workFolder = OutputFolder.workFolder(beside: destination.standardizedFileURL)
    }

    var isSequential: Bool { false }
    var hasFailed: Bool { false }

    /// The patch changes the current output, where the file already is.
    func keep(_ path: String) -> Bool { true }

    func waitForRoom(before sequence: Int) -> Bool { true }

    func write(_ file: OutputFile, to path: String, sequence: Int) throws {
        var held = Held.file(file)
        if case .stream(let stream) = file {
            let spilled = try spill(stream, for: path, sequence: sequence)
            held = .spilled(spilled)
        }
        lock.lock()
        files.append((sequence, path, held))
        lock.unlock()
    }

    func skip(_ sequence: Int) {}

    private func spill(_ stream: (OutputSink) -> Void, for path: String, sequence: Int) throws -> String {
        try makeWorkFolder()
        // Named by its sequence number, which each file has once.
        let spilled = workFolder.appendingPathComponent(String(sequence)).path
        if let failure = OutputSink.writeFile(atPath: spilled, stream) { throw OutputError(path: path, code: failure) }
        return spilled
    }

    private func makeWorkFolder() throws {
        lock.lock()
        defer { lock.unlock() }
        guard !madeWorkFolder else { return }
        try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
        madeWorkFolder = true
    }

    /// Writes what is held into `output` on all cores: at each path the file handed over last in
    /// the build's order, as a folder build leaves it (a copied file replaces a rendered one).
    func apply(to output: InPlaceOutput) throws {
        lock.lock()
        var latest: [String: Int] = [:]
        for (index, held) in files.enumerated() where files[latest[held.path] ?? index].sequence <= held.sequence {
            latest[held.path] = index
        }
        let chosen = latest.values.sorted().map { files[$0] }
        lock.unlock()
        let failures = FailureList()
        ParallelMap.forEach(count: chosen.count, chunk: 1) { index in
            let (sequence, path, held) = chosen[index]
            do {
                switch held {
                case .file(let file): try output.write(file, to: path, sequence: sequence)
                case .spilled(let spilled): try output.move(spilled, to: path)
                }
            } catch {
                failures.add(path, error)
            }
        }
        if let failure = failures.first { throw failure }
    }

    /// Removes the work folder and what is left in it.
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        if madeWorkFolder { FileTree.remove(workFolder.path) }
    }
}
