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
        link(destination.path + "/" + path, staging.path + "/" + path) == 0
    }
}
