import BuildEngine
import Foundation

/// The staged folder: unchanged files are hard links to the current output's, written files are
/// new, and nothing is seen until `commit` swaps the whole folder in.
extension OutputFolder: OutputDestination {
    var isSequential: Bool { false }
    var hasFailed: Bool { false }

    func keep(_ path: String) -> Bool { linkFromDestination(path) }

    func waitForRoom(before sequence: Int) -> Bool { true }

    func write(_ file: OutputFile, to path: String, sequence: Int) throws {
        switch file {
        case .bytes(let data), .large(let data): try write(data, to: path)
        case .stream(let stream): try write(streaming: stream, to: path)
        case .copy(let source): try copy(source, to: path)
        }
    }

    func skip(_ sequence: Int) {}
}
