import BuildEngine
import Foundation
import SiteArchive

/// The archive takes its files in sequence: nothing is kept from a previous build (an archive
/// build has no record), and whatever is not held in its queue goes through a file beside it.
extension ArchiveOutput: OutputDestination {
    var isSequential: Bool { true }

    func keep(_ path: String) -> Bool { false }

    func write(_ file: OutputFile, to path: String, sequence: Int) throws {
        do {
            switch file {
            case .bytes(let data): add(data, at: path, sequence: sequence)
            case .large(let data):
                try add(streaming: { sink in data.withUnsafeBytes { sink.write($0) } }, at: path, sequence: sequence)
            case .stream(let stream): try add(streaming: stream, at: path, sequence: sequence)
            case .copy(let source): addCopy(of: source, at: path, sequence: sequence)
            }
        } catch {
            // The files behind this one need not be made.
            abandon(error)
            throw error
        }
    }
}
