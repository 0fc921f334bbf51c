import BuildEngine
import Foundation

/// Where a build puts its files: a new folder swapped in whole (`OutputFolder`), the served folder
/// changed file by file (`InPlaceOutput`), one archive (`ArchiveOutput`), or memory until a small
/// patch is ready to go in place (`HeldOutput`). The pipeline has one loop for each kind of file
/// (`BuildPipeline+Writing`) and hands every destination the same calls.
///
/// Each file comes with its place in the build's order, `sequence`: an archive's bytes follow
/// that order whichever core finishes first; the folders ignore it.
protocol OutputDestination: Sendable {
    /// Whether files are taken in `sequence` (every number handed over once, by `write` or
    /// `skip`), so the loops number them and wait for room.
    var isSequential: Bool { get }

    /// Keeps the file the previous build wrote at `path`; false when there is none to keep, and
    /// the file must be written.
    func keep(_ path: String) -> Bool

    /// Whether a worker may make the file numbered `sequence` now; false once the destination
    /// has failed and nothing more need be made. A sequential destination waits here while the
    /// number is too far ahead of its writer.
    func waitForRoom(before sequence: Int) -> Bool

    /// True once a file could not be written.
    var hasFailed: Bool { get }

    func write(_ file: OutputFile, to path: String, sequence: Int) throws

    /// Nothing at `sequence` (a file replaced by a later one at its path, or not made after a failure).
    func skip(_ sequence: Int)
}

/// One file's contents as the pipeline hands them over.
enum OutputFile: Sendable {
    /// A rendered page or document, small enough to be held until it is written.
    case bytes(Data)
    /// Bytes better not held in an archive's queue (a feed, a cleaned photo): written through a
    /// file beside the archive. The folders write them as they write `bytes`.
    case large(Data)
    /// A file made piece by piece (the merchant feed), never whole in memory.
    case stream(@Sendable (OutputSink) -> Void)
    /// A copy of a file on disk (a photo, a theme file).
    case copy(of: String)
}
