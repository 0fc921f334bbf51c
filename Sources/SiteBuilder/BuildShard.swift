import CatalogModel

/// One of `count` parts of a build (`vitrine build --shard 2/4`), for spreading a large catalog
/// over the jobs of a CI matrix. Every shard reads and validates the whole catalog, since pages,
/// feeds and lists refer across it, and writes only the files it owns; `vitrine merge` joins the
/// parts into exactly the files of a full build.
///
/// A file belongs to the shard its path hashes to. Paths, not brands or page kinds, so the parts
/// stay even whatever the catalog's shape (one brand of 90,000 products, or more shards than
/// brands), and so a shard's part depends on nothing but its number and the list of files.
public struct BuildShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based, as CI matrices count.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, as `--shard` takes it, or why the text is not one.
    public static func parse(_ text: String) -> Result<BuildShard, ShardSyntaxError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            return .failure(ShardSyntaxError(text: text, reason: "is not K/N; write e.g. 2/4 for the second of four shards"))
        }
        guard count >= 1, count <= 10_000 else {
            return .failure(ShardSyntaxError(text: text, reason: "has \(count) shards; use 1 to 10,000"))
        }
        guard let shard = BuildShard(index: index, count: count) else {
            return .failure(ShardSyntaxError(text: text, reason: "names shard \(index) of \(count); shards count from 1 to \(count)"))
        }
        return .success(shard)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether this shard writes the file at `path`.
    public func owns(_ path: String) -> Bool { Self.shard(of: path, among: count) == index }

    /// The search index's files name each other by content hashes, so the index is built whole,
    /// by one shard: the one that owns its folder.
    public var ownsSearchIndex: Bool { owns(Self.searchFolder) }

    static let searchFolder = Routes.search

    /// The shard that writes `path`: FNV-1a over its bytes, the same on every machine and Swift
    /// version (unlike `Hasher`). The search index's folder goes whole to one shard.
    static func shard(of path: String, among count: Int) -> Int {
        let key = path.hasPrefix(searchFolder) ? searchFolder : path
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) + 1
    }
}

public struct ShardSyntaxError: Error, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "--shard \"\(text)\" \(reason)" }
}
