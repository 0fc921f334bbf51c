import Foundation
import Testing
import VitrineTestSupport

/// The first hour, with the real binary: start a shop, build it with the built-in theme, change one
/// file of the theme, review the change.
@Suite struct InitAndThemeTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-first-hour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func initThenCheckAndBuildWithoutTemplates() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let started = try vitrine(["init", "corner-shop"], in: parent)
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("Started \"Corner Shop\""), "\(started.stdout)")
        let shop = parent.appendingPathComponent("corner-shop")
        let check = try vitrine(["check", "--strict"], in: shop)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("0 errors, 0 warnings"), "\(check.stderr)")
        let build = try vitrine(["build"], in: shop)
        #expect(build.status == 0, "\(build.stderr)")
        let output = FolderContents.files(in: shop.appendingPathComponent("Output"))
        let home = String(decoding: try #require(output["index.html"]), as: UTF8.self)
        #expect(home.contains("Corner Shop"))
        #expect(output["products/stoneware-mug/index.html"] != nil)
        #expect(output["style.css"] == FileManager.default.contents(atPath: ShopFixture.templates.appendingPathComponent("static/style.css").path))
        #expect(output["bag.js"] != nil && output["custom.css"] == nil)
        #expect(output.keys.contains { $0.hasPrefix("pictures/products/stoneware-mug-") })
        #expect(FileManager.default.fileExists(atPath: shop.appendingPathComponent(".Output.vitrine-cache").path))
    }

    @Test func initRefusesAFolderThatIsNotEmpty() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let run = try vitrine(["init"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("is not empty (notes.txt)") && run.stderr.contains("--force"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content").path))
    }

    @Test func themeCopyThenDiffThenBuild() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        #expect(try vitrine(["init", "shop"], in: parent).status == 0)
        let shop = parent.appendingPathComponent("shop")
        let copy = try vitrine(["theme", "copy", "partials/header.mustache"], in: shop)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("Copied Templates/partials/header.mustache"))
        let again = try vitrine(["theme", "copy", "partials/header.mustache"], in: shop)
        #expect(again.status == 1 && again.stderr.contains("already exists"), "\(again.stderr)")
        let unknown = try vitrine(["theme", "copy", "partials/heder"], in: shop)
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean `partials/header.mustache`"), "\(unknown.stderr)")

        let header = shop.appendingPathComponent("Templates/partials/header.mustache")
        try (try String(contentsOf: header, encoding: .utf8) + "<p class=\"notice\">Free delivery</p>\n")
            .write(to: header, atomically: true, encoding: .utf8)
        try "header { background: teal; }\n".write(
            to: shop.appendingPathComponent("Templates/static/custom.css").creatingFolder(), atomically: true, encoding: .utf8)
        let diff = try vitrine(["theme", "diff"], in: shop)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("+++ Templates/partials/header.mustache\n"), "\(diff.stdout)")
        #expect(diff.stdout.contains("+<p class=\"notice\">Free delivery</p>\n"))
        #expect(diff.stdout.contains("Templates/static/custom.css: the shop's own file"))

        let build = try vitrine(["build"], in: shop)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try String(contentsOf: shop.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(home.contains("<p class=\"notice\">Free delivery</p>"))
        #expect(home.contains("<link rel=\"stylesheet\" href=\"style.css\">\n<link rel=\"stylesheet\" href=\"custom.css\">\n"))
    }

    @Test func aTemplatesFolderNamedButMissingIsAnError() throws {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        let run = try vitrine(["check", "--content", fixture.content.path, "--templates", "/nonexistent/Theme"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--templates: /nonexistent/Theme is not a folder"), "\(run.stderr)")
    }

    @Test func versionPrintsTheVersionAndExitsZero() throws {
        let run = try vitrine(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run.stdout)")
    }
}

extension URL {
    /// The URL, after making the folder it is in.
    fileprivate func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
