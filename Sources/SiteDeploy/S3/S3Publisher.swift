/// Carries out a deploy plan on a bucket in the plan's order, so a visitor never gets a page
/// whose pictures are not there yet: every upload of a stage has finished before the next stage
/// starts, and stale files go last. Within a stage, several requests at once, since S3 answers
/// each in tens of milliseconds whatever its size.
public enum S3Publisher {
    public struct Report: Sendable, Equatable {
        public var filesSent: Int
        public var bytesSent: Int64
        public var deleted: Int
        /// The web paths whose answer changed, for a CDN purge (`DeployPlan.purgePaths`).
        public var changedPaths: [String]
    }

    /// `progress` is called with the number of requests done and the total, after each one.
    /// The first request that fails for good (after `S3Client`'s retries) stops the deploy and
    /// is thrown; what was sent before it stays, and the next deploy sends the rest.
    public static func publish(
        _ plan: DeployPlan, to client: S3Client, concurrency: Int = 8, progress: ((Int, Int) -> Void)? = nil
    ) async throws -> Report {
        try await publish(
            plan, prefix: client.location.prefix, concurrency: concurrency, progress: progress, put: client.put, delete: client.delete)
    }

    /// The same with the two requests as functions, so the order can be tested without a server.
    static func publish(
        _ plan: DeployPlan, prefix: String, concurrency: Int = 8, progress: ((Int, Int) -> Void)? = nil,
        put: @escaping @Sendable (DeployPlan.Upload) async throws -> Void, delete: @escaping @Sendable (String) async throws -> Void
    ) async throws -> Report {
        let total = plan.uploads.count + plan.deletions.count
        var done = 0
        let step = {
            done += 1
            progress?(done, total)
        }
        for stage in DeployStage.allCases {
            try await run(plan.uploads(in: stage), concurrency: concurrency, finished: step, put)
        }
        try await run(plan.deletions, concurrency: concurrency, finished: step, delete)
        return Report(
            filesSent: plan.uploads.count, bytesSent: plan.uploadedBytes, deleted: plan.deletions.count,
            changedPaths: DeployPlan.purgePaths(plan, prefix: prefix))
    }

    /// `work` on every item, at most `concurrency` at a time; returns when all have finished.
    static func run<Item: Sendable>(
        _ items: [Item], concurrency: Int, finished: () -> Void, _ work: @escaping @Sendable (Item) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var waiting = items.makeIterator()
            for _ in 0..<max(1, concurrency) {
                guard let item = waiting.next() else { break }
                group.addTask { try await work(item) }
            }
            while try await group.next() != nil {
                finished()
                if let item = waiting.next() { group.addTask { try await work(item) } }
            }
        }
    }
}
