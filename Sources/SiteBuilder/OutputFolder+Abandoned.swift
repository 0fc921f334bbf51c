import BuildEngine
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFolder {
    /// What a build that was killed left beside the output: its staging folder (a whole site's
    /// worth of files, 8 GB at 100,000 products in four storefronts, which nothing else would
    /// ever remove), and, if it died during the swap, the previous output renamed aside.
    ///
    /// Only folders of processes that no longer run are touched: a live process with the same
    /// identifier (another build writing the same output, or an unrelated one that reused a dead
    /// build's identifier) keeps its folder. A previous output found aside with no output in its
    /// place is put back, so a killed build still loses nothing; aside with an output in place,
    /// the swap had finished and it is removed.
    static func clearAbandoned(beside destination: URL) {
        let parent = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).vitrine-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        let own = ProcessInfo.processInfo.processIdentifier
        // The asides first: one put back makes the destination exist for the staging folders' turn.
        for name in names.sorted(by: { $0.hasSuffix("-old") && !$1.hasSuffix("-old") }) where name.hasPrefix(prefix) {
            guard let owner = stagingOwner(name.dropFirst(prefix.count)), owner != own, !isRunning(owner) else { continue }
            let path = parent.appendingPathComponent(name).path
            if name.hasSuffix("-old"), !FileManager.default.fileExists(atPath: destination.path) {
                try? FileManager.default.moveItem(atPath: path, toPath: destination.path)
            } else {
                FileTree.remove(path)
            }
        }
    }

    /// The process identifier in a staging folder's name after its prefix (`4242-1A2B3C4D`, or
    /// with `-old` for an aside); nil for any other name.
    static func stagingOwner(_ rest: Substring) -> pid_t? {
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && parts[2] == "old"), parts[1].count == 8,
            let owner = pid_t(parts[0]), owner > 0
        else { return nil }
        return owner
    }

    private static func isRunning(_ process: pid_t) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
