import Foundation
import Testing

@testable import SiteDeploy

@Suite struct StaticHostTests {
    func manifest(_ paths: [String], size: Int64 = 10) -> DeployManifest {
        DeployManifest(entries: Dictionary(uniqueKeysWithValues: paths.map { ($0, .init(size: size, digest: String(repeating: "a", count: 64))) }))
    }

    @Test func cloudflarePagesRefusesMoreFilesThanItsPlanTakes() {
        let site = manifest((0..<21).map { "p\($0).html" })
        #expect(StaticHost.cloudflarePages.problems(with: site, fileLimit: 20).count == 1)
        #expect(StaticHost.cloudflarePages.problems(with: site, fileLimit: 21).isEmpty)
        #expect(StaticHost.cloudflarePages.problems(with: site).isEmpty)
    }

    @Test func cloudflarePagesRefusesAFileOver25MiB() {
        let problems = StaticHost.cloudflarePages.problems(with: manifest(["feeds/products.xml"], size: 25 << 20 + 1))
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("feeds/products.xml") == true)
    }

    @Test func netlifyCountsEachPageFolderAsAnEntryOfItsParent() {
        let paths = (0..<54_001).map { "products/p\($0)/index.html" }
        let problems = StaticHost.netlify.problems(with: manifest(paths))
        #expect(problems == ["products/ holds 54,001 entries; netlify takes at most 54,000 in one folder"])
        #expect(StaticHost.netlify.problems(with: manifest(Array(paths.dropLast()))).isEmpty)
    }

    @Test func headersFileSetsEveryCacheRuleOncePerPrefix() {
        let text = StaticHost.headersFile()
        for rule in PublishRules.cacheRules {
            #expect(text.contains("/\(rule.prefix)*\n  Cache-Control: \(rule.cacheControl)\n"))
        }
    }

    @Test func aRemovedPageRedirectsToItsSectionUntilItComesBack() {
        let now = manifest(["products/index.html", "index.html"])
        let first = StaticHost.redirects(earlier: [:], deletions: ["products/old/index.html", "about/index.html", "style.css"], current: now)
        #expect(first == ["/products/old/": "/products/", "/about/": "/"])
        let back = StaticHost.redirects(earlier: first, deletions: [], current: manifest(["products/index.html", "products/old/index.html"]))
        #expect(back == ["/about/": "/"])
        #expect(StaticHost.redirectsFile(first).contains("/products/old/ /products/ 301\n"))
    }

    @Test func redirectsKeepThisDeploysRemovalsWhenOverTheLimit() {
        let earlier = ["/a/": "/", "/b/": "/"]
        let kept = StaticHost.redirects(earlier: earlier, deletions: ["c/index.html"], current: manifest([]), limit: 2)
        #expect(kept.count == 2)
        #expect(kept["/c/"] == "/")
    }
}
