// Times the JSON API and schema generation on a content folder, without touching the disk:
// planning the jobs, then rendering every API and schema file to bytes on all cores, as
// `vitrine build` does. Loading the content is done once and not timed.
//
// usage: vitrine-api-benchmark CONTENT_DIR [RUNS]
import CatalogAPI
import BuildEngine
import CatalogModel
import ContentLoader
import Foundation
import SiteBuilder

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: vitrine-api-benchmark CONTENT_DIR [RUNS]\n".utf8))
    exit(64)
}
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5
let loaded = ContentLoader(contentFolder: URL(fileURLWithPath: arguments[1])).load()
guard let catalog = loaded.catalog else {
    for diagnostic in loaded.diagnostics { FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8)) }
    exit(1)
}
let now = try! Timestamp.parse("2026-12-01T12:00:00Z").get().date

final class ByteCounter: @unchecked Sendable {
    private var total = 0
    private let lock = NSLock()
    func add(_ n: Int) { lock.lock(); total += n; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return total }
}

func milliseconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}

/// CPU time of the whole process (all threads), which a busy shared machine disturbs less than wall time.
func processCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

print("catalog: \(catalog.brands.count) brands, \(catalog.products.count) products, \(catalog.promotions.count) promotions")
var totals: [Double] = []
var cpuTimes: [Double] = []
var schemaTimes: [Double] = []
for run in 1...runs {
    let cpuStart = processCPUMilliseconds()
    let start = DispatchTime.now()
    let jobs = CatalogAPI(catalog: catalog, now: now).jobs()
    let planned = milliseconds(since: start)
    let bytes = ByteCounter()
    ParallelMap.forEach(count: jobs.count) { index in bytes.add(jobs[index].render().count) }
    let total = milliseconds(since: start)
    let cpu = processCPUMilliseconds() - cpuStart
    totals.append(total)
    cpuTimes.append(cpu)

    let schemaStart = DispatchTime.now()
    let schemaBytes = SchemaFiles.all(baseURL: catalog.site.baseURL + APIRoutes.schemaFolder).reduce(0) {
        $0 + JSONOutput.prettyData($1.schema).count
    }
    schemaTimes.append(milliseconds(since: schemaStart))
    print(String(
        format: "run %d: %d files, %.1f MB; plan %.1f ms, plan+render %.1f ms (CPU %.1f ms); schemas alone %.2f ms (%d bytes)",
        run, jobs.count, Double(bytes.value) / 1_000_000, planned, total, cpu, schemaTimes.last!, schemaBytes))
}
print(String(
    format: "median of %d: API and schemas %.1f ms wall, %.1f ms CPU; schemas alone %.2f ms", runs, median(totals),
    median(cpuTimes), median(schemaTimes)))
