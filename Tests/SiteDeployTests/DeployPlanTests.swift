import Foundation
import Testing

@testable import SiteDeploy

@Suite struct DeployPlanTests {
    let root = URL(fileURLWithPath: "/site")

    func manifest(_ files: [String: String]) -> DeployManifest {
        DeployManifest(entries: files.mapValues { .init(size: Int64($0.count), digest: String(repeating: $0, count: 64)) })
    }

    @Test func sendsOnlyFilesWhoseBytesChangedAndDeletesStaleOnes() {
        let deployed = manifest(["index.html": "a", "style.css": "b", "products/old/index.html": "c"])
        let current = manifest(["index.html": "a", "style.css": "d", "products/new/index.html": "e"])
        let plan = DeployPlan.between(deployed: deployed, current: current, folder: root)
        #expect(plan.uploads.map(\.path) == ["style.css", "products/new/index.html"])
        #expect(plan.deletions == ["products/old/index.html"])
        #expect(plan.unchanged == 1)
        #expect(plan.uploads.first?.source.path == "/site/style.css")
    }

    @Test func uploadsAssetsThenPagesThenSitemapsAndFeeds() {
        let current = manifest([
            "sitemap.xml": "a", "feeds/products.xml": "b", "index.html": "c", "pictures/x-320.ab.webp": "d", "robots.txt": "e",
            "search/manifest.json": "f", "brands/x/index.html": "g",
        ])
        let plan = DeployPlan.between(deployed: nil, current: current, folder: root)
        #expect(
            plan.uploads.map(\.path) == [
                "pictures/x-320.ab.webp", "brands/x/index.html", "index.html", "search/manifest.json", "feeds/products.xml",
                "robots.txt", "sitemap.xml",
            ])
        #expect(plan.uploads.map(\.stage) == [.assets, .pages, .pages, .pages, .indexes, .indexes, .indexes])
    }

    @Test func aFirstDeploySendsEverythingAndDeletesNothing() {
        let plan = DeployPlan.between(deployed: nil, current: manifest(["a.html": "a"]), folder: root)
        #expect(plan.uploads.count == 1)
        #expect(plan.deletions.isEmpty)
    }

    @Test func moreDeletionsThanTheLimitAreRefusedWithExamples() {
        let plan = DeployPlan.between(deployed: manifest(["a.html": "a", "b.html": "b"]), current: manifest([:]), folder: root)
        #expect(throws: DeployError.tooManyDeletions(count: 2, limit: 1, examples: ["a.html", "b.html"])) {
            try plan.checkDeletions(limit: 1)
        }
        #expect(throws: Never.self) { try plan.checkDeletions(limit: 2) }
    }

    @Test func extraFilesAreReadFromWhereTheyWereWritten() {
        let plan = DeployPlan.between(
            deployed: nil, current: manifest(["_headers": "a"]), folder: root,
            extraSources: ["_headers": URL(fileURLWithPath: "/cache/_headers")])
        #expect(plan.uploads.first?.source.path == "/cache/_headers")
    }

    @Test func purgePathsNameEveryChangedFileAndItsPageFolder() {
        let plan = DeployPlan.between(
            deployed: manifest(["gone.txt": "a"]), current: manifest(["products/x/index.html": "b", "index.html": "c"]), folder: root)
        #expect(
            DeployPlan.purgePaths(plan, prefix: "shop/") == [
                "/shop/", "/shop/gone.txt", "/shop/index.html", "/shop/products/x/", "/shop/products/x/index.html",
            ])
    }
}
