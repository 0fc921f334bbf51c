public import CatalogModel
public import Foundation

/// Files as a change would leave them, read in place of the content folder's: the editor
/// validates the whole catalog with an edit before writing a byte of it.
public struct ContentOverlay: Sendable {
    /// Record files by path relative to the content folder (`products/aven/x.md`): new bytes,
    /// or nil for a file the change removes.
    public var records: [String: Data?] = [:]
    /// Pictures the change adds under `images/`, by relative path, with their size.
    public var images: [String: PixelSize] = [:]

    public init(records: [String: Data?] = [:], images: [String: PixelSize] = [:]) {
        self.records = records
        self.images = images
    }

    public var isEmpty: Bool { records.isEmpty && images.isEmpty }

    /// The folder's listing of `folder` (relative paths under it) with the change applied.
    func applied(toListing listing: [String], folder: String) -> [String] {
        guard !records.isEmpty else { return listing }
        let prefix = folder + "/"
        var names = Set(listing)
        for (path, data) in records where path.hasPrefix(prefix) {
            let relative = String(path.dropFirst(prefix.count))
            if data == nil { names.remove(relative) } else { names.insert(relative) }
        }
        return names.sorted()
    }
}
