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
        let (old, new) = (destination.path + "/" + path, staging.path + "/" + path)
        if link(old, new) == 0 { return true }
        guard errno == ENOENT, access(old, F_OK) == 0, (try? makeFolders(of: path)) != nil else { return false }
        return link(old, new) == 0
    }
}

extension OutputFolder {
    /// A hard link to `source` at `path` in the staging folder, or a copy when the two lie on
    /// different file systems.
    func hardLink(_ source: String, to path: String) throws {
        if link(source, staging.path + "/" + path) == 0 { return }
        var code = errno
        if code == ENOENT, access(source, F_OK) == 0 {
            try makeFolders(of: path)
            if link(source, staging.path + "/" + path) == 0 { return }
            code = errno
        }
        guard code == EXDEV || code == EPERM || code == EMLINK else { throw OutputError(path: path, code: code) }
        try copy(source, to: path)
    }
}
