import BuildEngine
import CatalogModel
import Foundation
import Parallel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets `vitrine build --incremental` tell that nothing changed without reading the build record.
///
/// Reading and checking the record of a 100,000-product build took 1.9 s: 4 MB decoded into
/// dictionaries, every input stamped through a dictionary of 100,000 keys, every output looked up
/// by its full path, then all of it freed. This file beside the record (`fresh` in the cache
/// folder) lists instead, as bytes ready for `fstatat`, every input file and folder, every
/// output folder and the record itself, with one fold of their stamps. Nothing changed when the
/// program, settings and clock are the recorded ones and the fold of the stamps on disk now is
/// the recorded fold: any edit changes a file's stamp, any file added to or removed from a folder
/// (of the content, the theme or the output) changes that folder's.
///
/// A file changed by hand inside the output, its folder untouched, is not seen, as the record
/// never saw it either (it checks only that each output exists). The file is removed before any
/// build or preview changes the output, and written only after a successful build whose inputs
/// have settled (see `FileStamp.isSettled`), so a killed build never leaves one to trust.
enum UpToDateStamp {
    static let header = "vitrine-up-to-date\t1"

    static func location(forOutput output: URL) -> URL {
        BuildCache.folder(forOutput: output).appendingPathComponent("fresh")
    }

    static func discard(forOutput output: URL) {
        unlink(location(forOutput: output).path)
    }

    /// The folders entries are relative to, by the digit that starts each entry.
    struct Roots: Equatable {
        var content: String
        var templates: String
        var output: String
        var cache: String

        init(_ options: BuildOptions) {
            content = options.contentFolder.standardizedFileURL.path
            templates = options.templatesFolder.standardizedFileURL.path
            output = options.outputFolder.standardizedFileURL.path
            cache = BuildCache.folder(forOutput: options.outputFolder).standardizedFileURL.path
        }

        var all: [String] { [content, templates, output, cache] }
    }

    // MARK: Checking

    /// The report of a build with nothing to do, or nil when the stamp is missing, stale or
    /// from another program, setting or clock.
    static func upToDate(_ options: BuildOptions, clock: Date) -> BuildReport? {
        let started = Date()
        guard let data = try? Data(contentsOf: location(forOutput: options.outputFolder)),
            let split = data.firstRange(of: Data("\nentries\t".utf8))
        else { return nil }
        let lines = String(decoding: data[..<split.lowerBound], as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map { BuildCache.unescape($0) }
        }
        guard let end = data[split.upperBound...].firstIndex(of: UInt8(ascii: "\n")),
            let entryLine = String(data: data[split.upperBound..<end], encoding: .utf8)?.split(separator: "\t"),
            entryLine.count == 2, let count = Int(entryLine[0]), let fold = UInt64(entryLine[1], radix: 16),
            lines.first?.joined(separator: "\t") == header
        else { return nil }
        var report = BuildReport(succeeded: true, diagnostics: [], contentFileCount: 0)
        var setting: String?
        var recordedClock: UInt64?
        var roots: [String] = []
        for fields in lines.dropFirst() {
            switch (fields.first, fields.count) {
            case ("setting", 2): setting = fields[1]
            case ("clock", 2): recordedClock = UInt64(fields[1], radix: 16)
            case ("root", 2): roots.append(fields[1])
            case ("counts", 5):
                let numbers = fields.dropFirst().compactMap { Int($0) }
                guard numbers.count == 4 else { return nil }
                (report.contentFileCount, report.pageCount, report.feedCount, report.fileCount) =
                    (numbers[0], numbers[1], numbers[2], numbers[3])
            case ("w", 6):
                guard let severity = Diagnostic.Severity(rawValue: fields[1]), let line = Int(fields[3]),
                    let column = Int(fields[4])
                else { return nil }
                report.diagnostics.append(
                    Diagnostic(severity, at: SourceLocation(path: fields[2], line: line, column: column), fields[5]))
            default:
                return nil
            }
        }
        guard setting == BuildPipeline.setting(of: options),
            recordedClock == clock.timeIntervalSince1970.bitPattern, roots == Roots(options).all
        else { return nil }
        let entries = data[(end + 1)...]
        guard let measured = self.fold(entries: Data(entries), roots: roots), measured.count == count, measured.fold == fold
        else { return nil }
        report.isIncremental = true
        report.upToDate = true
        report.reusedCount = report.fileCount
        report.duration = Date().timeIntervalSince(started)
        report.phases = [("check the stamps of \(count.formatted()) files and folders", report.duration)]
        return report
    }

    /// The count of entries and the fold of their stamps as they are on disk now, on all cores;
    /// nil when the entries are malformed. Each entry is a root digit, a path relative to that
    /// root and a NUL, so the bytes go to `fstatat` as they are.
    static func fold(entries: Data, roots: [String]) -> (count: Int, fold: UInt64)? {
        var starts: [Int] = []
        var valid = true
        entries.withUnsafeBytes { raw in
            var index = 0
            while index < raw.count {
                guard raw[index] >= UInt8(ascii: "0"), Int(raw[index] - UInt8(ascii: "0")) < roots.count else {
                    valid = false
                    return
                }
                starts.append(index)
                guard let nul = raw[(index + 1)...].firstIndex(of: 0) else {
                    valid = false
                    return
                }
                index = nul + 1
            }
        }
        guard valid else { return nil }
        // A folder that cannot be opened (a theme folder that does not exist) gives its entries
        // the stamp of an absent file; it appearing later changes the fold.
        let folders = roots.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { for folder in folders where folder >= 0 { close(folder) } }
        let parts = ParallelMap.map(ranges: starts.count, minimum: 4096) { [starts] range -> UInt64 in
            entries.withUnsafeBytes { raw -> UInt64 in
                let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                var sum: UInt64 = 0
                var info = stat()
                for number in range {
                    let start = starts[number]
                    let folder = folders[Int(raw[start]) - Int(UInt8(ascii: "0"))]
                    let found = folder >= 0 && fstatat(folder, base + start + 1, &info, 0) == 0
                    sum &+= entryHash(number, found ? info : nil)
                }
                return sum
            }
        }
        return (starts.count, parts.reduce(0, &+))
    }

    /// One entry's stamp, mixed with its place in the list so that two entries trading stamps
    /// still change the fold (splitmix64's finaliser).
    static func entryHash(_ number: Int, _ info: stat?) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var hash = mix(UInt64(number))
        guard let info else { return mix(hash ^ 0xFFFF_FFFF_FFFF_FFFF) }
        #if canImport(Darwin)
        let (m, c) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (m, c) = (info.st_mtim, info.st_ctim)
        #endif
        for field in [
            UInt64(info.st_mode), UInt64(bitPattern: Int64(info.st_size)), UInt64(info.st_ino),
            UInt64(bitPattern: Int64(m.tv_sec)), UInt64(bitPattern: Int64(m.tv_nsec)),
            UInt64(bitPattern: Int64(c.tv_sec)), UInt64(bitPattern: Int64(c.tv_nsec)),
        ] {
            hash = mix(hash ^ field)
        }
        return hash
    }

    // MARK: Writing

    /// Writes the stamp for the build `state` describes, once its record is saved. Writes nothing when the inputs on disk are no longer those the build read, or
    /// changed too recently to be told apart from a change that follows (then the next build
    /// takes the long way, finds nothing changed and writes it).
    static func write(state: BuildState, options: BuildOptions) {
        let roots = Roots(options)
        let now = FileStamp.now()
        // Beside the walk: gathered from 212,000 paths, they took a quarter of a second at 100,000 products.
        let folders = Background { outputFolders(state) }
        var entries: [UInt8] = []
        var files = 0
        var settled = true
        func add(_ root: Int, _ path: String) {
            entries.append(UInt8(ascii: "0") + UInt8(root))
            entries += path.utf8
            entries.append(0)
        }
        for (root, prefix) in [(0, InputScan.contentPrefix), (1, InputScan.templatesPrefix)] {
            add(root, ".")
            if let folder = FileStamp.read(folder: roots.all[root]), !folder.isSettled(readAt: now) { settled = false }
            InputScan.walk(roots.all[root], prefix: "") { relative, stamp in
                if let stamp {
                    guard let input = state.inputs[prefix + relative], input.stamp == stamp,
                        stamp.isSettled(readAt: input.readAt), !input.digest.isEmpty
                    else {
                        settled = false
                        return
                    }
                    files += 1
                } else if let folder = FileStamp.read(folder: roots.all[root] + "/" + relative),
                    !folder.isSettled(readAt: now)
                {
                    settled = false
                }
                add(root, relative)
            }
        }
        guard settled, files == state.inputs.count else { return }
        for folder in folders.value { add(2, folder) }
        add(3, "state")
        guard let measured = fold(entries: Data(entries), roots: roots.all) else { return }

        var text = BuildCache.RowWriter()
        text.bytes += Array((header + "\n").utf8)
        text.row(["setting", state.setting])
        text.row(["clock", String(state.clock.timeIntervalSince1970.bitPattern, radix: 16)])
        for root in roots.all { text.row(["root", root]) }
        // What the long way reports when nothing changed (`BuildPipeline.upToDate`).
        let fileCount = state.outputs.count + state.copies.keys.count { !state.outputs.contains($0) }
        text.row([
            "counts", String(state.contentFileCount), String(state.pageCount), String(state.feedCount), String(fileCount),
        ])
        for d in state.diagnostics {
            text.row(["w", d.severity.rawValue, d.location.path, String(d.location.line), String(d.location.column), d.message])
        }
        text.row(["entries", String(measured.count), String(measured.fold, radix: 16)])
        try? Data(text.bytes + entries).write(to: location(forOutput: options.outputFolder), options: .atomic)
    }

    /// Every folder that holds an output file, the output folder itself (`.`) first.
    static func outputFolders(_ state: BuildState) -> [String] {
        var folders: Set<String> = []
        for path in state.outputs.paths + state.copies.keys {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if !folders.insert(String(folder)).inserted { break }
            }
        }
        return ["."] + folders.sorted()
    }
}
