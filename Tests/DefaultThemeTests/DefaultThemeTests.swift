import DefaultTheme
import Foundation
import Testing
import VitrineTestSupport

/// The embedded theme is `Templates/` byte for byte: the one copy of truth, read at build time.
@Suite struct DefaultThemeTests {
    @Test func theEmbeddedFilesAreTheTemplatesFolder() throws {
        let folder = ShopFixture.templates
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var onDisk: [String: Data] = [:]
        while let relative = enumerator.nextObject() as? String {
            guard let type = enumerator.fileAttributes?[.type] as? FileAttributeType, type == .typeRegular,
                !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            onDisk[relative] = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
        }
        #expect(onDisk.count > 20)
        #expect(DefaultTheme.paths == onDisk.keys.sorted())
        for (path, data) in onDisk { #expect(DefaultTheme.files[path] == data, "\(path)") }
        #expect(DefaultTheme.files["static/search/search.js"] != nil)
    }
}
