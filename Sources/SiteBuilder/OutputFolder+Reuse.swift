import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFolder {
    /// Puts the file the current output has at `path` into the new one as a hard link: the same
    /// bytes, no copy, and the old folder can still be removed after the swap. False when there
    /// is no such file, so the caller renders it instead.
    func linkFromDestination(_ path: String) -> Bool {
        linkMakingFolders(destinationRoot + path, at: path) == 0
    }

    /// `link(2)` of `source` at `path` in the staging folder, making the folders above it when they
    /// are missing; 0, or the error number.
    func linkMakingFolders(_ source: String, at path: String) -> Int32 {
        if linkInStaging(source, at: path) == 0 { return 0 }
        let code = errno
        guard code == ENOENT, access(source, F_OK) == 0, (try? makeFolders(of: path)) != nil else { return code }
        return linkInStaging(source, at: path) == 0 ? 0 : errno
    }

    /// link(2) relative to the open staging folder, as `create` opens files.
    private func linkInStaging(_ source: String, at path: String) -> Int32 {
        linkat(AT_FDCWD, source, root.descriptor, Self.inside(path), 0)
    }
}

extension OutputFolder {
    /// A hard link to `source` at `path` in the staging folder, or a copy when the two lie on
    /// different file systems.
    func hardLink(_ source: String, to path: String) throws {
        let code = linkMakingFolders(source, at: path)
        if code == 0 { return }
        guard code == EXDEV || code == EPERM || code == EMLINK else { throw OutputError(path: path, code: code) }
        try copy(source, to: path)
    }
}
