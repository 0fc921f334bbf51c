import BuildEngine
import CatalogModel
import ContentLoader
import Crypto
public import Foundation
import Parallel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `vitrine build --incremental` keeps the last build's `BuildState` between runs: a file
/// in a folder beside the output folder (`.Output.vitrine-cache/state` for `Output/`), never
/// inside it, so it is not published. The same folder holds the derived pictures (`images/`) and
/// the deploy records (`deploy/`).
///
/// It also records which output folder it describes: the names, kinds, sizes and modification
/// times (to the second) of the entries at the folder's top, which change whenever anything there
/// is added, removed or replaced, and which a CI cache restores as they were (tar keeps
/// modification times), unlike the folder's inode. A cache that does not match the folder on disk
/// is ignored.
///
/// The format is tab-separated lines, read and written without a JSON coder because a
/// 10,000-product shop's cache is a few megabytes and the no-change build has to be fast.
public enum BuildCache {
    static let header = "vitrine-build-cache\t2"

    /// The folder beside the output that a CI cache step can keep.
    public static func folder(forOutput output: URL) -> URL {
        let folder = output.standardizedFileURL
        return folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent).vitrine-cache")
    }

    public static func location(forOutput output: URL) -> URL {
        folder(forOutput: output).appendingPathComponent("state")
    }

    /// Derived pictures, kept across builds of every kind.
    public static func pictures(forOutput output: URL) -> URL {
        folder(forOutput: output).appendingPathComponent("images")
    }

    /// Makes the folder; earlier versions kept the state as a file under the folder's name.
    static func prepareFolder(forOutput output: URL) throws {
        let folder = folder(forOutput: output)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            try FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Names one particular output folder by what is at its top.
    static func identity(ofOutput output: URL) -> String? {
        let root = output.standardizedFileURL.path
        var info = stat()
        guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
            let names = try? FileManager.default.contentsOfDirectory(atPath: root)
        else { return nil }
        var listing = ""
        for name in names.sorted() {
            guard lstat(root + "/" + name, &info) == 0 else { return nil }
            #if canImport(Darwin)
            let modified = info.st_mtimespec.tv_sec
            #else
            let modified = info.st_mtim.tv_sec
            #endif
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            // A folder's size is the file system's business (a restored one may differ).
            listing += "\(name)\u{0}\(isFolder ? "d" : String(info.st_size))\u{0}\(modified)\n"
        }
        return SHA256.hash(data: Data(listing.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The state the output folder was built from, or nil when there is none to trust.
    public static func load(forOutput output: URL) -> BuildState? {
        guard let data = try? Data(contentsOf: location(forOutput: output)),
            let identity = identity(ofOutput: output)
        else { return nil }
        return decode(data, outputIdentity: identity)
    }

    public static func save(_ state: BuildState, forOutput output: URL) throws {
        guard let identity = identity(ofOutput: output) else { return }
        try prepareFolder(forOutput: output)
        // The stamp names the record it was written with: a new record makes it stale.
        UpToDateStamp.discard(forOutput: output)
        try Data(encodedBytes(state, outputIdentity: identity)).write(to: location(forOutput: output), options: .atomic)
    }

    /// Called before anything else changes the output folder, so a stale cache is never trusted.
    public static func discard(forOutput output: URL) {
        UpToDateStamp.discard(forOutput: output)
        try? FileManager.default.removeItem(at: location(forOutput: output))
    }

    // MARK: Format

    static func encode(_ state: BuildState, outputIdentity: String) -> String {
        String(decoding: encodedBytes(state, outputIdentity: outputIdentity), as: UTF8.self)
    }

    /// Written into one byte buffer: building a string per field and joining them was a tenth of
    /// an incremental build after a one-price change at 10,000 products.
    static func encodedBytes(_ state: BuildState, outputIdentity: String) -> [UInt8] {
        var out = RowWriter()
        out.bytes += Array((header + "\n").utf8)
        out.row(["setting", state.setting])
        out.row(["clock", String(state.clock.timeIntervalSince1970)])
        out.row(["output", outputIdentity])
        out.row(["base", state.basePath])
        out.row(["counts", String(state.contentFileCount), String(state.pageCount), String(state.feedCount)])
        // The files read and the records, beside the outputs: each was about a third of the save.
        let inputsAndRecords = Background { inputAndRecordRows(state) }
        // Numbered again by first use, in path order: the table drops what no file depends on any more.
        let (ids, table) = state.outputs.numbered
        var renumbered = [Int](repeating: -1, count: table.count)
        var used = 0
        var rows = RowWriter()
        var outputs = RowWriter()
        var numbers: [Int] = []
        let entries = Array(ids)
        for index in ParallelMap.sortedIndices(of: entries.map(\.key)) {
            let (path, dependencies) = entries[index]
            numbers.removeAll(keepingCapacity: true)
            for old in dependencies {
                if renumbered[Int(old)] < 0 {
                    renumbered[Int(old)] = used
                    rows.row(["d", String(used), encode(table[Int(old)])])
                    used += 1
                }
                numbers.append(renumbered[Int(old)])
            }
            numbers.sort()
            outputs.field("o")
            outputs.field(path)
            outputs.numbers(numbers)
        }
        out.bytes += inputsAndRecords.value
        out.bytes += rows.bytes
        out.bytes += outputs.bytes
        for (path, input) in state.copies.sorted(by: { $0.key < $1.key }) { out.row(["c", path, input]) }
        for d in state.diagnostics {
            out.row(["w", d.severity.rawValue, d.location.path, String(d.location.line), String(d.location.column), d.message])
        }
        return out.bytes
    }

    /// The rows of the files read and of the records, each sorted on all cores by its key's leading
    /// bytes (`sortedIndices(of:)`): sorting the dictionaries themselves on one core was half of
    /// saving a 100,000-product record.
    private static func inputAndRecordRows(_ state: BuildState) -> [UInt8] {
        var out = RowWriter()
        let inputs = Array(state.inputs)
        for index in ParallelMap.sortedIndices(of: inputs.map(\.key)) {
            let (key, file) = inputs[index]
            let s = file.stamp
            out.field("i")
            out.field(key)
            out.field(String(s.size))
            out.field(String(s.modified))
            out.field(String(s.changed))
            out.field(String(s.inode))
            out.field(String(file.readAt))
            out.field(file.digest, last: true)
        }
        let records = Array(state.records)
        for index in ParallelMap.sortedIndices(of: records.map { $0.key.kind.rawValue + "/" + $0.key.slug.rawValue }) {
            let (key, facts) = records[index]
            out.row([
                "r", key.kind.rawValue, key.slug.rawValue, facts.input, facts.listKey, facts.brand?.rawValue ?? "",
                facts.starts.map { String($0.timeIntervalSince1970) } ?? "",
                facts.ends.map { String($0.timeIntervalSince1970) } ?? "", facts.images.joined(separator: "\n"), facts.reviews, facts.stock,
            ])
        }
        return out.bytes
    }

    /// Tab-separated fields, each escaped (`\\`, `\t`, `\n`, `\r`), a line each row.
    struct RowWriter {
        var bytes: [UInt8] = []
        /// The decimal digits of the numbers `numbers` has written, in order, and where each ends.
        private var digits: [UInt8] = []
        private var digitEnds: [Int] = []

        mutating func row(_ fields: [String]) {
            for (index, field) in fields.enumerated() { self.field(field, last: index == fields.count - 1) }
        }

        mutating func field(_ text: String, last: Bool = false) {
            var text = text
            text.withUTF8 { utf8 in
                // Nearly every field needs no escape: copied whole.
                guard utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == 10 || $0 == 13 }) else {
                    bytes.append(contentsOf: utf8)
                    return
                }
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                    case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                    case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                    case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                    default: bytes.append(byte)
                    }
                }
            }
            bytes.append(last ? UInt8(ascii: "\n") : UInt8(ascii: "\t"))
        }

        /// The last field of an output's row: its dependency numbers, comma-separated.
        mutating func numbers(_ values: [Int]) {
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                // Each number's digits made once, kept end to end: a `String` for each of two million
                // uses was a tenth of the save.
                while digitEnds.count <= value {
                    digits += String(digitEnds.count).utf8
                    digitEnds.append(digits.count)
                }
                bytes.append(contentsOf: digits[(value == 0 ? 0 : digitEnds[value - 1])..<digitEnds[value]])
            }
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    static func decode(_ text: String, outputIdentity: String) -> BuildState? {
        decode(Data(text.utf8), outputIdentity: outputIdentity)
    }

    /// Reads the bytes directly: splitting megabytes of text into `Character`s took most of a
    /// no-change build.
    static func decode(_ data: Data, outputIdentity: String) -> BuildState? {
        data.withUnsafeBytes { raw -> BuildState? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var state = BuildState(
                setting: "", clock: Date(timeIntervalSince1970: 0), basePath: "/", inputs: [:], records: [:],
                outputs: OutputDependencies([:]), copies: [:], diagnostics: [], contentFileCount: 0, pageCount: 0,
                feedCount: 0)
            var outputIDs: [String: [Int32]] = [:]
            var dependencies: [Dependency] = []
            var identityMatches = false
            var sawHeader = false
            var ranges: [Range<Int>] = []
            var lineStart = 0
            func text(_ range: Range<Int>) -> String {
                let field = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                return bytes[range].contains(UInt8(ascii: "\\")) ? unescape(field[...]) : field
            }
            func integer(_ range: Range<Int>) -> Int64? {
                guard !range.isEmpty else { return nil }
                var value: Int64 = 0
                var negative = false
                for index in range {
                    let byte = bytes[index]
                    if index == range.lowerBound, byte == UInt8(ascii: "-") {
                        negative = true
                        continue
                    }
                    guard byte >= 48, byte <= 57 else { return nil }
                    let (times, o1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times.addingReportingOverflow(Int64(byte - 48))
                    guard !o1, !o2 else { return nil }
                    value = sum
                }
                return negative ? -value : value
            }
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 10 { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                if lineEnd == lineStart { continue }
                ranges.removeAll(keepingCapacity: true)
                var fieldStart = lineStart
                for index in lineStart..<lineEnd where bytes[index] == 9 {
                    ranges.append(fieldStart..<index)
                    fieldStart = index + 1
                }
                ranges.append(fieldStart..<lineEnd)
                if !sawHeader {
                    guard text(lineStart..<lineEnd) == header else { return nil }
                    sawHeader = true
                    continue
                }
                let f = ranges
                switch (text(f[0]), f.count) {
                case ("o", 3):
                    var list: [Int32] = []
                    var number = 0
                    var digits = 0
                    for index in f[2].lowerBound...f[2].upperBound {
                        let byte = index < f[2].upperBound ? bytes[index] : UInt8(ascii: ",")
                        if byte == UInt8(ascii: ",") {
                            if f[2].isEmpty { break }
                            guard digits > 0, number < dependencies.count else { return nil }
                            list.append(Int32(number))
                            number = 0
                            digits = 0
                        } else if byte >= 48, byte <= 57 {
                            number = number * 10 + Int(byte - 48)
                            digits += 1
                        } else {
                            return nil
                        }
                    }
                    outputIDs[text(f[1])] = list
                case ("i", 8):
                    guard let size = integer(f[2]), let modified = integer(f[3]), let changed = integer(f[4]),
                        let inode = integer(f[5]), let readAt = integer(f[6])
                    else { return nil }
                    state.inputs[text(f[1])] = BuildState.InputFile(
                        stamp: FileStamp(size: size, modified: modified, changed: changed, inode: UInt64(bitPattern: inode)),
                        readAt: readAt, digest: text(f[7]))
                // Eleven fields since stock.csv: an older cache is not read, and the build is full.
                case ("r", 11):
                    guard let kind = RecordKind(rawValue: text(f[1])), let slug = Slug(text(f[2])) else { return nil }
                    let images = text(f[8])
                    state.records[.init(kind: kind, slug: slug)] = BuildState.RecordFacts(
                        input: text(f[3]), listKey: text(f[4]), brand: Slug(text(f[5])),
                        starts: Double(text(f[6])).map(Date.init(timeIntervalSince1970:)),
                        ends: Double(text(f[7])).map(Date.init(timeIntervalSince1970:)),
                        images: images.isEmpty ? [] : images.components(separatedBy: "\n"), reviews: text(f[9]),
                        stock: text(f[10]))
                case ("d", 3):
                    guard integer(f[1]) == Int64(dependencies.count), let dependency = decodeDependency(text(f[2]))
                    else { return nil }
                    dependencies.append(dependency)
                case ("c", 3): state.copies[text(f[1])] = text(f[2])
                case ("setting", 2): state.setting = text(f[1])
                case ("clock", 2):
                    guard let seconds = Double(text(f[1])) else { return nil }
                    state.clock = Date(timeIntervalSince1970: seconds)
                case ("output", 2): identityMatches = text(f[1]) == outputIdentity
                case ("base", 2): state.basePath = text(f[1])
                case ("counts", 4):
                    guard let a = integer(f[1]), let b = integer(f[2]), let c = integer(f[3]) else { return nil }
                    (state.contentFileCount, state.pageCount, state.feedCount) = (Int(a), Int(b), Int(c))
                case ("w", 6):
                    guard let severity = Diagnostic.Severity(rawValue: text(f[1])), let line = integer(f[3]),
                        let column = integer(f[4])
                    else { return nil }
                    state.diagnostics.append(Diagnostic(
                        severity, at: SourceLocation(path: text(f[2]), line: Int(line), column: Int(column)), text(f[5])))
                default:
                    return nil
                }
            }
            state.outputs = OutputDependencies(ids: outputIDs, table: dependencies)
            return identityMatches ? state : nil
        }
    }

    static func encode(_ dependency: Dependency) -> String {
        switch dependency {
        case .everything: "*"
        case .site: "s"
        case .clock: "c"
        case .reviews: "v"
        case .record(let kind, let slug): "r:\(kind.rawValue):\(slug.rawValue)"
        case .list(let kind): "l:\(kind.rawValue)"
        case .records(let kind): "a:\(kind.rawValue)"
        case .productGroup(let group): "g:\(group)"
        case .template(let name): "t:\(name)"
        }
    }

    static func decodeDependency(_ text: String) -> Dependency? {
        switch text {
        case "*": return .everything
        case "s": return .site
        case "c": return .clock
        case "v": return .reviews
        default: break
        }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("r", 3):
            guard let kind = RecordKind(rawValue: String(parts[1])), let slug = Slug(String(parts[2])) else { return nil }
            return .record(kind, slug)
        case ("l", 2):
            return RecordKind(rawValue: String(parts[1])).map { .list($0) }
        case ("a", 2):
            return RecordKind(rawValue: String(parts[1])).map { .records($0) }
        case ("t", _):
            return .template(String(text.dropFirst(2)))
        case ("g", _) where parts.count > 1:
            return .productGroup(String(text.dropFirst(2)))
        default:
            return nil
        }
    }

    static func unescape(_ field: Substring) -> String {
        guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in field.unicodeScalars {
            if escaping {
                switch scalar {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
