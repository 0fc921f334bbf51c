import Foundation
import Testing
import VitrineTestSupport

/// `vitrine schema --markdown`, which `scripts/update-readme-keys.sh` writes into the README.
@Suite struct SchemaMarkdownTests {
    @Test func theTablesOfKeysArePrintedAsTheReadmeHoldsThem() throws {
        let run = try vitrine(["schema", "--markdown"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("### site.json\n"))
        for key in ["timeZone", "customKeys", "directBuy", "keepOriginalMetadata", "featured", "freeOver", "latitude"] {
            #expect(run.stdout.contains("| `\(key)` |"), "\(key)")
        }
        let readme = try String(contentsOf: ShopFixture.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("<!-- content-keys:begin -->\n\n" + run.stdout + "\n<!-- content-keys:end -->"))
    }

    @Test func schemaWithoutOutputOrMarkdownSaysWhatToGive() throws {
        let run = try vitrine(["schema"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("give --output DIR for the schemas, or --markdown for the tables of keys"), "\(run.stderr)")
    }
}
