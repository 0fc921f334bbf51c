import BuildEngine
import Foundation
import Parallel

/// A small patch made in memory before the output folder is touched, so a patch that fails while
/// rendering leaves the folder as it was; `apply` then puts it in place. Copies are read only then.
final class HeldOutput: OutputDestination, @unchecked Sendable {
    private var files: [(sequence: Int, path: String, file: OutputFile)] = []
    private let lock = NSLock()

    var isSequential: Bool { false }
    var hasFailed: Bool { false }

    /// The patch changes the current output, where the file already is.
    func keep(_ path: String) -> Bool { true }

    func waitForRoom(before sequence: Int) -> Bool { true }

    func write(_ file: OutputFile, to path: String, sequence: Int) throws {
        var held = file
        if case .stream(let stream) = file {
            let sink = OutputSink.memory()
            stream(sink)
            held = .bytes(sink.data)
        }
        lock.lock()
        files.append((sequence, path, held))
        lock.unlock()
    }

    func skip(_ sequence: Int) {}

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
            do { try output.write(chosen[index].file, to: chosen[index].path, sequence: chosen[index].sequence) } catch {
                failures.add(chosen[index].path, error)
            }
        }
        if let failure = failures.first { throw failure }
    }
}
