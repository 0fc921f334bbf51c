import CatalogModel
import Foundation

extension TemplateLibrary {
    enum FileVerdict {
        case read
        case skip
        case refuse(Diagnostic)
    }

    /// Whether the theme file at `relative` may be read. A theme comes from a pull request like
    /// any content: a link leading out of the templates folder could publish the build machine's
    /// files as a static file or a template, and a FIFO or device would block the build or never
    /// end. Links that stay inside the folder are read; a linked folder is skipped.
    static func verdict(on relative: String, in folder: URL, resolvedFolder: String, display: String) -> FileVerdict {
        let resolved = folder.appendingPathComponent(relative).resolvingSymlinksInPath().path
        let at = SourceLocation(path: display + "/" + relative)
        guard resolved.hasPrefix(resolvedFolder + "/") else {
            return .refuse(.error(
                "symbolic link leading out of the templates folder is not followed; copy the file into the templates folder instead",
                at: at))
        }
        let type = (try? FileManager.default.attributesOfItem(atPath: resolved)[.type]) as? FileAttributeType
        switch type {
        case .typeRegular?: return .read
        case .typeDirectory?: return .skip
        default:
            return .refuse(.error(
                "not a regular file (a device, FIFO or socket) and not read; replace it with an ordinary file", at: at))
        }
    }
}
