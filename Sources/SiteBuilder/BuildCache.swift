import CatalogModel
import ContentLoader
public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `vitrine build --incremental` keeps the last build's `BuildState` between runs: a file
/// beside the output folder (`.Output.vitrine-cache` for `Output/`), never inside it, so it is
/// not published. It also records which output folder it describes (the folder's inode, new
/// at every swap, and its change time, which moves when anything at its top is added, removed
/// or replaced): a cache that does not match the folder on disk is ignored.
///
/// The format is tab-separated lines, read and written without a JSON coder because a
/// 10,000-product shop's cache is a few megabytes and the no-change build has to be fast.
public enum BuildCache {
    static let header = "vitrine-build-cache\t2"

    public static func location(forOutput output: URL) -> URL {
        let folder = output.standardizedFileURL
        return folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent).vitrine-cache")
    }

    /// Names one particular swapped-in output folder.
    static func identity(ofOutput output: URL) -> String? {
        var info = stat()
        guard stat(output.standardizedFileURL.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        #if canImport(Darwin)
        let changed = info.st_ctimespec
        #else
        let changed = info.st_ctim
        #endif
        return "\(info.st_ino)-\(changed.tv_sec)-\(changed.tv_nsec)"
    }

    /// The state the output folder was built from, or nil when there is none to trust.
    public static func load(forOutput output: URL) -> BuildState? {
        guard let data = try? Data(contentsOf: location(forOutput: output)),
            let identity = identity(ofOutput: output)
        else { return nil }
        return decode(String(decoding: data, as: UTF8.self), outputIdentity: identity)
    }

    public static func save(_ state: BuildState, forOutput output: URL) throws {
        guard let identity = identity(ofOutput: output) else { return }
        try Data(encode(state, outputIdentity: identity).utf8).write(to: location(forOutput: output), options: .atomic)
    }

    /// Called before anything else changes the output folder, so a stale cache is never trusted.
    public static func discard(forOutput output: URL) {
        try? FileManager.default.removeItem(at: location(forOutput: output))
    }

    // MARK: Format

    static func encode(_ state: BuildState, outputIdentity: String) -> String {
        var lines: [String] = [header]
        lines.append(row("setting", state.setting))
        lines.append(row("clock", String(state.clock.timeIntervalSince1970)))
        lines.append(row("output", outputIdentity))
        lines.append(row("base", state.basePath))
        lines.append(row("counts", String(state.contentFileCount), String(state.pageCount), String(state.feedCount)))
        for (key, file) in state.inputs.sorted(by: { $0.key < $1.key }) {
            let s = file.stamp
            lines.append(row(
                "i", key, String(s.size), String(s.modified), String(s.changed), String(s.inode), String(file.readAt),
                file.digest))
        }
        for (key, facts) in state.records.sorted(by: { $0.key < $1.key }) {
            lines.append(row(
                "r", key.kind.rawValue, key.slug.rawValue, facts.input, facts.listKey, facts.brand?.rawValue ?? "",
                facts.starts.map { String($0.timeIntervalSince1970) } ?? "",
                facts.ends.map { String($0.timeIntervalSince1970) } ?? "", facts.images.joined(separator: "\n")))
        }
        var ids: [Dependency: Int] = [:]
        var table: [String] = []
        var outputs: [String] = []
        for (path, dependencies) in state.outputs.sorted(by: { $0.key < $1.key }) {
            var numbers: [Int] = []
            for dependency in dependencies {
                if let id = ids[dependency] {
                    numbers.append(id)
                } else {
                    let id = ids.count
                    ids[dependency] = id
                    table.append(row("d", String(id), encode(dependency)))
                    numbers.append(id)
                }
            }
            outputs.append(row("o", path, numbers.sorted().map(String.init).joined(separator: ",")))
        }
        lines += table
        lines += outputs
        for (path, input) in state.copies.sorted(by: { $0.key < $1.key }) { lines.append(row("c", path, input)) }
        for d in state.diagnostics {
            lines.append(row(
                "w", d.severity.rawValue, d.location.path, String(d.location.line), String(d.location.column), d.message))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func decode(_ text: String, outputIdentity: String) -> BuildState? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first == Substring(header) else { return nil }
        lines = lines.dropFirst()
        var state = BuildState(
            setting: "", clock: Date(timeIntervalSince1970: 0), basePath: "/", inputs: [:], records: [:], outputs: [:], copies: [:],
            diagnostics: [], contentFileCount: 0, pageCount: 0, feedCount: 0)
        var dependencies: [Int: Dependency] = [:]
        var identityMatches = false
        for line in lines {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
            switch (f[0], f.count) {
            case ("setting", 2): state.setting = f[1]
            case ("clock", 2):
                guard let seconds = Double(f[1]) else { return nil }
                state.clock = Date(timeIntervalSince1970: seconds)
            case ("output", 2): identityMatches = f[1] == outputIdentity
            case ("base", 2): state.basePath = f[1]
            case ("counts", 4):
                guard let a = Int(f[1]), let b = Int(f[2]), let c = Int(f[3]) else { return nil }
                (state.contentFileCount, state.pageCount, state.feedCount) = (a, b, c)
            case ("i", 8):
                guard let size = Int64(f[2]), let modified = Int64(f[3]), let changed = Int64(f[4]),
                    let inode = UInt64(f[5]), let readAt = Int64(f[6])
                else { return nil }
                state.inputs[f[1]] = BuildState.InputFile(
                    stamp: FileStamp(size: size, modified: modified, changed: changed, inode: inode), readAt: readAt,
                    digest: f[7])
            case ("r", 9):
                guard let kind = RecordKind(rawValue: f[1]), let slug = Slug(f[2]) else { return nil }
                state.records[.init(kind: kind, slug: slug)] = BuildState.RecordFacts(
                    input: f[3], listKey: f[4], brand: Slug(f[5]),
                    starts: Double(f[6]).map(Date.init(timeIntervalSince1970:)),
                    ends: Double(f[7]).map(Date.init(timeIntervalSince1970:)),
                    images: f[8].isEmpty ? [] : f[8].components(separatedBy: "\n"))
            case ("d", 3):
                guard let id = Int(f[1]), let dependency = decodeDependency(f[2]) else { return nil }
                dependencies[id] = dependency
            case ("o", 3):
                var set = Set<Dependency>()
                for number in f[2].split(separator: ",") {
                    guard let id = Int(number), let dependency = dependencies[id] else { return nil }
                    set.insert(dependency)
                }
                state.outputs[f[1]] = set
            case ("c", 3): state.copies[f[1]] = f[2]
            case ("w", 6):
                guard let severity = Diagnostic.Severity(rawValue: f[1]), let line = Int(f[3]), let column = Int(f[4])
                else { return nil }
                state.diagnostics.append(Diagnostic(severity, at: SourceLocation(path: f[2], line: line, column: column), f[5]))
            default:
                return nil
            }
        }
        return identityMatches ? state : nil
    }

    static func encode(_ dependency: Dependency) -> String {
        switch dependency {
        case .everything: "*"
        case .site: "s"
        case .clock: "c"
        case .record(let kind, let slug): "r:\(kind.rawValue):\(slug.rawValue)"
        case .list(let kind): "l:\(kind.rawValue)"
        case .template(let name): "t:\(name)"
        }
    }

    static func decodeDependency(_ text: String) -> Dependency? {
        switch text {
        case "*": return .everything
        case "s": return .site
        case "c": return .clock
        default: break
        }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("r", 3):
            guard let kind = RecordKind(rawValue: String(parts[1])), let slug = Slug(String(parts[2])) else { return nil }
            return .record(kind, slug)
        case ("l", 2):
            return RecordKind(rawValue: String(parts[1])).map { .list($0) }
        case ("t", _):
            return .template(String(text.dropFirst(2)))
        default:
            return nil
        }
    }

    private static func row(_ fields: String...) -> String {
        fields.map(escape).joined(separator: "\t")
    }

    private static func escape(_ field: String) -> String {
        let special: (Unicode.Scalar) -> Bool = { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard field.unicodeScalars.contains(where: special) else { return field }
        var out = String.UnicodeScalarView()
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func unescape(_ field: Substring) -> String {
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
