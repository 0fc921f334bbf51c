import DefaultTheme
import Foundation
import Testing
@testable import ThemeOverrides

@Suite struct ThemeDiffTests {
    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-diff-\(UUID().uuidString)/Templates")
    }

    @Test func showsTheShopsChangesAgainstTheCopiedText() throws {
        let templates = folder()
        defer { try? FileManager.default.removeItem(at: templates.deletingLastPathComponent()) }
        try ThemeCopier(folder: templates, version: "1.0.0").copy(["partials/footer.mustache", "partials/header.mustache"])
        let footer = templates.appendingPathComponent("partials/footer.mustache")
        let original = try String(contentsOf: footer, encoding: .utf8)
        let firstLine = try #require(original.split(separator: "\n").first)
        try original.replacingOccurrences(of: firstLine, with: "<footer class=\"mine\">").write(to: footer, atomically: true, encoding: .utf8)
        try "body { color: teal; }\n".write(to: templates.appendingPathComponent("static/custom.css").creatingFolder(), atomically: true, encoding: .utf8)

        let report = try ThemeDiff(folder: templates, version: "1.0.0").report()
        #expect(report.contains("Templates/partials/footer.mustache: copied from Vitrine 1.0.0; changed here; the built-in file is the same in Vitrine 1.0.0\n"))
        #expect(report.contains("--- (built-in 1.0.0)/partials/footer.mustache\n+++ Templates/partials/footer.mustache\n@@ "))
        #expect(report.contains("\n-\(firstLine)\n+<footer class=\"mine\">\n"))
        #expect(report.contains("Templates/partials/header.mustache: copied from Vitrine 1.0.0; unchanged here;"))
        #expect(report.contains("Templates/static/custom.css: the shop's own file"))
        #expect(!report.contains(".vitrine-theme"))
    }

    @Test func afterAnUpgradeAlsoComparesWithTodaysBuiltInFile() throws {
        let templates = folder()
        defer { try? FileManager.default.removeItem(at: templates.deletingLastPathComponent()) }
        // As if copied from an older Vitrine whose header had one line less.
        let current = try #require(DefaultTheme.files["partials/header.mustache"])
        let older = Data("<!-- old -->\n".utf8) + current
        var record = ThemeRecord()
        try record.note("partials/header.mustache", data: older, version: "0.9.0", in: templates)
        try record.save(in: templates)
        try (older + Data("<!-- mine -->\n".utf8)).write(to: templates.appendingPathComponent("partials/header.mustache").creatingFolder())

        let report = try ThemeDiff(folder: templates, version: "1.0.0").report()
        #expect(report.contains("copied from Vitrine 0.9.0; changed here; the built-in file has changed since (Vitrine 1.0.0)\n"))
        #expect(report.contains("--- (built-in 0.9.0)/partials/header.mustache\n+++ Templates/partials/header.mustache\n"))
        #expect(report.contains("--- (built-in 1.0.0)/partials/header.mustache\n+++ Templates/partials/header.mustache\n"))
        #expect(report.contains("+<!-- old -->\n"))
        #expect(report.contains("+<!-- mine -->\n"))
    }

    @Test func aFolderWithoutOverridesSaysSo() throws {
        let report = try ThemeDiff(folder: folder(), version: "1").report()
        #expect(report == "Templates/ holds no theme files: the built-in theme is used as it is.\n")
    }
}

extension URL {
    /// The URL, after making the folder it is in.
    fileprivate func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
