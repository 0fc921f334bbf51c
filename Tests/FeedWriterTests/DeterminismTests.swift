import BuildEngine
import CatalogModel
import Dispatch
import FeedWriter
import Foundation
import Testing
import VitrineTestSupport

@Suite struct DeterminismTests {
    @Test func sameCatalogAndClockGiveIdenticalBytesOnAnyThread() {
        let writer = Fixtures.writer()
        let jobs = writer.jobs() + writer.sitemapJobs(pagePaths: ["index.html", "products/absolue-creme-riche/index.html"], urlLimit: 1)
        #expect(jobs.count > 10)
        let serial = jobs.map { $0.render() }
        let box = Rendered(count: jobs.count * 4)
        // Every job rendered four times at once on all cores: libxml2 writers must not share state.
        DispatchQueue.concurrentPerform(iterations: jobs.count * 4) { index in
            box.set(index, jobs[index % jobs.count].render())
        }
        for index in 0..<(jobs.count * 4) {
            #expect(box.get(index) == serial[index % jobs.count], "\(jobs[index % jobs.count].path)")
        }
        #expect(Fixtures.writer().jobs().map { $0.render() } == writer.jobs().map { $0.render() })
    }

    @Test func anotherClockChangesOnlyWhatDependsOnIt() throws {
        let later = Fixtures.writer(now: Records.date("2026-12-31T00:00:00Z")).jobs()
        let xml = try ParsedXML(#require(Fixtures.render(later, "feeds/promotions.xml")))
        // X'mas ended on 26 December.
        #expect(xml.strings("//item/title") == ["Valentine's glow week", "15% off everything Origins"])
        #expect(xml.string("/rss/channel/lastBuildDate") == "Thu, 31 Dec 2026 00:00:00 +0000")
    }
}

private final class Rendered: @unchecked Sendable {
    private var values: [Data?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ data: Data) { lock.withLock { values[index] = data } }
    func get(_ index: Int) -> Data? { lock.withLock { values[index] } }
}
