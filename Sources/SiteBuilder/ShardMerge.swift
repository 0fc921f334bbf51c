public import CatalogModel
public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vitrine merge`: the parts of a sharded build joined into one site, staged beside the output
/// and swapped in like a build's, so a refused or failed merge leaves the previous output as it was.
/// Files are hard-linked from the parts when they share a file system and copied otherwise.
public enum ShardMerge {
    public struct Report: Sendable {
        public var succeeded = false
        public var diagnostics: [Diagnostic] = []
        public var shardCount = 0
        public var fileCount = 0
        public var duration: TimeInterval = 0

        /// `Merged 4 shards: 22,416 files in 0.3 s`
        public var summary: String {
            "Merged \(shardCount.formatted()) shard\(shardCount == 1 ? "" : "s"): \(fileCount.formatted()) files in \((duration * 10).rounded() / 10) s"
        }
    }

    public static func merge(parts: [URL], into destination: URL) -> Report {
        let started = Date()
        var report = Report()
        let read = parts.map(Part.read)
        report.diagnostics = read.compactMap(\.failure)
        let found = read.compactMap(\.part)
        guard report.diagnostics.isEmpty else { return report }
        report.diagnostics = problems(with: found)
        guard report.diagnostics.isEmpty else { return report }

        do {
            let output = try OutputFolder(destination: destination)
            do {
                for part in found {
                    try output.prepareFolders(for: part.files)
                    for file in part.files { try output.hardLink(part.folder.appendingPathComponent(file).path, to: file) }
                }
                try output.commit()
            } catch {
                output.discard()
                throw error
            }
        } catch {
            report.diagnostics.append(.error(
                "cannot write the merged site: \(error.localizedDescription); the previous output is unchanged",
                at: SourceLocation(path: destination.lastPathComponent)))
            return report
        }
        report.succeeded = true
        report.shardCount = found.count
        report.fileCount = found.reduce(0) { $0 + $1.files.count }
        report.duration = Date().timeIntervalSince(started)
        return report
    }

    /// Every reason the parts do not make one site, each at the manifest it is about.
    static func problems(with parts: [Part]) -> [Diagnostic] {
        guard let first = parts.first else {
            return [.error("no shard folders given; pass every part, e.g. vitrine merge shard-1 shard-2", at: SourceLocation(path: "merge"))]
        }
        var diagnostics: [Diagnostic] = []
        for part in parts where part.manifest.build != first.manifest.build || part.manifest.of != first.manifest.of {
            diagnostics.append(.error(
                "this part is shard \(part.manifest.shard)/\(part.manifest.of) of another build than \(first.location.path) "
                    + "(other content, theme, clock or number of shards); build every shard from the same commit with the same --clock",
                at: part.location))
        }
        guard diagnostics.isEmpty else { return diagnostics }
        var seen: [Int: Part] = [:]
        for part in parts {
            if let earlier = seen[part.manifest.shard] {
                diagnostics.append(.error(
                    "shard \(part.manifest.shard)/\(part.manifest.of) is given twice, also as \(earlier.location.path); pass each part once",
                    at: part.location))
            }
            seen[part.manifest.shard] = part
        }
        let missing = (1...first.manifest.of).filter { seen[$0] == nil }
        if !missing.isEmpty {
            let list = missing.prefix(10).map { "\($0)/\(first.manifest.of)" }.joined(separator: ", ")
            diagnostics.append(.error(
                "shard\(missing.count == 1 ? "" : "s") \(list)\(missing.count > 10 ? " and \(missing.count - 10) more" : "") "
                    + "missing; pass the folders of all \(first.manifest.of) parts",
                at: SourceLocation(path: "merge")))
        }
        for part in parts {
            if part.files.count != part.manifest.files {
                diagnostics.append(.error(
                    "the folder holds \(part.files.count.formatted()) files but its shard wrote \(part.manifest.files.formatted()); "
                        + "it changed after the build, so build this shard again",
                    at: part.location))
            } else if let stray = part.files.first(where: { BuildShard.shard(of: $0, among: part.manifest.of) != part.manifest.shard }) {
                diagnostics.append(.error(
                    "\(stray) does not belong to shard \(part.manifest.shard)/\(part.manifest.of); build this shard again",
                    at: part.location))
            }
        }
        return diagnostics
    }

    /// A shard's folder: its manifest and its files (relative paths, the manifest and the files a
    /// build carries over from an old output left out).
    struct Part {
        var folder: URL
        var manifest: ShardManifest
        var files: [String]
        var location: SourceLocation

        static func read(_ folder: URL) -> (part: Part?, failure: Diagnostic?) {
            let manifestURL = folder.appendingPathComponent(ShardManifest.fileName)
            let location = SourceLocation(path: manifestURL.relativePath)
            guard let data = FileManager.default.contents(atPath: manifestURL.path) else {
                return (nil, .error("no shard manifest here; give the --output folder of a `vitrine build --shard K/N`", at: location))
            }
            guard let manifest = try? JSONDecoder().decode(ShardManifest.self, from: data) else {
                return (nil, .error("not a shard manifest Vitrine can read; build this shard again with this version", at: location))
            }
            guard manifest.format == ShardManifest.currentFormat, BuildShard(index: manifest.shard, count: manifest.of) != nil else {
                return (nil, .error("shard manifest of another format or with shard \(manifest.shard)/\(manifest.of); build this shard again", at: location))
            }
            let root = folder.standardizedFileURL.path + "/"
            var files: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                if path == ShardManifest.fileName || OutputFolder.carriedOver.contains(path) { continue }
                files.append(path)
            }
            return (Part(folder: folder, manifest: manifest, files: files.sorted(), location: location), nil)
        }
    }
}
