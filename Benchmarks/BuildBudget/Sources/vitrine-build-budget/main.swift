// Splits a whole build's processor time into its parts, each timed alone (rendering and writing on
// one thread; loading and the search index use all cores as in a build): loading and validating,
// planning, rendering pages with the real theme and with a bare theme (every template one static
// line, so only the page data is built), the API, the feeds, the search index, and writing every
// file. The difference of the two page rows is what the template engine costs.
// From the sum it prints the shortest wall time the build could take if every part spread
// perfectly over the cores: a floor no scheduling can beat, to hold against a speed target.
//
// usage: vitrine-build-budget CONTENT_DIR TEMPLATES_DIR OUTPUT_DIR [RUNS] [CLOCK]
import CatalogAPI
import BuildEngine
import CatalogModel
import ContentLoader
import FeedWriter
import SearchIndexer
import Foundation
import SiteBuilder
import SiteRenderer

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: vitrine-build-budget CONTENT_DIR TEMPLATES_DIR OUTPUT_DIR [RUNS] [CLOCK]\n".utf8))
    exit(64)
}
let content = URL(fileURLWithPath: arguments[1])
let themeFolder = URL(fileURLWithPath: arguments[2])
let outputFolder = URL(fileURLWithPath: arguments[3])
let runs = arguments.count > 4 ? max(1, Int(arguments[4]) ?? 5) : 5
let now = try! Timestamp.parse(arguments.count > 5 ? arguments[5] : "2026-12-01T12:00:00Z").get().date
let cores = ProcessInfo.processInfo.activeProcessorCount

/// Processor time of the whole process: loading is parallel inside, so wall time would undercount it.
func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func measure<T>(_ body: () -> T) -> (T, Double) {
    let start = cpuSeconds()
    let value = body()
    return (value, cpuSeconds() - start)
}

func fail(_ diagnostics: [Diagnostic]) -> Never {
    for diagnostic in diagnostics { FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8)) }
    exit(1)
}

/// The same required templates, each a single static line: rendering it costs the page's data only.
func bareTheme() -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bare-theme-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    for name in TemplateLibrary.requiredTemplates {
        let file = folder.appendingPathComponent(name + ".mustache")
        try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data("<p>\(name)</p>\n".utf8).write(to: file)
    }
    return folder
}

/// Each job's path and bytes, kept for the writing row so nothing is rendered twice.
func renderAll(_ jobs: [OutputJob]) -> [(path: String, data: Data)] {
    jobs.map { ($0.path, $0.render()) }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let parts = [
    "load and validate content", "plan pages", "build and render the search index", "plan API", "plan feeds and sitemap",
    "render pages (real theme)", "render pages (bare theme)", "render API", "render feeds",
    "write every file (open, write, close)",
]
var samples: [String: [Double]] = [:]
var fileCount = 0
let bare = bareTheme()
defer { try? FileManager.default.removeItem(at: bare) }

for run in 1...runs {
    let (loaded, loadTime) = measure { ContentLoader(contentFolder: content).load() }
    guard let catalog = loaded.catalog else { fail(loaded.diagnostics) }
    let theme = TemplateLibrary.load(from: themeFolder)
    guard let templates = theme.library else { fail(theme.diagnostics) }
    let bareTheme = TemplateLibrary.load(from: bare)
    guard let bareTemplates = bareTheme.library else { fail(bareTheme.diagnostics) }

    let (pages, pagePlan) = measure { SiteRenderer(catalog: catalog, templates: templates, now: now).jobs() }
    let barePages = SiteRenderer(catalog: catalog, templates: bareTemplates, now: now).jobs()
    let (search, searchTime) = measure { renderAll(SearchIndexer(catalog: catalog, now: now).jobs()) }
    let (api, apiPlan) = measure { CatalogAPI(catalog: catalog, now: now).jobs() }
    let (feeds, feedPlan) = measure { () -> [OutputJob] in
        let writer = FeedWriter(catalog: catalog, now: now)
        return writer.jobs() + writer.sitemapJobs(pagePaths: pages.map(\.path))
    }
    let (renderedPages, pageRender) = measure { renderAll(pages) }
    let (_, barePageRender) = measure { renderAll(barePages) }
    let (renderedAPI, apiRender) = measure { renderAll(api) }
    let (renderedFeeds, feedRender) = measure { renderAll(feeds) }

    // The bytes rendered above, so this row is the kernel's and the file system's share alone.
    let rendered = renderedPages + search + renderedAPI + renderedFeeds
    try? FileManager.default.removeItem(at: outputFolder)
    let folder = try! OutputFolder(destination: outputFolder)
    try! folder.prepareFolders(for: rendered.map(\.path))
    let (_, writeTime) = measure { for file in rendered { try! folder.write(file.data, to: file.path) } }
    folder.discard()
    fileCount = rendered.count

    let times = [loadTime, pagePlan, searchTime, apiPlan, feedPlan, pageRender, barePageRender, apiRender, feedRender, writeTime]
    for (part, time) in zip(parts, times) { samples[part, default: []].append(time) }
    FileHandle.standardError.write(Data("run \(run) of \(runs) done\n".utf8))
}

let medians = parts.map { median(samples[$0]!) }
let byPart = Dictionary(uniqueKeysWithValues: zip(parts, medians))
print("\(fileCount) files; medians of \(runs) runs, processor seconds of each part run alone (rendering and writing on one thread; loading and the search index use all cores)")
func row(_ label: String, _ seconds: Double) {
    print("  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%7.3f s", seconds))
}
for (part, value) in zip(parts, medians) { row(part, value) }
let templates = byPart["render pages (real theme)"]! - byPart["render pages (bare theme)"]!
let total = medians.reduce(0, +) - byPart["render pages (bare theme)"]!
row("of which the template engine (real - bare)", templates)
row("whole build (all but the bare row)", total)
print(String(format: "floor on %d cores (whole build / cores): %.3f s wall; with templates free: %.3f s", cores, total / Double(cores), (total - templates) / Double(cores)))
