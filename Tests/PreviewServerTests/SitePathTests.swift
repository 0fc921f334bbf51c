import Foundation
@testable import PreviewServer
import Testing

@Suite("Request paths to site files")
final class SitePathTests {
    let root: URL

    // A class, so each test's folder is removed after it: a struct suite left one per test in /tmp.
    deinit { try? FileManager.default.removeItem(at: root) }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-sitepath-\(UUID().uuidString)")
        for file in ["index.html", "products/a/index.html", "style.css", ".hidden", "shop-notes.txt"] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
    }

    @Test(arguments: [
        "/../etc/passwd", "/products/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2e%2e/etc/passwd",
        "/products/%2e%2e%2f%2e%2e%2fetc/passwd", "/products%2fa/index.html", "/products%5c..%5cetc", "/./index.html",
        "/%00", "/%zz", "/products/%2e",
    ])
    func traversalAttemptsAreBadRequests(path: String) {
        guard case .badRequest = SitePath.resolve(path, basePath: "/", root: root) else {
            Issue.record("\(path) was not refused: \(SitePath.resolve(path, basePath: "/", root: root))")
            return
        }
    }

    @Test func foldersServeTheirIndexAndAskForTheirSlash() {
        #expect(SitePath.resolve("/", basePath: "/", root: root) == .file("index.html"))
        #expect(SitePath.resolve("/products/a/", basePath: "/", root: root) == .file("products/a/index.html"))
        #expect(SitePath.resolve("/products/a", basePath: "/", root: root) == .redirect("/products/a/"))
        #expect(SitePath.resolve("/style.css", basePath: "/", root: root) == .file("style.css"))
        #expect(SitePath.resolve("//style.css", basePath: "/", root: root) == .file("style.css"))
    }

    @Test func missingAndHiddenFilesAreNotFound() {
        #expect(SitePath.resolve("/nope.html", basePath: "/", root: root) == .notFound)
        #expect(SitePath.resolve("/products/b/", basePath: "/", root: root) == .notFound)
        #expect(SitePath.resolve("/.hidden", basePath: "/", root: root) == .notFound)
    }

    @Test func aSiteWithABasePathIsServedUnderIt() {
        #expect(SitePath.resolve("/shop/style.css", basePath: "/shop/", root: root) == .file("style.css"))
        #expect(SitePath.resolve("/shop/", basePath: "/shop/", root: root) == .file("index.html"))
        #expect(SitePath.resolve("/shop", basePath: "/shop/", root: root) == .redirect("/shop/"))
        #expect(SitePath.resolve("/style.css", basePath: "/shop/", root: root) == .notFound)
        #expect(SitePath.resolve("/shop-notes.txt", basePath: "/shop/", root: root) == .notFound)
    }

    @Test func aLinkLeadingOutOfTheSiteIsNotFollowed() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-outside-\(UUID().uuidString)")
        try Data("secret".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("leak.txt"), withDestinationURL: outside)
        #expect(SitePath.resolve("/leak.txt", basePath: "/", root: root) == .notFound)
    }
}
