/// How an archive's bytes are compressed, told by the ending of its name as `tar` and hosts tell
/// it: a name that says gzip must hold gzip. A name with another ending is refused rather than
/// given a compression its reader would not expect.
public enum ArchiveCompression: Sendable, Equatable {
    case none
    case gzip
    case zstd

    /// The endings known, each with the compression it names; matched ignoring case.
    public static let endings: [(ending: String, compression: ArchiveCompression)] = [
        (".tar", .none), (".tar.gz", .gzip), (".tgz", .gzip), (".tar.zst", .zstd), (".tzst", .zstd),
    ]

    /// The compression `name` (a file name or path) asks for; nil when its ending is not known.
    public init?(fileName name: String) {
        let lowercased = name.lowercased()
        guard let known = Self.endings.first(where: { lowercased.hasSuffix($0.ending) && lowercased.count > $0.ending.count })
        else { return nil }
        self = known.compression
    }

    /// What to say when a name's ending is not known: which are.
    public static let knownEndings = ".tar (uncompressed), .tar.gz or .tgz (gzip), .tar.zst or .tzst (zstd)"

    /// The message for a name whose ending is not known, as `--archive` and `ArchiveOutput` give it.
    public static func unknownEnding(of name: String) -> String {
        "the archive's name must end in \(knownEndings), which says how it is compressed; "
            + "\"\(name.split(separator: "/").last.map(String.init) ?? name)\" ends in none of them"
    }
}
