public import Foundation

/// A site published as a folder of releases: `releases/<id>/` for each deploy and `current`, a
/// symbolic link to one of them, which the web server serves. A deploy fills a new release with
/// hard links to the current one, sends only the changed files into it, removes stale ones, and
/// then replaces `current` with one `rename`: visitors get the old site or the new one, never a
/// mix, and a page both have is never missing. The last few releases stay for `--rollback`.
public struct ReleaseFolder: Sendable {
    public let host: ReleaseHost

    public init(host: ReleaseHost) { self.host = host }

    /// The release `current` points at, and every finished release, oldest first.
    public struct State: Sendable, Equatable {
        public var current: String?
        public var releases: [String]
    }

    public struct Report: Sendable {
        public var release: String
        /// Releases left on the host, oldest first.
        public var kept: [String]
    }

    var base: String { ReleaseHost.quoted(host.base) }

    public func state() throws(DeployError) -> State {
        let printed = try host.run(
            """
            [ -d \(base) ] || exit 0
            cd \(base)
            link=$(readlink current 2>/dev/null || true)
            echo "current ${link#releases/}"
            [ -d releases ] && ls -1 releases | grep -v '\\.partial$' | sort | sed 's/^/release /'
            exit 0
            """, what: "reading \(host.base) on the server")
        var state = State(current: nil, releases: [])
        for line in printed.split(separator: "\n") {
            if line.hasPrefix("current "), line.count > "current ".count { state.current = String(line.dropFirst("current ".count)) }
            if line.hasPrefix("release ") { state.releases.append(String(line.dropFirst("release ".count))) }
        }
        return state
    }

    /// Publishes `plan` as a new release. `linkFrom` is the release the plan was made against
    /// (its files are linked into the new one); nil starts from an empty folder, for a plan that
    /// sends everything.
    public func publish(
        _ plan: DeployPlan, current: DeployManifest, linkFrom: String?, keep: Int, now: Date,
        progress: ((DeployStage) -> Void)? = nil
    ) throws(DeployError) -> Report {
        let stamp = Self.releaseName(at: now)
        let release = try host.run(
            """
            set -e
            mkdir -p \(base)/releases
            cd \(base)/releases
            rm -rf ./*.partial
            id=\(stamp); n=1
            while [ -e "$id" ]; do n=$((n+1)); id=\(stamp)-$n; done
            \(linkFrom.map { "cp -al \(ReleaseHost.quoted($0)) \"$id.partial\"" } ?? "mkdir \"$id.partial\"")
            echo "$id"
            """, what: "preparing a release in \(host.base)"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let partial = host.base + "/releases/\(release).partial"
        for stage in DeployStage.allCases {
            let uploads = plan.uploads(in: stage)
            guard !uploads.isEmpty else { continue }
            progress?(stage)
            // Grouped by the folder they are read from: the build's output, or the host's files.
            var byRoot: [String: [String]] = [:]
            for upload in uploads {
                let source = upload.source.standardizedFileURL.path
                let root = String(source.dropLast(upload.path.count + 1))
                byRoot[root, default: []].append(upload.path)
            }
            for (root, paths) in byRoot.sorted(by: { $0.key < $1.key }) {
                try host.send(paths, from: URL(fileURLWithPath: root), into: partial)
            }
        }
        let quotedPartial = ReleaseHost.quoted(partial)
        if !plan.deletions.isEmpty {
            try host.run(
                "cd \(quotedPartial) && xargs -0 rm -f --", input: Data(plan.deletions.joined(separator: "\0").utf8),
                what: "removing stale files")
            let emptied = Self.emptiedFolders(deletions: plan.deletions, current: current)
            if !emptied.isEmpty {
                try host.run(
                    "cd \(quotedPartial) && xargs -0 rmdir --ignore-fail-on-non-empty --",
                    input: Data(emptied.joined(separator: "\0").utf8), what: "removing emptied folders")
            }
        }
        let kept = try host.run(
            """
            set -e
            cd \(base)
            mv releases/\(release).partial releases/\(release)
            ln -sfn releases/\(release) current.next
            mv -T current.next current
            ls -1 releases | grep -v '\\.partial$' | sort > .releases
            total=$(wc -l < .releases)
            if [ "$total" -gt \(max(keep, 1)) ]; then
              head -n $((total - \(max(keep, 1)))) .releases | while IFS= read -r old; do
                [ "$old" = \(release) ] || rm -rf "releases/$old"
              done
            fi
            rm -f .releases
            ls -1 releases | grep -v '\\.partial$' | sort
            """, what: "switching \(host.base)/current to the new release")
        return Report(release: release, kept: kept.split(separator: "\n").map(String.init))
    }

    /// Points `current` at the release before it. Returns (from, to).
    public func rollback() throws(DeployError) -> (from: String, to: String) {
        let state = try state()
        guard let current = state.current else { throw .noRelease("\(host.base) has no current release to roll back from") }
        guard let previous = state.releases.last(where: { $0 < current }) else {
            throw .noRelease("\(host.base) keeps no release older than \(current); nothing to roll back to")
        }
        try host.run(
            """
            set -e
            cd \(base)
            ln -sfn releases/\(ReleaseHost.quoted(previous)) current.next
            mv -T current.next current
            """, what: "switching \(host.base)/current back")
        return (current, previous)
    }

    /// Folders that hold no file once `deletions` are gone, deepest first.
    static func emptiedFolders(deletions: [String], current: DeployManifest) -> [String] {
        var inUse = Set<Substring>()
        for path in current.entries.keys {
            var end = path.lastIndex(of: "/")
            while let slash = end {
                guard inUse.insert(path[..<slash]).inserted else { break }
                end = path[..<slash].lastIndex(of: "/")
            }
        }
        var emptied = Set<String>()
        for path in deletions {
            var end = path.lastIndex(of: "/")
            while let slash = end, !inUse.contains(path[..<slash]) {
                emptied.insert(String(path[..<slash]))
                end = path[..<slash].lastIndex(of: "/")
            }
        }
        // Deepest first, so a folder is empty by the time it is removed.
        return emptied.sorted {
            let depths = ($0.split(separator: "/").count, $1.split(separator: "/").count)
            return depths.0 != depths.1 ? depths.0 > depths.1 : $0 < $1
        }
    }

    /// `20261129T120301.250Z`: names sort in the order they were made. The milliseconds keep two
    /// deploys in one second apart without a counter (a `-10` would sort before a `-2`); the
    /// counter stays for the impossible case.
    static func releaseName(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: date)
    }
}
