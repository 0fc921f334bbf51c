import Foundation
import Testing
import VitrineTestSupport

/// Runs the real `vitrine` binary, as a user or CI would.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The built `vitrine` beside the test bundle, else the debug build's.
func vitrineBinary() -> URL {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = products.appendingPathComponent("vitrine")
    if FileManager.default.fileExists(atPath: binary.path) { return binary }
    return ShopFixture.repositoryRoot.appendingPathComponent(".build/debug/vitrine")
}

func vitrine(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> Run {
    let process = Process()
    process.executableURL = vitrineBinary()
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    env.removeValue(forKey: "SOURCE_DATE_EPOCH")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let folder { process.currentDirectoryURL = folder }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

@Suite struct CommandLineTests {
    func args(_ fixture: ShopFixture, _ command: String, _ extra: [String] = []) -> [String] {
        var list = [command, "--content", fixture.content.path, "--templates", ShopFixture.templates.path]
        if command == "build" { list += ["--output", fixture.output.path, "--clock", "2026-12-01T12:00:00Z"] }
        return list + extra
    }

    @Test func buildSaysWhatItDidInOneLine() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let run = try vitrine(args(fixture, "build"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.range(of: #"^Built \d+ pages, \d+ feeds? \([\d,]+ files\), 2 pictures derived in \d+\.\d s\n$"#, options: .regularExpression) != nil, "\(run.stdout)")
        #expect(run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("index.html").path))
        // The pictures come from the cache the second time, and the line says nothing of them.
        let again = try vitrine(args(fixture, "build"))
        #expect(again.stdout.range(of: #"^Built \d+ pages, \d+ feeds? \([\d,]+ files\) in \d+\.\d s\n$"#, options: .regularExpression) != nil, "\(again.stdout)")
    }

    @Test func quietAndCIPrintNothingOnSuccess() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let quiet = try vitrine(args(fixture, "build", ["--quiet"]))
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let ci = try vitrine(args(fixture, "build"), environment: ["CI": "true"])
        #expect(ci.status == 0 && ci.stdout.isEmpty && ci.stderr.isEmpty)
    }

    @Test func contentErrorsExitOneWithDiagnosticsAndASummary() throws {
        let fixture = try ShopFixture(changes: [
            "products/bad.md": "---\nsku: B\nname: Bad\nbrand: origins\nprice: free\navilablty: 1\n---\n"
        ])
        defer { fixture.cleanUp() }
        let run = try vitrine(args(fixture, "build"))
        #expect(run.status == 1)
        let name = fixture.content.lastPathComponent
        #expect(run.stderr.contains("\(name)/products/bad.md:5:8: error: price: \"free\" is not a decimal amount; write e.g. 12.50\n"))
        #expect(run.stderr.contains("\(name)/products/bad.md:6:1: warning: `avilablty`: unknown key; did you mean `availability`?\n"))
        #expect(run.stderr.hasSuffix("1 error, 1 warning in 12 files\n"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.output.path))
    }

    /// `discount:` for `discountPercent` once built a home page announcing a sale nothing applied.
    @Test(arguments: ["check", "build"])
    func aKeyATypoAwayFromAKnownOneFailsTheCommand(command: String) throws {
        let fixture = try ShopFixture(changes: [
            "promotions/p.md": "---\ntitle: P\nstarts: 2026-12-01\ndiscount: 15\n---\n"
        ])
        defer { fixture.cleanUp() }
        let run = try vitrine(args(fixture, command))
        #expect(run.status == 1)
        let name = fixture.content.lastPathComponent
        #expect(run.stderr.contains("\(name)/promotions/p.md:4:1: error: `discount`: unknown key; did you mean `discountPercent`?"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("index.html").path))
    }

    static let badProduct = "---\nsku: B\nname: Bad\nbrand: origins\nprice: free\navilablty: 1\n---\n"

    /// On GitHub Actions each diagnostic is also a workflow command naming the file from the
    /// working directory, so it lands on the pull request's line; the text and exit code stay.
    @Test func githubActionsGetWorkflowCommands() throws {
        let fixture = try ShopFixture(changes: ["products/bad.md": Self.badProduct])
        defer { fixture.cleanUp() }
        let run = try vitrine(
            ["check", "--content", "Content", "--templates", ShopFixture.templates.path],
            environment: ["GITHUB_ACTIONS": "true"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.stdout == """
            ::error file=Content/products/bad.md,line=5,col=8::price: "free" is not a decimal amount; write e.g. 12.50
            ::warning file=Content/products/bad.md,line=6,col=1::`avilablty`: unknown key; did you mean `availability`?

            """)
        #expect(run.stderr.contains("Content/products/bad.md:5:8: error: price:"))
        let plain = try vitrine(["check", "--content", "Content", "--templates", ShopFixture.templates.path], in: fixture.root)
        #expect(plain.stdout.isEmpty && plain.status == 1)
    }

    /// The checkout service refuses to start on invalid content, and says why on the pull request too.
    @Test func checkoutAnnotatesWhyItDidNotStart() throws {
        let fixture = try ShopFixture(changes: ["products/bad.md": Self.badProduct])
        defer { fixture.cleanUp() }
        let run = try vitrine(["checkout", "--dev", "--content", "Content"], environment: ["GITHUB_ACTIONS": "true"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("::error file=Content/products/bad.md,line=5,col=8::price: \"free\" is not a decimal amount"), "\(run.stdout)")
    }

    /// One JSON object per line on standard output; the summary stays on standard error.
    @Test(arguments: ["check", "build"])
    func jsonDiagnosticsAreOneObjectPerLine(command: String) throws {
        let fixture = try ShopFixture(changes: ["products/bad.md": Self.badProduct])
        defer { fixture.cleanUp() }
        let run = try vitrine(args(fixture, command, ["--diagnostics", "json"]))
        #expect(run.status == 1)
        let name = fixture.content.lastPathComponent
        #expect(run.stdout == """
            {"column":8,"line":5,"message":"price: \\"free\\" is not a decimal amount; write e.g. 12.50","path":"\(name)/products/bad.md","severity":"error"}
            {"column":1,"line":6,"message":"`avilablty`: unknown key; did you mean `availability`?","path":"\(name)/products/bad.md","severity":"warning"}

            """)
        #expect(run.stderr == "1 error, 1 warning in 12 files\n")
    }

    @Test func jsonDiagnosticsKeepStandardOutputForThemOnSuccess() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let run = try vitrine(args(fixture, "build", ["--diagnostics", "json"]))
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Built "))
        let wrong = try vitrine(args(fixture, "check", ["--diagnostics", "xml"]))
        #expect(wrong.status == 64)
    }

    @Test func checkValidatesWithoutWriting() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let run = try vitrine(args(fixture, "check"))
        #expect(run.status == 0)
        #expect(run.stderr == "0 errors, 0 warnings in 11 files\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.output.path))
        let strict = try ShopFixture(changes: ["pages/about.md": "---\ntitle: A\nsubtitel: x\n---\n"])
        defer { strict.cleanUp() }
        #expect(try vitrine(args(strict, "check")).status == 0)
        let failed = try vitrine(args(strict, "check", ["--strict"]))
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("pages/about.md:3:1: error: `subtitel`: unknown key"))
    }

    @Test func checkReadsPictureHeadersWithoutDecoding() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        try fixture.write("not a picture", to: "Content/images/origins.png")
        let run = try vitrine(args(fixture, "check"))
        #expect(run.status == 1)
        #expect(run.stderr.contains("brands/origins.md:3:7: error: images/origins.png is not a picture libvips recognises"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("1 error, 0 warnings in 11 files\n"))
        #expect(!FileManager.default.fileExists(atPath: fixture.output.path))
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        #expect(try vitrine(["build", "--no-such-option"]).status == 64)
        let badClock = try vitrine(args(fixture, "build", ["--clock", "yesterday"]).filter { $0 != "2026-12-01T12:00:00Z" && $0 != "--clock" } + ["--clock", "yesterday"])
        #expect(badClock.status == 64)
        #expect(badClock.stderr.contains("--clock: \"yesterday\" is not an ISO 8601 date"))
    }

    @Test func everyCommandHasHelpWithAnExample() throws {
        for command in [
            [], ["build"], ["check"], ["serve"], ["checkout"], ["merge"], ["schema"], ["search-index"], ["init"], ["theme"], ["theme", "copy"],
            ["theme", "diff"],
        ] {
            let run = try vitrine(command + ["--help"])
            #expect(run.status == 0)
            #expect(run.stdout.contains("Example"), "\(command): \(run.stdout)")
        }
    }

    @Test func shardsBuiltAndMergedFromTheCommandLineSayWhatTheyDid() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let parts = (1...2).map { fixture.root.appendingPathComponent("part-\($0)").path }
        for (index, part) in parts.enumerated() {
            let run = try vitrine(args(fixture, "build", ["--shard", "\(index + 1)/2"]).map { $0 == fixture.output.path ? part : $0 })
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasSuffix("(shard \(index + 1)/2)\n"), "\(run.stdout)")
        }
        let merged = try vitrine(["merge", "--output", fixture.output.path] + parts)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.range(of: #"^Merged 2 shards: [\d,]+ files in \d+\.\d s into "#, options: .regularExpression) != nil, "\(merged.stdout)")
        let missing = try vitrine(["merge", "--output", fixture.output.path, parts[0]])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: shard 2/2 missing"), "\(missing.stderr)")

        let zero = try vitrine(args(fixture, "build", ["--shard", "0/2"]))
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("shards count from 1 to 2"), "\(zero.stderr)")
        #expect(try vitrine(args(fixture, "build", ["--shard", "1/2", "--incremental"])).status == 64)
    }

    @Test func archiveWritesTheSiteAsOneTarFileAndRefusesWhatItCannotBe() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let file = fixture.root.appendingPathComponent("site.tar")
        let source = ["--content", fixture.content.path, "--templates", ShopFixture.templates.path, "--clock", "2026-12-01T12:00:00Z"]
        let run = try vitrine(["build"] + source + ["--archive", file.path, "--verbose"], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("files to \(file.path)\n"), "\(run.stdout)")
        #expect(TarContents.entries(of: file)?.contains { $0.path == "index.html" } == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Output").path), "no folder is written")
        // Another process, another second: no process id, time or user in the bytes.
        Thread.sleep(forTimeInterval: 1.1)
        let again = fixture.root.appendingPathComponent("again.tar")
        #expect(try vitrine(["build"] + source + ["--archive", again.path, "--quiet"], in: fixture.root).status == 0)
        #expect(try Data(contentsOf: again) == Data(contentsOf: file))

        let incremental = try vitrine(["build"] + source + ["--archive", file.path, "--incremental"], in: fixture.root)
        #expect(incremental.status == 64)
        #expect(incremental.stderr.contains("leave out --incremental"), "\(incremental.stderr)")
        #expect(try vitrine(["build"] + source + ["--archive", file.path, "--shard", "1/2"], in: fixture.root).status == 64)
        let both = try vitrine(["build"] + source + ["--archive", file.path, "--output", "public"], in: fixture.root)
        #expect(both.status == 64)
        #expect(both.stderr.contains("give only one of them"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("public").path))
    }

    @Test func archiveIsCompressedAsItsNameSaysAndAnUnknownEndingIsRefusedBeforeAnyWork() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let source = ["--content", fixture.content.path, "--templates", ShopFixture.templates.path, "--clock", "2026-12-01T12:00:00Z"]
        let file = fixture.root.appendingPathComponent("site.tar.gz")
        let run = try vitrine(["build"] + source + ["--archive", file.path, "--quiet"], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Array(Data(contentsOf: file).prefix(2)) == [0x1F, 0x8B], "gzip, as the name says")
        #expect(TarContents.entries(of: file)?.contains { $0.path == "index.html" } == true)
        // Another process, another second: gzip's header holds no time or name either.
        Thread.sleep(forTimeInterval: 1.1)
        let again = fixture.root.appendingPathComponent("again.tgz")
        #expect(try vitrine(["build"] + source + ["--archive", again.path, "--quiet"], in: fixture.root).status == 0)
        #expect(try Data(contentsOf: again) == Data(contentsOf: file))

        let zip = fixture.root.appendingPathComponent("site.zip")
        try Data("previous".utf8).write(to: zip)
        // A broken catalog: the name is refused before the content is read.
        try fixture.write("---\nname: [\n", to: "Content/products/broken.md")
        let refused = try vitrine(["build"] + source + ["--archive", zip.path], in: fixture.root)
        #expect(refused.status == 64)
        for ending in [".tar", ".tar.gz", ".tgz", ".tar.zst", ".tzst", "site.zip"] {
            #expect(refused.stderr.contains(ending), "\(refused.stderr)")
        }
        #expect(!refused.stderr.contains("broken.md"), "nothing read: \(refused.stderr)")
        #expect(try Data(contentsOf: zip) == Data("previous".utf8))
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Output").path))
        #expect(try fixture.stagingLeftovers().isEmpty)
    }

    /// Runs `vitrine checkout --dev` with `options` on a free port, asks for /healthz once, stops it
    /// (SIGTERM, as a platform does) and returns its standard error.
    func checkoutLog(_ fixture: ShopFixture, _ options: [String]) async throws -> String {
        let process = Process()
        process.executableURL = vitrineBinary()
        process.arguments = ["checkout", "--dev", "--content", fixture.content.path, "--port", "0"] + options
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let log = LogBuffer()
        errors.fileHandleForReading.readabilityHandler = { log.append($0.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var port: Int?
        for _ in 0..<200 where port == nil {
            try await Task.sleep(for: .milliseconds(100))
            if let match = log.text.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)\//) { port = Int(match.1) }
        }
        let connection = try RawConnection(port: try #require(port, "the service started: \(log.text)"))
        #expect(connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(RawConnection.status(in: await connection.receive(timeout: 5).text) == 200)
        process.terminate()
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        log.append(errors.fileHandleForReading.readDataToEndOfFile())
        return log.text
    }

    @Test func checkoutVerboseLogsItsRequestsButNotTheHTTPLibrarysDebugLines() async throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        func lines(_ log: String, _ level: String) -> [Substring] { log.split(separator: "\n").filter { $0.contains(" \(level) ") } }

        let verbose = try await checkoutLog(fixture, ["--verbose"])
        #expect(lines(verbose, "info").filter { $0.contains("hb.request.path=/healthz") }.count == 1, "\(verbose)")
        #expect(lines(verbose, "debug").isEmpty && lines(verbose, "trace").isEmpty, "\(verbose)")
        #expect(!verbose.contains("[HummingbirdCore]"), "not even the library's info lines: \(verbose)")
        let quiet = try await checkoutLog(fixture, [])
        #expect(!quiet.contains("hb.request.path"), "\(quiet)")

        let debug = try await checkoutLog(fixture, ["--verbose", "--log-level", "debug"])
        #expect(lines(debug, "debug").contains { $0.contains("[ServiceLifecycle]") }, "\(debug)")
        #expect(lines(debug, "info").contains { $0.contains("hb.request.path=/healthz") }, "\(debug)")
        let wrong = try vitrine(["checkout", "--dev", "--log-level", "loud"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("trace, debug, info, notice, warning, error or critical"), "\(wrong.stderr)")
        #expect(try vitrine(["serve", "--log-level", "loud"]).status == 64)
    }

    @Test func sourceDateEpochFixesTheClock() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        var list = args(fixture, "build")
        list.removeLast(2)
        let run = try vitrine(list, environment: ["SOURCE_DATE_EPOCH": "1830000000"])  // 2027-12-27
        #expect(run.status == 0)
        let home = try String(contentsOf: fixture.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!home.contains("X&#39;mas"), "by 2027-12 the X'mas promotion has ended")
    }
}

/// Standard error gathered as it comes, read while the process still runs.
final class LogBuffer: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
