import BuildEngine
import ContentLoader
import Foundation

/// Which build of Vitrine is running, as the size and times of its executable: a cache written
/// by another build of the program is not trusted, since its code may render differently.
enum ToolIdentity {
    static let current: String = {
        #if os(Linux)
        let path = "/proc/self/exe"
        #else
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        guard case .file(let stamp)? = FileStamp.kind(of: path) else { return "unknown" }
        return "\(stamp.size)-\(stamp.modified)-\(stamp.inode)"
    }()
}
