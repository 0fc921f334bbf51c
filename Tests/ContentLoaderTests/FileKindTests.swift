import CatalogModel
import ContentLoader
import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// Files that must not be read: links leading out of the content folder, FIFOs, devices. The
/// loader refuses each with a diagnostic and never opens it, so a FIFO cannot block the build.
@Suite struct FileKindTests {
    func loadWith(_ prepare: (ShopFixture) throws -> Void) throws -> ContentLoader.Result {
        let fixture = try ShopFixture()
        defer { fixture.cleanUp() }
        try prepare(fixture)
        return ContentLoader(contentFolder: fixture.content).load()
    }

    func link(_ fixture: ShopFixture, _ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: fixture.content.appendingPathComponent(relative).path, withDestinationPath: target)
    }

    @Test func aLinkOutOfTheContentFolderIsRefused() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-secret-\(UUID().uuidString).md")
        try Data(product(validProductLines).utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let result = try loadWith { fixture in
            try link(fixture, "products/secret.md", to: outside.path)
            try link(fixture, "images/passwd.png", to: "/etc/passwd")
            try link(fixture, "images/relative.png", to: "../../../" + outside.lastPathComponent)
        }
        expectDiagnostic(result, at: "Content/products/secret.md", "symbolic link leading out of the content folder is not followed")
        expectDiagnostic(result, at: "Content/images/passwd.png", "symbolic link leading out of the content folder")
        expectDiagnostic(result, at: "Content/images/relative.png", "symbolic link leading out of the content folder")
        #expect(result.catalog == nil)
        #expect(!result.imageFiles.contains("images/passwd.png"))
    }

    @Test func aLinkInsideTheContentFolderIsRead() throws {
        let result = try loadWith { fixture in
            try fixture.write(product(["sku: L-1", "name: Linked", "brand: origins", "price: 1.00"]), to: "Content/pages-source.txt")
            try link(fixture, "products/linked.md", to: "../pages-source.txt")
            try link(fixture, "images/same.png", to: "origins.png")
        }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.catalog?.productBySKU["L-1"]?.name == "Linked")
        #expect(result.imageFiles.contains("images/same.png"))
    }

    @Test func aLinkedFolderIsNotFollowed() throws {
        let result = try loadWith { fixture in
            try link(fixture, "products/loop", to: ".")
        }
        expectDiagnostic(result, .warning, at: "Content/products/loop", "a linked folder is not followed")
        #expect(result.catalog != nil)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let result = try loadWith { fixture in
            #expect(mkfifo(fixture.content.appendingPathComponent("products/pipe.md").path, 0o644) == 0)
            #expect(mkfifo(fixture.content.appendingPathComponent("images/pipe.png").path, 0o644) == 0)
        }
        expectDiagnostic(result, at: "Content/products/pipe.md", "not a regular file (a device, FIFO or socket)")
        expectDiagnostic(result, at: "Content/images/pipe.png", "not a regular file")
    }

    @Test func aDeviceLinkedFromOutsideIsRefused() throws {
        let result = try loadWith { fixture in
            try link(fixture, "products/zero.md", to: "/dev/zero")
        }
        expectDiagnostic(result, at: "Content/products/zero.md", "symbolic link leading out of the content folder")
    }

    @Test func aFIFOForSiteJSONIsRefusedWithoutBlocking() throws {
        let result = try loadWith { fixture in
            let site = fixture.content.appendingPathComponent("site.json")
            try FileManager.default.removeItem(at: site)
            #expect(mkfifo(site.path, 0o644) == 0)
        }
        expectDiagnostic(result, at: "Content/site.json:1:1", "not a regular file")
    }
}
