public import Foundation

/// A folder's tree read into memory, so two builds can be compared path by path.
public enum FolderContents {
    /// Every regular file below `folder` with its bytes, keyed by relative path.
    public static func files(in folder: URL) -> [String: Data] {
        entries(in: folder).filter { !$0.key.hasSuffix("/") }
    }

    /// Every file with its bytes and every folder as empty data under a name ending in `/`, so an
    /// empty folder left behind counts as a difference.
    public static func entries(in folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base + relative, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                result[relative + "/"] = Data()
            } else {
                result[relative] = FileManager.default.contents(atPath: base + relative)
            }
        }
        return result
    }

    /// The paths where two trees differ, for a readable failure.
    public static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }
}
