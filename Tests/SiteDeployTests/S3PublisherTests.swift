import Foundation
import Testing

@testable import SiteDeploy

@Suite struct S3PublisherTests {
    /// A bucket that records when each request starts and ends, each taking a few milliseconds so
    /// requests overlap as they do against S3.
    actor Recorder {
        enum Event: Equatable {
            case start(String)
            case end(String)
        }
        var events: [Event] = []
        var inFlight = 0
        var mostInFlight = 0
        let failing: String?
        init(failing: String? = nil) { self.failing = failing }

        func run(_ path: String) async throws {
            events.append(.start(path))
            inFlight += 1
            mostInFlight = max(mostInFlight, inFlight)
            try await Task.sleep(for: .milliseconds(5))
            inFlight -= 1
            events.append(.end(path))
            if path == failing { throw S3Error(method: "PUT", bucket: "b", key: path, status: 403, code: "AccessDenied", message: "") }
        }
    }

    /// Publishes `plan` to the recorder as to a bucket under `en/`.
    static func publish(
        _ plan: DeployPlan, to recorder: Recorder, concurrency: Int = 8, progress: ((Int, Int) -> Void)? = nil
    ) async throws -> S3Publisher.Report {
        try await S3Publisher.publish(
            plan, prefix: "en/", concurrency: concurrency, progress: progress, put: { try await recorder.run($0.path) },
            delete: { try await recorder.run("delete " + $0) })
    }

    static func manifest(_ paths: [String]) -> DeployManifest {
        DeployManifest(entries: Dictionary(uniqueKeysWithValues: paths.map { ($0, .init(size: 10, digest: String(repeating: "a", count: 64))) }))
    }

    let assets = (0..<12).map { "pictures/p\($0).webp" } + ["search/r-1.json", "style.css"]
    let pages = (0..<6).map { "products/p\($0)/index.html" } + ["index.html"]
    let indexes = ["sitemap.xml", "feeds/products.xml", "robots.txt"]

    func plan() -> DeployPlan {
        DeployPlan.between(
            deployed: Self.manifest(["gone/index.html", "old.css"]), current: Self.manifest(assets + pages + indexes),
            folder: URL(fileURLWithPath: "/site"))
    }

    @Test func everyStageFinishesBeforeTheNextStartsAndDeletionsComeLast() async throws {
        let recorder = Recorder()
        _ = try await Self.publish(plan(), to: recorder, concurrency: 4)
        let events = await recorder.events
        let groups = [Set(assets), Set(pages), Set(indexes), Set(["delete gone/index.html", "delete old.css"])]
        #expect(events.count == 2 * groups.map(\.count).reduce(0, +))
        for (earlier, later) in zip(groups, groups.dropFirst()) {
            let lastEnd = try #require(events.lastIndex { if case .end(let path) = $0 { earlier.contains(path) } else { false } })
            let firstStart = try #require(events.firstIndex { if case .start(let path) = $0 { later.contains(path) } else { false } })
            #expect(lastEnd < firstStart)
        }
    }

    @Test func sendsSeveralAtOnceButNeverMoreThanAsked() async throws {
        let recorder = Recorder()
        _ = try await Self.publish(plan(), to: recorder, concurrency: 3)
        let most = await recorder.mostInFlight
        #expect(most > 1)
        #expect(most <= 3)
    }

    @Test func reportsWhatWasSentAndTheWebPathsToPurge() async throws {
        var calls: [(Int, Int)] = []
        let plan = plan()
        let report = try await Self.publish(plan, to: Recorder()) { calls.append(($0, $1)) }
        #expect(report.filesSent == assets.count + pages.count + indexes.count)
        #expect(report.bytesSent == Int64(10 * report.filesSent))
        #expect(report.deleted == 2)
        #expect(report.changedPaths == DeployPlan.purgePaths(plan, prefix: "en/"))
        #expect(report.changedPaths.contains("/en/products/p0/"))
        #expect(report.changedPaths.contains("/en/gone/"))
        #expect(calls.map(\.0) == Array(1...(report.filesSent + 2)))
        #expect(calls.allSatisfy { $0.1 == report.filesSent + 2 })
    }

    @Test func aFailedUploadStopsTheDeployBeforeTheNextStage() async throws {
        let recorder = Recorder(failing: "pictures/p3.webp")
        await #expect(throws: S3Error.self) { try await Self.publish(plan(), to: recorder, concurrency: 2) }
        let started = await recorder.events.compactMap { if case .start(let path) = $0 { path } else { nil } }
        #expect(started.contains("pictures/p3.webp"))
        #expect(!started.contains { pages.contains($0) || $0.hasPrefix("delete ") })
    }
}
