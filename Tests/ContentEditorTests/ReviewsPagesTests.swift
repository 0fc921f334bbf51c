import CatalogModel
@testable import ContentEditor
import ContentLoader
import Foundation
import Hummingbird
import HummingbirdTesting
import Orders
import Testing
import VitrineTestSupport

/// Buyers' reviews in the editor (`serve --edit --orders`): staff approve, answer or reject what
/// the review form left in the orders file, and approving appends one line to Content/reviews/.
@Suite("Reviews in the editor")
struct ReviewsPagesTests {
    static let list = "/_vitrine/edit/reviews/"
    /// OrdersFile.now's month: where its reviews go.
    static let monthFile = "reviews/2025-12.jsonl"

    func app(_ shop: SampleShop, orders: OrderStore) -> some ApplicationProtocol {
        let router = Router()
        ContentEditor(contentFolder: shop.content, orders: orders).addRoutes(to: router)
        return Application(router: router)
    }

    /// Order 1001 paid: line 0 the serum's 50 ml variant (EST-ANR-50), line 1 the charcoal mask
    /// (ORG-CIMK-100, a product without variants); a pending review of each.
    func ordersWithReviews() throws -> OrdersFile {
        let file = try OrdersFile()
        try file.record("cs_1")
        try file.settle("cs_1")
        for (line, rating) in [(0, 5), (1, 2)] {
            _ = try file.writer.submitReview(ReviewSubmission(
                orderNumber: 1001, line: line, sku: line == 0 ? "EST-ANR-50" : "ORG-CIMK-100",
                productName: line == 0 ? "Advanced Night Repair 50 ml" : "Clear Improvement mask", rating: rating,
                title: line == 0 ? "Wakes up <my> skin" : nil, body: "First paragraph & more.\n\nSecond one.", author: "Ada L.",
                language: line == 0 ? "en" : nil, submittedAt: OrdersFile.now.addingTimeInterval(TimeInterval(line * 60))))
        }
        return file
    }

    func reviewLines(_ shop: SampleShop) -> [String] {
        let url = shop.content.appendingPathComponent(Self.monthFile)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Opens the list and sends one review's form with `action`.
    func act(_ client: EditorClient, _ id: String, _ action: String, response: String = "", revision: String? = nil) async throws
        -> EditorClient.Page
    {
        let page = try await client.get(Self.list)
        let csrf = try #require(page.hidden("_csrf"))
        let shown = try #require(page.html.range(of: "action=\"\(Self.list)\(id)\""))
        let rest = page.html[shown.upperBound...]
        let shownRevision = try #require(rest.range(of: "name=\"revision\" value=\"").map { rest[$0.upperBound...].prefix { $0 != "\"" } })
        return try await client.post(
            Self.list + id,
            fields: [("_csrf", csrf), ("revision", revision ?? String(shownRevision)), ("response", response), ("action", action)])
    }

    @Test func theListShowsPendingReviewsNewestFirstEscapedWithAFormEach() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let page = try await client.get(Self.list)
            #expect(page.status == .ok)
            #expect(page.html.contains("<strong>2 reviews wait</strong> for approval."))
            let newer = try #require(page.html.range(of: "id=\"o1001-1\"")), older = try #require(page.html.range(of: "id=\"o1001-0\""))
            #expect(newer.lowerBound < older.lowerBound)
            #expect(page.html.contains("<strong>5 out of 5 stars</strong>") && page.html.contains("<strong>2 out of 5 stars</strong>"))
            #expect(page.html.contains("<h3>Wakes up &lt;my&gt; skin</h3>"))
            #expect(page.html.contains("<p>First paragraph &amp; more.</p><p>Second one.</p>"))
            #expect(page.html.components(separatedBy: "name=\"action\" value=\"approve\"").count == 3)
            #expect(page.html.contains("<a href=\"/_vitrine/edit/orders/1001\">1001</a>"))
            #expect(page.html.contains("<li><a href=\"/_vitrine/edit/reviews/\" aria-current=\"page\">Reviews</a></li>"))
            let products = try await client.get("/_vitrine/edit/products/")
            #expect(products.html.contains("<li><a href=\"/_vitrine/edit/reviews/\">Reviews</a></li>"))
        }
    }

    @Test func approvingAppendsExactlyOneLineThatTheLoaderAccepts() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        let before = try #require(ContentLoader(contentFolder: shop.content).load().catalog)
        let otherFiles = FolderContents.files(in: shop.content).filter { $0.key != Self.monthFile }
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let done = try await act(client, "o1001-0", "approve", response: "Thank you, Ada!\r\n\r\nSee you soon.")
            #expect(done.status == .seeOther)
            let location = try #require(done.headers[.location])
            #expect(location.hasPrefix(Self.list + "?done=approved&id=o1001-0"))
            let shown = try await client.get(location)
            #expect(shown.html.contains("Approved review o1001-0: it is in Content/reviews/2025-12.jsonl."))
            #expect(shown.html.contains("<strong>1 review waits</strong>"))
        }
        let lines = reviewLines(shop)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(lines)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "product", "rating", "title", "body", "author", "date", "verified", "language", "response"])
        #expect(object["id"] as? String == "o1001-0" && object["product"] as? String == "EST-ANR-50")
        #expect(object["verified"] as? Bool == true && object["date"] as? String == "2025-12-01T12:00:00Z")
        // Keys sorted, as the project's JSON writer writes them.
        #expect(lines[0].hasPrefix(#"{"author":"Ada L.","body":"First paragraph & more.\n\nSecond one.","date":"#))
        #expect(FolderContents.files(in: shop.content).filter { $0.key != Self.monthFile } == otherFiles)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: shop.content.appendingPathComponent("reviews").path))
            .contains { $0.hasPrefix(".") })

        let loaded = ContentLoader(contentFolder: shop.content).load()
        let catalog = try #require(loaded.catalog, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.filter { $0.location.path.hasSuffix("2025-12.jsonl") }.isEmpty)
        #expect(catalog.reviews.count == before.reviews.count + 1)
        let serum = Records.slug("advanced-night-repair-serum")
        let review = try #require(catalog.reviews.reviews(for: serum).first { $0.id == "o1001-0" })
        #expect(review.sku == "EST-ANR-50" && review.rating == 5 && review.verified && review.author == "Ada L.")
        #expect(review.title == "Wakes up <my> skin" && review.language == "en")
        #expect(review.response?.body == "Thank you, Ada!\n\nSee you soon.")
        let kept = try #require(try file.writer.reviewSubmission(order: 1001, line: 0))
        #expect(kept.status == .approved && kept.response == "Thank you, Ada!\n\nSee you soon." && kept.decidedAt != nil)
    }

    @Test func aProductWithoutVariantsIsNamedByItsSlugAndOldLinesStayAsTheyWere() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        // A month file staff wrote by hand, its last line without a line break.
        let existing = #"{"id": "hand-1", "product": "clear-improvement-charcoal-mask", "rating": 4, "body": "Good.", "author": "Bo", "date": "2025-12-01"}"#
        try shop.write("Content/" + Self.monthFile, existing)
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let done = try await act(client, "o1001-1", "approve")
            #expect(done.status == .seeOther)
        }
        let lines = reviewLines(shop)
        #expect(lines.count == 3 && lines[0] == existing && lines[2].isEmpty, "\(lines)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(object["product"] as? String == "clear-improvement-charcoal-mask" && object["rating"] as? Int == 2)
        #expect(object["title"] == nil && object["language"] == nil && object["response"] == nil)
        let catalog = try #require(ContentLoader(contentFolder: shop.content).load().catalog)
        let mask = catalog.reviews.reviews(for: Records.slug("clear-improvement-charcoal-mask"))
        #expect(Set(mask.map(\.id)).isSuperset(of: ["hand-1", "o1001-1"]))
    }

    @Test func rejectingWritesNothingAndKeepsTheReview() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        let before = FolderContents.files(in: shop.content)
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let done = try await act(client, "o1001-1", "reject")
            #expect(done.status == .seeOther)
            let shown = try await client.get(try #require(done.headers[.location]))
            #expect(shown.html.contains("Rejected review o1001-1"))
            #expect(!shown.html.contains("id=\"o1001-1\""))
            #expect(shown.html.contains("<td>Rejected</td>"))
        }
        #expect(FolderContents.files(in: shop.content) == before)
        #expect(try file.writer.reviewSubmission(order: 1001, line: 1)?.status == .rejected)
    }

    @Test func savingTheResponseKeepsItPendingAndShowsTheDraft() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            #expect(try await act(client, "o1001-1", "save", response: "Sorry <b>to</b> hear that.").status == .seeOther)
            let page = try await client.get(Self.list)
            #expect(page.html.contains(">Sorry to hear that.</textarea>"))
        }
        #expect(reviewLines(shop).isEmpty)
        #expect(try file.writer.reviewSubmission(order: 1001, line: 1)?.status == .pending)
    }

    @Test func writesNeedTheFormsTokenAndTheEditorsOrigin() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            _ = try await client.get(Self.list)
            let forged = try await client.post(Self.list + "o1001-0", fields: [("_csrf", "0"), ("revision", "1"), ("action", "approve")])
            #expect(forged.status == .forbidden)
            client.origin = "https://evil.example"
            #expect(try await act(client, "o1001-0", "approve").status == .forbidden)
        }
        #expect(reviewLines(shop).isEmpty)
        #expect(try file.writer.reviewSubmission(order: 1001, line: 0)?.status == .pending)
    }

    @Test func aReviewSentAgainSinceThePageOpenedIsNotDecidedUnread() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let stale = try await act(client, "o1001-0", "approve", revision: "0")
            #expect(stale.status == .conflict)
            #expect(stale.html.contains("The buyer sent review o1001-0 again after this page was opened"))
            #expect(try await act(client, "o1001-0", "approve").status == .seeOther)
            // Approved in another tab: a second approval changes nothing.
            let page = try await client.get(Self.list)
            let twice = try await client.post(
                Self.list + "o1001-0", fields: [("_csrf", try #require(page.hidden("_csrf"))), ("revision", "1"), ("action", "approve")])
            #expect(twice.status == .conflict && twice.html.contains("Review o1001-0 was already approved"))
        }
        #expect(reviewLines(shop).filter { !$0.isEmpty }.count == 1)
    }

    @Test func aReviewOfASKUNoLongerSoldIsRefusedAndNothingIsWritten() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        try shop.edit("Content/products/origins/clear-improvement-charcoal-mask.md", replacing: "sku: ORG-CIMK-100", with: "sku: ORG-CIMK-200")
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let refused = try await act(client, "o1001-1", "approve")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("No product or variant has the SKU ORG-CIMK-100 any more"))
        }
        #expect(reviewLines(shop).isEmpty)
        #expect(try file.writer.reviewSubmission(order: 1001, line: 1)?.status == .pending)
    }

    @Test func anApprovalWhoseMarkDidNotLandIsMarkedWithoutASecondLine() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        let submission = try #require(try file.writer.reviewSubmission(order: 1001, line: 0))
        // The line was appended, then the process died before the orders file was updated.
        let line = ReviewPublisher.line(for: submission, product: "EST-ANR-50", response: nil, respondedAt: OrdersFile.now)
        try shop.write("Content/" + Self.monthFile, line + "\n")
        try await app(shop, orders: try file.reader()).test(.router) { raw in
            let client = EditorClient(raw)
            let done = try await act(client, "o1001-0", "approve")
            #expect(done.status == .seeOther)
        }
        #expect(reviewLines(shop) == [line, ""])
        #expect(try file.writer.reviewSubmission(order: 1001, line: 0)?.status == .approved)
    }

    /// A month file a new line would take past the content file limit is full: the line starts
    /// the month's next file, and every file still loads.
    @Test func aFullMonthFileGoesOnInTheMonthsNextFile() throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let file = try ordersWithReviews()
        let filler = #"{"id": "hand-1", "product": "clear-improvement-charcoal-mask", "rating": 4, "body": "Good.", "author": "Bo", "date": "2025-12-01"}"#
        try shop.write("Content/" + Self.monthFile, filler + "\n")
        var publisher = ReviewPublisher(folder: ContentFolder(root: shop.content))
        publisher.fileLimit = filler.utf8.count + 100
        let first = try #require(try file.writer.reviewSubmission(order: 1001, line: 0))
        let second = try #require(try file.writer.reviewSubmission(order: 1001, line: 1))
        let firstPlace = try publisher.publish(first, response: nil, at: OrdersFile.now).get()
        #expect(firstPlace == .init(relative: "reviews/2025-12-2.jsonl", lineNumber: 1, alreadyThere: false))
        let secondPlace = try publisher.publish(second, response: nil, at: OrdersFile.now).get()
        #expect(secondPlace.relative == "reviews/2025-12-3.jsonl", "neither earlier file has room for it")
        #expect(reviewLines(shop) == [filler, ""], "the full file is left as it was")
        publisher.fileLimit = ContentLimits.fileBytes
        #expect(try publisher.publish(first, response: nil, at: OrdersFile.now).get().alreadyThere)
        let loaded = ContentLoader(contentFolder: shop.content).load()
        let catalog = try #require(loaded.catalog, "\(loaded.diagnostics)")
        let ids = Set(catalog.products.flatMap { catalog.reviews.entries(for: $0.slug).isEmpty ? [] : catalog.reviews.reviews(for: $0.slug).map(\.id) })
        #expect(ids.isSuperset(of: ["hand-1", "o1001-0", "o1001-1"]))
    }

    @Test func withoutAnOrdersFileThereIsNoReviewsPage() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        let router = Router()
        ContentEditor(contentFolder: shop.content).addRoutes(to: router)
        try await Application(router: router).test(.router) { raw in
            let client = EditorClient(raw)
            let reviews = try await client.get(Self.list)
            let products = try await client.get("/_vitrine/edit/products/")
            #expect(reviews.status == .notFound)
            #expect(!products.html.contains("/_vitrine/edit/reviews/"))
        }
    }
}

extension ReviewsPagesTests {
    /// Published reviews name their product as promotions do: deleting it would leave them pointing
    /// at nothing, so the editor refuses and says which review file names it.
    @Test func reviewedProductIsNotDeleted() async throws {
        let shop = try SampleShop()
        defer { shop.remove() }
        try shop.write(
            "Content/" + Self.monthFile,
            #"{"id": "r1", "product": "cicalfate-creme-reparatrice", "rating": 5, "body": "Good.", "author": "Bo", "date": "2025-12-01"}"# + "\n")
        let path = "/_vitrine/edit/products/cicalfate-creme-reparatrice/delete"
        let router = Router()
        ContentEditor(contentFolder: shop.content).addRoutes(to: router)
        try await Application(router: router).test(.router) { raw in
            let client = EditorClient(raw)
            let confirm = try await client.get(path)
            let refused = try await client.post(
                path, fields: [("_csrf", try #require(confirm.hidden("_csrf"))), ("_revision", try #require(confirm.hidden("_revision")))])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("reviews/2025-12.jsonl"), "\(refused.html)")
        }
        #expect(FileManager.default.fileExists(atPath: shop.content.appendingPathComponent("products/aven/cicalfate-creme-reparatrice.md").path))
    }
}

extension SampleShop {
    /// Drops the sample shop's review lines whose `product` is one of `names` (a slug or a SKU),
    /// so a test can delete or rename what they review.
    func removeReviews(naming names: Set<String>) throws {
        let folder = content.appendingPathComponent("reviews")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in files where name.hasSuffix(".jsonl") {
            let url = folder.appendingPathComponent(name)
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let left = lines.filter { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let product = object["product"] as? String
                else { return true }
                return !names.contains(product)
            }
            try left.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
