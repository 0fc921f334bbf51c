import ArgumentParser
import Foundation
import SiteBuilder
import SiteDeploy

extension Vitrine {
    struct Deploy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish the last build, sending only the files whose bytes changed since the last deploy.",
            discussion: """
                What changed is found by comparing the output with the manifest of the
                last deploy to the same target, kept beside the output
                (.Output.vitrine-cache/deploy/): nothing remote is listed or downloaded.
                Pictures, scripts and search files go first, then pages, then sitemaps
                and feeds; stale files are deleted last.

                Targets:
                  ssh://[user@]host[:port]/path
                      a folder of releases on a server (rsync over ssh):
                      path/releases/<id>/ and path/current, a link to the newest,
                      switched in one rename; serve path/current
                  /path or file:///path
                      the same layout on this machine
                  s3://bucket[/prefix]
                      an S3 bucket or S3-compatible server; credentials from
                      AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (AWS_SESSION_TOKEN),
                      region from --region or AWS_REGION

                Examples:
                  vitrine deploy ssh://deploy@shop.example.com/srv/shop
                  vitrine deploy ssh://deploy@shop.example.com/srv/shop --rollback
                  vitrine deploy ssh://deploy@shop.example.com/srv/shop --dry-run -v
                  vitrine deploy s3://beauty-and-me/site --purge-list purge.txt
                  vitrine deploy s3://shop --endpoint http://127.0.0.1:9000
                  vitrine deploy public --host cloudflare-pages
                      (then: wrangler pages deploy public/current)
                """)

        @Argument(help: ArgumentHelp("Where to publish: ssh://…, s3://…, or a folder.", valueName: "TARGET"))
        var target: String

        @Option(name: .long, help: ArgumentHelp("The built site to publish.", valueName: "DIR"))
        var output = "Output"

        @Flag(name: .long, help: "Say what would be sent and deleted, and change nothing.")
        var dryRun = false

        @Option(name: .long, help: ArgumentHelp("Refuse a deploy that deletes more files than this.", valueName: "N"))
        var maxDeletes = 256

        @Flag(name: .long, help: "Point the target's current release back at the one before it (ssh:// and folders).")
        var rollback = false

        @Option(name: .long, help: ArgumentHelp("Releases kept on the target for --rollback.", valueName: "N"))
        var keep = 5

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Publish for a static host: check its limits before sending and add its _headers and _redirects (cloudflare-pages, netlify).",
                valueName: "HOST"))
        var host: String?

        @Option(name: .long, help: ArgumentHelp("The host's file limit when your plan's differs from the free plan's.", valueName: "N"))
        var hostFileLimit: Int?

        @Option(
            name: .long,
            help: ArgumentHelp("The ssh command and its options, for ssh:// targets.", valueName: "COMMAND"))
        var ssh = "ssh"

        @Option(
            name: .long,
            help: ArgumentHelp("An S3-compatible server's address, for s3:// targets (default: AWS in --region).", valueName: "URL"))
        var endpoint: String?

        @Option(name: .long, help: ArgumentHelp("The bucket's region (default: AWS_REGION, else us-east-1).", valueName: "REGION"))
        var region: String?

        @Option(
            name: .long,
            help: ArgumentHelp("Write the URL paths this deploy changed to FILE, one a line, for a CDN purge.", valueName: "FILE"))
        var purgeList: String?

        @OptionGroup var verbosity: OutputVerbosity

        func validate() throws {
            if case .failure(let error) = Result(catching: { () throws(DeployError) in try DeployTarget.parse(target) }) {
                throw ValidationError(error.description)
            }
            if let host, StaticHost(rawValue: host) == nil {
                throw ValidationError(
                    "--host \(host) is not a host Vitrine knows; use \(StaticHost.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            if maxDeletes < 0 { throw ValidationError("--max-deletes \(maxDeletes): give 0 or more") }
            if keep < 2 { throw ValidationError("--keep \(keep): keep at least 2 releases, so there is one to roll back to") }
            if rollback, case .s3 = try DeployTarget.parse(target) {
                throw ValidationError("--rollback works on ssh:// and folder targets, whose releases are kept; a bucket keeps one site")
            }
            if endpoint != nil, case .s3 = try DeployTarget.parse(target) {} else if endpoint != nil {
                throw ValidationError("--endpoint is for s3:// targets")
            }
        }

        func run() async throws {
            let target = try DeployTarget.parse(target)
            let outputFolder = URL(fileURLWithPath: output).standardizedFileURL
            let records = BuildCache.folder(forOutput: outputFolder).appendingPathComponent("deploy")
            let record = DeployRecord(records: records, target: target, server: endpoint)
            do {
                if rollback {
                    try rollBack(target: target, record: record)
                } else {
                    try await deploy(target: target, from: outputFolder, records: records, record: record)
                }
            } catch let error as ExitCode {
                throw error
            } catch {
                // DeployError and S3Error say what went wrong and what would be right.
                Console.clearProgressIfShown(verbosity)
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }

        func deploy(target: DeployTarget, from outputFolder: URL, records: URL, record: DeployRecord) async throws {
            let started = Date()
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outputFolder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DeployError.unreadable(path: output, reason: "no built site here; run vitrine build first (or give --output)")
            }
            let progress = !verbosity.isQuiet && Console.errorIsTerminal
            if progress { Console.progress("Reading \(output)/") }
            // The site's own manifest, with digests carried over for files whose stamps did not move.
            let siteManifestFile = records.appendingPathComponent("site-manifest")
            let known = DeployManifest.read(from: siteManifestFile)
            let site = try DeployManifest.scan(outputFolder, reusing: known)
            if site != known { try site.write(to: siteManifestFile) }

            // What the target holds, as far as this machine can vouch for it.
            let releases = releaseFolder(for: target)
            // A bucket holds what the last deploy from here sent; a folder of releases is asked
            // which release is live, and trusted only if it is the one this machine sent.
            var deployed = releases == nil ? record.manifest : nil
            var linkFrom: String?
            if let releases {
                let state = try releases.state()
                if let current = state.current, current == record.release {
                    deployed = record.manifest(ofRelease: current) ?? record.manifest
                    linkFrom = deployed == nil ? nil : current
                }
            }

            // A static host's own files join the site: the redirects follow from what is removed.
            var manifest = site
            var extraSources: [String: URL] = [:]
            var redirects: [String: String]?
            let staticHost = host.flatMap(StaticHost.init(rawValue:))
            if staticHost != nil {
                let removed = deployed.map { old in old.entries.keys.filter { site.entries[$0] == nil } } ?? []
                let kept = StaticHost.redirects(earlier: record.redirects, deletions: removed, current: site)
                redirects = kept
                let (extra, sources) = try StaticHost.writeFiles(
                    ["_headers": StaticHost.headersFile(), "_redirects": StaticHost.redirectsFile(kept)],
                    into: record.folder.appendingPathComponent("host-files"))
                manifest.entries.merge(extra.entries) { $1 }
                extraSources = sources
            }
            if let staticHost {
                let problems = staticHost.problems(with: manifest, fileLimit: hostFileLimit)
                if !problems.isEmpty { throw DeployError.hostLimits(problems) }
            }

            let plan = DeployPlan.between(deployed: deployed, current: manifest, folder: outputFolder, extraSources: extraSources)
            try plan.checkDeletions(limit: maxDeletes)

            if verbosity.verbose {
                for upload in plan.uploads { Console.out("\(dryRun ? "would send" : "sent") \(upload.path)") }
                for path in plan.deletions { Console.out("\(dryRun ? "would delete" : "deleted") \(path)") }
            }
            if dryRun {
                if progress { Console.clearProgress() }
                if !verbosity.isQuiet {
                    Console.out(
                        "Would send \(Self.files(plan.uploads.count)) (\(Self.bytes(plan.uploadedBytes))), delete \(plan.deletions.count.formatted()), "
                            + "\(plan.unchanged.formatted()) unchanged, to \(target)" + (deployed == nil ? " (first deploy from here)" : ""))
                }
                return
            }

            var releaseNote = ""
            if plan.uploads.isEmpty && plan.deletions.isEmpty && deployed != nil {
                // The target already holds this site: no new release, no request.
                if progress { Console.clearProgress() }
                if !verbosity.isQuiet { Console.out("Deployed 0 files: \(target) already holds these \(Self.files(plan.unchanged))") }
                return
            }
            if let releases {
                let report = try releases.publish(
                    plan, current: manifest, linkFrom: linkFrom, keep: keep, now: Date(),
                    progress: progress ? { Console.progress("Sending \($0)") } : nil)
                try record.save(manifest, release: report.release, keeping: report.kept)
                releaseNote = " (release \(report.release))"
            } else if case .s3(let bucket, let prefix) = target {
                try await publishToBucket(plan, bucket: bucket, prefix: prefix, progress: progress)
                try record.save(manifest, release: nil)
            }
            if let redirects { try record.saveRedirects(redirects) }
            if let purgeList {
                let prefix: String = if case .s3(_, let prefix) = target { prefix } else { "" }
                let paths = DeployPlan.purgePaths(plan, prefix: prefix)
                try Data(paths.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: purgeList), options: .atomic)
            }
            if progress { Console.clearProgress() }
            if !verbosity.isQuiet {
                Console.out(
                    "Deployed \(Self.files(plan.uploads.count)) (\(Self.bytes(plan.uploadedBytes))), deleted \(plan.deletions.count.formatted()), "
                        + "\(plan.unchanged.formatted()) unchanged, to \(target)\(releaseNote) in "
                        + String(format: "%.1f s", Date().timeIntervalSince(started)))
            }
        }

        func publishToBucket(_ plan: DeployPlan, bucket: String, prefix: String, progress: Bool) async throws {
            let environment = ProcessInfo.processInfo.environment
            let location = try S3Location(
                bucket: bucket, prefix: prefix, endpoint: endpoint, region: region ?? S3Location.region(in: environment))
            let client = S3Client(location: location, credentials: try S3Credentials(environment: environment))
            _ = try await S3Publisher.publish(
                plan, to: client, progress: progress ? { done, total in Console.progress("Sending \(done)/\(total)") } : nil)
        }

        func rollBack(target: DeployTarget, record: DeployRecord) throws {
            guard let releases = releaseFolder(for: target) else { return }
            let (from, to) = try releases.rollback()
            // The next deploy compares with the release now live, if this machine knows its files.
            if let manifest = record.manifest(ofRelease: to) {
                try record.save(manifest, release: to)
            } else {
                record.forget()
            }
            if !verbosity.isQuiet { Console.out("Rolled back \(target) from release \(from) to \(to)") }
        }

        /// The folder of releases an ssh or folder target names; nil for a bucket.
        func releaseFolder(for target: DeployTarget) -> ReleaseFolder? {
            switch target {
            case .ssh(let user, let host, let port, let path):
                ReleaseFolder(
                    host: ReleaseHost(
                        access: .ssh(command: Self.words(ssh), destination: (user.map { $0 + "@" } ?? "") + host, port: port), base: path))
            case .folder(let path):
                ReleaseFolder(host: ReleaseHost(access: .local, base: path))
            case .s3:
                nil
            }
        }

        /// `--ssh "ssh -i key -o Opt=value"` as words; single and double quotes group.
        static func words(_ text: String) -> [String] {
            var words: [String] = []
            var word = ""
            var quote: Character?
            var started = false
            for character in text {
                if let open = quote {
                    if character == open { quote = nil } else { word.append(character) }
                } else if character == "'" || character == "\"" {
                    quote = character
                    started = true
                } else if character == " " || character == "\t" {
                    if started || !word.isEmpty { words.append(word) }
                    word = ""
                    started = false
                } else {
                    word.append(character)
                }
            }
            if started || !word.isEmpty { words.append(word) }
            return words
        }

        static func bytes(_ count: Int64) -> String {
            count < 1_000 ? "\(count) bytes" : ByteCountFormatter.string(fromByteCount: count, countStyle: .file)
        }

        static func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count.formatted()) files" }
    }
}

extension Console {
    static func clearProgressIfShown(_ verbosity: OutputVerbosity) {
        if !verbosity.isQuiet && errorIsTerminal { clearProgress() }
    }
}
