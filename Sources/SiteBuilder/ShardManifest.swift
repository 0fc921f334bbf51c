import BuildEngine
import CatalogModel
import Crypto
import DefaultTheme
public import Foundation

/// What a shard's folder says about itself, in `.vitrine-shard.json` at its top, so that
/// `vitrine merge` refuses parts that do not make one site: parts of another build, of another
/// split, a shard given twice, or a folder that lost or gained files since it was written.
public struct ShardManifest: Codable, Sendable, Equatable {
    public static let fileName = ".vitrine-shard.json"
    /// Raised when the meaning of the fields changes.
    public static let currentFormat = 1

    public var format: Int
    public var shard: Int
    public var of: Int
    /// Hash of what the files were made from: the catalog's content, the theme's files, the clock
    /// and strictness. Equal across the parts of one build; not the executable's identity, since
    /// each job of a CI matrix installs its own copy of the same release.
    public var build: String
    /// How many files the part holds, this manifest aside.
    public var files: Int

    public init(shard: BuildShard, build: String, files: Int) {
        format = Self.currentFormat
        self.shard = shard.index
        of = shard.count
        self.build = build
        self.files = files
    }

    public func encoded() throws -> Data { Data(try JSONValue.encoding(self).prettyEncodedBytes()) }

    /// The `build` value for a catalog, theme folder and clock.
    static func buildIdentity(catalog: Catalog, templates: URL, clock: Date, strict: Bool) -> String {
        var text = "catalog \(CatalogFingerprint.sha256(of: catalog))\nclock \(Timestamp.rfc3339(clock))\nstrict \(strict)\n"
        let root = templates.standardizedFileURL.path + "/"
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
        for file in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            text += "theme \(file) \(ContentDigest.ofFile(atPath: root + file) ?? "unreadable")\n"
        }
        // The built-in theme the folder's files override: another program's may differ.
        for path in DefaultTheme.paths {
            text += "built-in \(path) \(ContentDigest.hex(SHA256.hash(data: DefaultTheme.files[path] ?? Data())))\n"
        }
        return ContentDigest.hex(SHA256.hash(data: Data(text.utf8)))
    }
}
