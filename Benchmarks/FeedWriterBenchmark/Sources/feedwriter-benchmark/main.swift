import BuildEngine
import CatalogModel
import ContentLoader
import FeedWriter
import Foundation
import SiteBuilder
import SiteRenderer

// usage: feedwriter-benchmark CONTENT_DIR TEMPLATES_DIR OUTPUT_DIR [RUNS] [CLOCK]
//
// Loads the catalog once (timed apart), then RUNS times: makes every FeedWriter job (promotion,
// brand, JSON and product feeds, sitemap, robots.txt), renders them on all cores as the builder
// does and writes them under OUTPUT_DIR. Prints each run and the median.

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: feedwriter-benchmark CONTENT_DIR TEMPLATES_DIR OUTPUT_DIR [RUNS] [CLOCK]\n".utf8))
    exit(64)
}
let content = URL(fileURLWithPath: arguments[1])
let templatesFolder = URL(fileURLWithPath: arguments[2])
let output = URL(fileURLWithPath: arguments[3])
let runs = arguments.count > 4 ? Int(arguments[4]) ?? 5 : 5
let clock = arguments.count > 5 ? try! Timestamp.parse(arguments[5]).get().date : try! Timestamp.parse("2026-12-01T12:00:00Z").get().date

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double) -> String { String(format: "%.3f s", value) }

var loaded: ContentLoader.Result!
let loadTime = seconds { loaded = ContentLoader(contentFolder: content).load() }
guard let catalog = loaded.catalog, let templates = TemplateLibrary.load(from: templatesFolder).library else {
    for diagnostic in loaded.diagnostics { print(diagnostic) }
    exit(1)
}
let pagePaths = SiteRenderer(catalog: catalog, templates: templates, now: clock).jobs()
    .filter { $0.path != Routes.notFound }.map(\.path)
print("catalog: \(catalog.products.count) products, \(catalog.brands.count) brands, \(catalog.promotions.count) promotions; loaded in \(format(loadTime))")

var totals: [Double] = []
var productFeedTimes: [Double] = []
var fileCount = 0
var byteCount = 0
for run in 1...runs {
    try? FileManager.default.removeItem(at: output)
    var jobs: [OutputJob] = []
    let total = seconds {
        let writer = FeedWriter(
            catalog: catalog, now: clock,
            imageSizes: SiteBuilder.enclosureSizes(catalog, contentFolder: content))
        jobs = writer.jobs() + writer.sitemapJobs(pagePaths: pagePaths)
        var folders = Set<String>()
        for job in jobs { folders.insert((job.path as NSString).deletingLastPathComponent) }
        for folder in folders {
            try! FileManager.default.createDirectory(at: output.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let list = jobs
        ParallelMap.forEach(count: list.count, chunk: 1) { index in
            try! list[index].render().write(to: output.appendingPathComponent(list[index].path))
        }
    }
    // The product feed is one file, so it bounds the parallel total from below: time it alone too.
    let productFeed = jobs.first { $0.path == Routes.productsFeed }!
    var size = 0
    let productTime = seconds { size = productFeed.render().count }
    totals.append(total)
    productFeedTimes.append(productTime)
    fileCount = jobs.count
    byteCount = jobs.reduce(0) { sum, job in
        sum + ((try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(job.path).path)[.size] as? Int) ?? 0)
    }
    print("run \(run): all feeds \(format(total)); products.xml alone \(format(productTime)) (\(size / 1024) KiB)")
}
print("files: \(fileCount), \(byteCount / 1024) KiB")
print("median of \(runs): all feeds \(format(median(totals))); products.xml alone \(format(median(productFeedTimes)))")
