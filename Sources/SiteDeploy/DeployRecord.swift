public import Foundation

/// What this machine knows of a target: the manifest of what it holds now, and for a folder of
/// releases, each kept release's manifest so a rollback knows what it went back to. Kept beside
/// the output (in the build cache's folder, which CI restores with it), never on the target: a
/// deploy compares manifests and lists or downloads nothing remote.
///
/// Each file is replaced by a rename, so a deploy killed at any point leaves either the old
/// record or the new one. A record that does not match the target (another machine deployed, or
/// the cache was lost) costs one full upload, never a wrong site.
public struct DeployRecord: Sendable {
    public let folder: URL

    /// `records` is the folder holding every target's record (the CLI uses `deploy/` in the build
    /// cache's folder); `server` is an S3-compatible server's address, when not AWS.
    public init(records: URL, target: DeployTarget, server: String? = nil) {
        folder = records.appendingPathComponent(target.recordName(server: server))
    }

    var manifestFile: URL { folder.appendingPathComponent("manifest") }
    var releaseFile: URL { folder.appendingPathComponent("release") }
    var redirectsFile: URL { folder.appendingPathComponent("redirects") }
    func releaseManifestFile(_ release: String) -> URL { folder.appendingPathComponent("releases/\(release)") }

    /// What the target holds, by the last deploy from here.
    public var manifest: DeployManifest? { DeployManifest.read(from: manifestFile) }

    /// The release the target's `current` pointed at after the last deploy or rollback from here.
    public var release: String? {
        (try? String(contentsOf: releaseFile, encoding: .utf8)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    public func manifest(ofRelease release: String) -> DeployManifest? { DeployManifest.read(from: releaseManifestFile(release)) }

    /// Records a finished deploy. The release's own manifest is written first and the pointer
    /// last, so a crash in between leaves the previous pointer, which still names a true manifest.
    /// `keeping` names the releases still on the target; other releases' manifests are dropped.
    public func save(_ manifest: DeployManifest, release: String?, keeping releases: [String]? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let release {
            try manifest.write(to: releaseManifestFile(release))
            let kept = Set((releases ?? []) + [release])
            let folder = releaseManifestFile(release).deletingLastPathComponent()
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where releases != nil && !kept.contains(name) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        try manifest.write(to: manifestFile)
        try write(release ?? "", to: releaseFile)
    }

    /// Forgets the target's state: the next deploy sends everything.
    public func forget() {
        try? FileManager.default.removeItem(at: manifestFile)
        try? FileManager.default.removeItem(at: releaseFile)
    }

    /// Pages removed by earlier deploys and where they now send visitors, for `_redirects`.
    public var redirects: [String: String] {
        guard let text = try? String(contentsOf: redirectsFile, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2 { result[String(fields[0])] = String(fields[1]) }
        }
        return result
    }

    public func saveRedirects(_ redirects: [String: String]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(redirects.keys.sorted().map { "\($0)\t\(redirects[$0]!)\n" }.joined(), to: redirectsFile)
    }

    private func write(_ text: String, to file: URL) throws {
        try Data(text.utf8).write(to: file, options: .atomic)
    }
}
