import BuildEngine
import Foundation
import Parallel

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

/// The current output's derived folder, listed and compared with the wanted files while the new
/// output renders, so the swap does not wait for it: listing 12,000 names and comparing them took
/// one core a twentieth of a second at the end of a cached rebuild, with the other core idle.
/// Each folder's stamp is kept; the listing is used only if no folder changed since.
struct DerivedListing: Sendable {
    /// Each folder listed, relative to the output, with its stamp before it was read.
    var folders: [(path: String, stamp: FileStamp)] = []
    var listedAt: Int64 = 0
    /// Wanted files the folder lacks, and files it has that are not wanted.
    var missing: [LinkedFile] = []
    var unwanted: [String] = []

    /// `folder` under `root` against `files`; a folder that is missing has nothing in it.
    static func make(root: String, folder: String, wanted files: [LinkedFile]) -> DerivedListing {
        var listing = DerivedListing(listedAt: FileStamp.now())
        var present: Set<String> = []
        var pending = [folder]
        while let relative = pending.popLast() {
            let path = root + "/" + relative
            guard let stamp = FileStamp.read(folder: path) else { continue }
            listing.folders.append((relative, stamp))
            for (name, isFolder) in FileTree.entries(of: path) {
                if isFolder { pending.append(relative + "/" + name) } else { present.insert(relative + "/" + name) }
            }
        }
        listing.missing = files.filter { !present.contains($0.path) }
        // Wanted files are distinct: when all the others are present, nothing else is.
        if present.count > files.count - listing.missing.count {
            listing.unwanted = present.subtracting(files.map(\.path)).sorted()
        }
        return listing
    }

    /// Whether every folder listed is still as it was under `root`, and was already so a moment
    /// before the listing (a change in the same tick of the file system's clock leaves the time).
    /// A folder's modification time changes whenever an entry is added, removed or renamed.
    func holds(under root: String) -> Bool {
        folders.allSatisfy { folder in
            guard let now = FileStamp.read(folder: root + "/" + folder.path) else { return false }
            return now.inode == folder.stamp.inode && now.modified == folder.stamp.modified && now.size == folder.stamp.size
                && folder.stamp.modified < listedAt - FileStamp.settleTime
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
    ///
    /// `listing`: the folder as listed during the build (`DerivedListing`), used when it still holds.
    func placeDerived(
        _ files: [LinkedFile], in folder: String, takingFrom aside: URL?, listing: DerivedListing? = nil
    ) throws -> DerivedPlacement {
        var placement = DerivedPlacement()
        var missing = files
        if let aside, !folder.isEmpty {
            let known = listing.flatMap { $0.holds(under: aside.path) ? $0 : nil }
            if rename(aside.path + "/" + folder, staging.path + "/" + folder) == 0 {
                placement.movedFolder = folder
                let listed = known ?? DerivedListing.make(root: staging.path, folder: folder, wanted: files)
                placement.unwanted = listed.unwanted
                missing = listed.missing
            }
        }
        let failures = FailureList()
        let added = PathList()
        ParallelMap.forEach(count: missing.count) { [missing] index in
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
