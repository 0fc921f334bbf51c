import BuildEngine
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file published as a hard link to (or, across file systems, a copy of) a file elsewhere.
public struct LinkedFile: Sendable, Hashable {
    public var source: String
    public var path: String

    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }
}

/// What `placeDerived` changed, so a failed swap can put the old output back as it was and a
/// successful one can drop the files no longer wanted.
struct DerivedPlacement {
    /// The folder taken over from the old output (relative to either root), if one was.
    var movedFolder: String?
    /// Files linked into the taken-over folder.
    var added: [String] = []
    /// Files of the taken-over folder the new output does not want.
    var unwanted: [String] = []

    /// Puts the old output's folder back where it was, without the files added to it.
    func undo(staging: String, aside: String?) {
        guard let folder = movedFolder, let aside else { return }
        for path in added { unlink(staging + "/" + path) }
        rename(staging + "/" + folder, aside + "/" + folder)
    }

    /// After the swap: the old files nobody links to any more, and folders left empty.
    func removeUnwanted(in root: String) {
        for path in unwanted {
            unlink(root + "/" + path)
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty, folder != movedFolder, rmdir(root + "/" + folder) == 0 {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }
}

extension OutputFolder {
    /// Places the derived pictures under `folder` in the staging folder. A cached rebuild of a
    /// shop with 1,000 photos links 12,000 derived files; one per file, in one folder (whose lock
    /// the kernel takes for every link and unlink), that cost more than a twentieth of the build.
    /// So the current output's folder, set aside for the swap, is moved over whole, and only the
    /// differences are linked; the files it has that are no longer wanted are removed after the
    /// swap. Its files can be trusted by name alone: each name carries the hash of the source's
    /// bytes and the settings, and the same source and settings make the same bytes.
    func placeDerived(_ files: [LinkedFile], in folder: String, takingFrom aside: URL?) throws -> DerivedPlacement {
        var placement = DerivedPlacement()
        var present: Set<String> = []
        let target = staging.path + "/" + folder
        if let aside, !folder.isEmpty, rename(aside.path + "/" + folder, target) == 0 {
            placement.movedFolder = folder
            present = Set(FileTree.files(under: target).map { folder + "/" + $0 })
        }
        let wanted = Set(files.map(\.path))
        placement.unwanted = present.subtracting(wanted).sorted()
        let missing = files.filter { !present.contains($0.path) }
        try prepareFolders(for: missing.map(\.path))
        let failures = FailureList()
        let added = PathList()
        ParallelMap.forEach(count: missing.count) { index in
            do {
                try hardLink(missing[index].source, to: missing[index].path)
                added.add(missing[index].path)
            } catch {
                failures.add(missing[index].path, error)
            }
        }
        if placement.movedFolder != nil { placement.added = added.sorted() }
        if let failure = failures.first {
            placement.undo(staging: staging.path, aside: aside?.path)
            placement = DerivedPlacement()
            throw failure
        }
        return placement
    }
}
