import DefaultTheme
import Foundation
import Testing
import ThemeOverrides

@Suite struct ThemeCopierTests {
    func emptyFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-copy-\(UUID().uuidString)/Templates")
    }

    @Test func copiesOneFileAndRecordsWhereItCameFrom() throws {
        let folder = emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let copied = try ThemeCopier(folder: folder, version: "1.2.3").copy(["partials/header"])
        #expect(copied == ["partials/header.mustache"])
        let data = try Data(contentsOf: folder.appendingPathComponent("partials/header.mustache"))
        #expect(data == DefaultTheme.files["partials/header.mustache"])
        let record = ThemeRecord.load(from: folder)
        #expect(record.entries.keys.sorted() == ["partials/header.mustache"])
        #expect(record.entries["partials/header.mustache"]?.version == "1.2.3")
        #expect(try Data(contentsOf: ThemeRecord.base(of: "partials/header.mustache", in: folder)) == data)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".vitrine-theme", "partials"])
    }

    @Test func copiesEveryFileWithoutArgumentsAndAFolderByName() throws {
        let folder = emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let scripts = try ThemeCopier(folder: folder, version: "1").copy(["static/search"])
        #expect(scripts == ["static/search/search.js"])
        let all = try ThemeCopier(folder: folder, version: "1").copy([], force: true)
        #expect(all == DefaultTheme.paths)
        for path in DefaultTheme.paths { #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) == DefaultTheme.files[path]) }
    }

    @Test func refusesToOverwriteWithoutForce() throws {
        let folder = emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let copier = ThemeCopier(folder: folder, version: "1")
        try copier.copy(["home.mustache"])
        let mine = Data("{{<layout}}{{$main}}mine{{/main}}{{/layout}}\n".utf8)
        try mine.write(to: folder.appendingPathComponent("home.mustache"))
        #expect(throws: ThemeError.wouldOverwrite(["Templates/home.mustache"])) { try copier.copy(["home", "page"]) }
        // Nothing was written: neither the existing file nor the other one.
        #expect(try Data(contentsOf: folder.appendingPathComponent("home.mustache")) == mine)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.mustache").path))
        try copier.copy(["home"], force: true)
        #expect(try Data(contentsOf: folder.appendingPathComponent("home.mustache")) == DefaultTheme.files["home.mustache"])
    }

    @Test func anUnknownFileIsAnErrorListingCloseNames() throws {
        let folder = emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let error = try #require(throws: ThemeError.self) { try ThemeCopier(folder: folder, version: "1").copy(["partials/heder.mustache"]) }
        guard case .unknownFile(let name, let suggestions) = error else { Issue.record("\(error)"); return }
        #expect(name == "partials/heder.mustache")
        #expect(suggestions.contains("partials/header.mustache"))
        #expect(suggestions.count <= 5, "\(suggestions)")
        #expect(error.description.contains("did you mean `partials/header.mustache`"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
