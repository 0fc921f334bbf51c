import CatalogModel
import CheckoutService
import Foundation
import Orders
import Testing

@testable import vitrine

/// `vitrine reviews links` with the real binary, on the orders file of `OrdersCommandTests`:
/// 1001 and 1003 paid (two lines each, the buyer's email `=ada@example.com`), 1002 open.
@Suite struct ReviewsCommandTests {
    static let secret = "a-test-secret-0123456789-abcdefghijklmnop"
    static let environment = [TokenSigner.secretVariable: secret]

    func links(_ folder: OrdersCommandTests.Folder, _ extra: [String], environment: [String: String] = environment) throws -> Run {
        try vitrine(
            ["reviews", "links", "--orders", folder.orders, "--public-url", "https://checkout.example/", "--clock", "2026-12-01T00:00:00Z"]
                + extra,
            environment: environment)
    }

    @Test func csvHasARowPerPaidLineWhoseLinkTheServiceReadsBack() throws {
        let folder = try OrdersCommandTests.Folder()
        let run = try links(folder, [])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "order,line,email,sku,product,url,expires_at")
        #expect(rows.count == 5)
        #expect(rows.dropFirst().map { $0.prefix(6) } == ["1003,0", "1003,1", "1001,0", "1001,1"])
        let last = rows[4].components(separatedBy: ",")
        // The email is guarded against spreadsheet formulas as in `orders export`.
        #expect(last[2] == "'=ada@example.com" && last[3] == "ORG-CIMK-100")
        #expect(rows[4].hasSuffix(",2027-03-01T00:00:00Z"))
        let url = try #require(rows[3].components(separatedBy: ",").first { $0.hasPrefix("https://checkout.example/reviews/") })
        let service = ReviewLinks(checkoutSigner: TokenSigner(secret: Self.secret), publicURL: "https://checkout.example/")
        let token = try service.verify(url.split(separator: "/").last!, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(token.order == 1001 && token.line == 0 && token.sku == "EST-ANR-50")
        // The same clock makes the same links.
        #expect(try links(folder, []).stdout == run.stdout)
    }

    @Test func jsonListsTheSameFieldsAndSinceNarrowsThem() throws {
        let folder = try OrdersCommandTests.Folder()
        let run = try links(folder, ["--format", "json", "--review-link-days", "30"])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 4)
        #expect(Set(list[0].keys) == ["order", "line", "email", "sku", "product", "url", "expiresAt"])
        #expect(list[0]["order"] as? Int == 1003 && list[0]["email"] as? String == "=ada@example.com")
        #expect(list[0]["expiresAt"] as? String == "2026-12-31T00:00:00Z")
        let later = try links(folder, ["--format", "json", "--since", "2025-12-02"])
        #expect(later.status == 0 && later.stderr.contains("No paid orders since 2025-12-02"))
        #expect((try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [Any])?.isEmpty == true)
        let same = try links(folder, ["--format", "json", "--since", "2025-12-01T12:01:00Z"])
        #expect((try JSONSerialization.jsonObject(with: Data(same.stdout.utf8)) as? [Any])?.count == 4)
    }

    @Test func linksAlreadyExpiredAreMadeWithAWarning() throws {
        let folder = try OrdersCommandTests.Folder()
        let run = try vitrine(
            ["reviews", "links", "--orders", folder.orders, "--public-url", "https://checkout.example/", "--clock", "2020-01-01T00:00:00Z",
             "--review-link-days", "1"],
            environment: Self.environment)
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: these links expired at 2020-01-02T00:00:00Z"))
        #expect(run.stdout.contains(",2020-01-02T00:00:00Z\r\n"))
    }

    @Test func theSecretAndTheServicesAddressAreRequired() throws {
        let folder = try OrdersCommandTests.Folder()
        let missing = try links(folder, [], environment: [TokenSigner.secretVariable: ""])
        #expect(missing.status == 1 && missing.stderr.contains("VITRINE_CHECKOUT_SECRET is not set"))
        #expect(!missing.stderr.contains("--dev"))
        let short = try links(folder, [], environment: [TokenSigner.secretVariable: "short"])
        #expect(short.status == 1 && short.stderr.contains("at least 32"))
        // Without --public-url, site.json's checkoutURL; a content folder without one says what to pass.
        let content = FileManager.default.temporaryDirectory.appendingPathComponent("reviews-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: content) }
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data(#"{"title": "Shop", "checkoutURL": "https://pay.shop.example/"}"#.utf8).write(to: content.appendingPathComponent("site.json"))
        let fromSite = try vitrine(
            ["reviews", "links", "--orders", folder.orders, "--content", content.path], environment: Self.environment)
        #expect(fromSite.status == 0 && fromSite.stdout.contains(",https://pay.shop.example/reviews/"), "\(fromSite.stderr)")
        try Data(#"{"title": "Shop"}"#.utf8).write(to: content.appendingPathComponent("site.json"))
        let noURL = try vitrine(["reviews", "links", "--orders", folder.orders, "--content", content.path], environment: Self.environment)
        #expect(noURL.status == 1 && noURL.stderr.contains("pass --public-url"))
        let badDate = try links(folder, ["--since", "yesterday"])
        #expect(badDate.status != 0 && badDate.stderr.contains("--since"))
    }

    @Test func helpShowsExamples() throws {
        let help = try vitrine(["reviews", "links", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:") && help.stdout.contains("vitrine reviews links --orders orders.sqlite"))
        #expect(help.stdout.contains("--review-link-days") && help.stdout.contains("--since"))
    }
}
