import CatalogModel
@testable import CheckoutService
import DefaultTheme
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitrineTestSupport

/// The review form, its problems and its refusals are in the language of the storefront the link
/// came from (`?storefront=`), else the shop's, like the summary page: never English in a Korean
/// storefront.
@Suite struct ReviewLanguageTests {
    let routes = ReviewRoutesTests()
    static let catalog = CheckoutLanguageTests.catalog()

    /// English a Korean or Japanese page must not hold.
    static let english = [
        "Review your purchase", "Tell other shoppers", "Your rating", "Title (optional)", "Your review (required)", "Plain text",
        "Your name as shown", "Language of your review", "Not given", "Send the review", "This link works until", "Back to the shop",
        "Please check", "Choose a rating", "characters long", "Thank you", "This review link",
    ]

    static func expectNoEnglish(_ html: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for english in english { #expect(!html.contains(english), "\(english)", sourceLocation: sourceLocation) }
    }

    @Test func aKoreanStorefrontsLinkOpensAKoreanFormThatPostsBackToItsStorefront() async throws {
        let path = routes.path() + "?storefront=ko-kr"
        try await routes.withClient(catalog: Self.catalog) { client, _ in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            let html = ReviewRoutesTests.html(response)
            #expect(html.contains(#"<html lang="ko">"#))
            #expect(html.contains("<h1>구매한 상품 리뷰 쓰기</h1>"))
            #expect(html.contains(#"<p><strong id="product">serum</strong>에 대한 생각을 다른 고객에게 알려 주세요."#))
            #expect(html.contains("<legend>별점 (필수)</legend>"))
            #expect(html.contains(#"<input type="radio" name="rating" value="5" required> 별 5개 "#))
            #expect(html.contains("일반 텍스트로 최대 5,000자까지 쓸 수 있습니다."))
            // "Not given" is in the page's language: no `lang` of its own, and never an empty one.
            #expect(html.contains(#"<option value="" selected>지정 안 함</option>"#))
            #expect(!html.contains(#"lang="""#))
            // The page's own language is offered first.
            #expect(html.contains(#"<option value="ko" lang="ko">한국어</option>"#))
            #expect(html.range(of: #"value="ko""#)!.lowerBound < html.range(of: #"value="en""#)!.lowerBound)
            #expect(html.contains(">리뷰 보내기</button>"))
            #expect(html.contains("이 링크는 <time datetime="))
            #expect(html.contains(#"<a href="https://shop.example/ko-kr/">상점으로 돌아가기</a>"#))
            #expect(html.contains(#"?storefront=ko-kr" id="review-form""#))
            Self.expectNoEnglish(html)
        }
    }

    @Test func aKoreanFormsProblemsAndThanksAreKorean() async throws {
        let path = routes.path() + "?storefront=ko-kr"
        try await routes.withClient(catalog: Self.catalog) { client, _ in
            let refused = try await routes.post(
                client, path, [("rating", "6"), ("title", String(repeating: "t", count: 201)), ("body", ""), ("author", "Ada")])
            #expect(refused.status == .unprocessableContent)
            let form = ReviewRoutesTests.html(refused)
            #expect(form.contains("<h2>입력한 내용을 확인해 주세요. 아직 아무것도 보내지 않았습니다</h2>"))
            #expect(form.contains(##"<a href="#rating">별 1개에서 5개 사이로 별점을 선택해 주세요</a>"##))
            #expect(form.contains("제목이 201자입니다. 최대 200자까지 쓸 수 있으니 1자를 줄여 주세요"))
            #expect(form.contains("리뷰를 써 주세요. 상품에 대해 몇 마디면 충분합니다"))
            Self.expectNoEnglish(form)
            let sent = ReviewRoutesTests.html(try await routes.post(client, path))
            #expect(sent.contains("<h1>리뷰를 보내 주셔서 감사합니다</h1>"))
            #expect(sent.contains("감사합니다! <strong>serum</strong> 리뷰가 상점에 전달되었습니다."))
            let again = ReviewRoutesTests.html(try await routes.post(client, path))
            #expect(again.contains("리뷰가 이전에 보내신 리뷰를 대신합니다."))
            let reopened = ReviewRoutesTests.html(try await client.execute(uri: path, method: .get))
            #expect(reopened.contains(#"<p class="notice" id="replacing"><time datetime="#))
            #expect(reopened.contains("이 상품의 리뷰를 보내셨지만 상점에서 아직 게시하지 않았습니다."))
            for page in [sent, again, reopened] { Self.expectNoEnglish(page) }
        }
    }

    @Test func refusalsAreInTheLinksLanguageAndKeepTheirCode() async throws {
        let expiry = routes.clock.now.addingTimeInterval(3600)
        let expiring = routes.path(expiresAt: expiry) + "?storefront=ja-jp"
        let clock = routes.clock
        try await routes.withClient(catalog: Self.catalog) { client, _ in
            clock.advance(by: 3600)
            let expired = try await client.execute(uri: expiring, method: .get)
            ReviewRoutesTests.expectPage(expired, .gone, "review_link_expired")
            let html = ReviewRoutesTests.html(expired)
            #expect(html.contains(#"<html lang="ja">"#) && html.contains("<h1>このレビューリンクは有効期限が切れています</h1>"))
            #expect(html.contains("このレビューリンクは\(Timestamp.rfc3339(expiry))に有効期限が切れました。"))
            #expect(html.contains(#"<a href="https://shop.example/ja-jp/">ショップに戻る</a>"#))
            Self.expectNoEnglish(html)
            let invalid = try await routes.post(client, "/reviews/a.b?storefront=ko-kr")
            ReviewRoutesTests.expectPage(invalid, .notFound, "review_link_invalid")
            #expect(ReviewRoutesTests.html(invalid).contains("<h1>이 리뷰 링크는 사용할 수 없습니다</h1>"))
            #expect(ReviewRoutesTests.html(invalid).contains("상점에서 받은 이메일의 링크를 다시 열어 주세요"))
            Self.expectNoEnglish(ReviewRoutesTests.html(invalid))
        }
    }

    @Test func withoutAStorefrontTheFormIsInTheShopsLanguage() async throws {
        var site = Fixtures.site
        site.locale = "ko_KR"
        let korean = Records.catalog(site: site, products: Fixtures.defaultProducts)
        let path = routes.path()
        try await routes.withClient(catalog: korean) { client, _ in
            let html = ReviewRoutesTests.html(try await client.execute(uri: path, method: .get))
            #expect(html.contains(#"<html lang="ko-KR">"#) && html.contains("<h1>구매한 상품 리뷰 쓰기</h1>"))
            #expect(html.contains(#"<a href="https://shop.example/">상점으로 돌아가기</a>"#))
            Self.expectNoEnglish(html)
        }
    }

    /// A storefront the shop does not have is not written back into the form's address.
    @Test func anUnknownStorefrontGivesTheShopsLanguageAndIsNotEchoed() async throws {
        let path = routes.path() + "?storefront=%22%3E%3Cb%3E"
        try await routes.withClient(catalog: Self.catalog) { client, _ in
            let html = ReviewRoutesTests.html(try await client.execute(uri: path, method: .get))
            #expect(html.contains("<h1>Review your purchase</h1>") && html.contains("<legend>Your rating (required)</legend>"))
            #expect(!html.contains("storefront=") && !html.contains("<b>"))
        }
    }

    @Test func theFormsProblemsAreMessagesWrittenInTheLanguageAskedFor() throws {
        let form = ReviewForm(fields: ["rating": "3", "body": String(repeating: "x", count: 5001), "author": "Ada"])
        let problem = try #require(form.errors.first).message
        #expect(problem.formatted(in: CheckoutError.english) == "Your review is 5,001 characters long; at most 5,000 fit, so shorten it by 1")
        #expect(problem.formatted(in: DefaultTheme.strings(locale: "de_DE"))
            == "Ihre Bewertung ist 5.001 Zeichen lang; höchstens 5.000 passen, kürzen Sie sie also um 1")
        #expect(CheckoutError.tooManyRequests(retryAfter: 30).message
            == "Too many reviews were sent from here in a short time; wait 30 seconds and send it again")
        #expect(CheckoutError.tooManyRequests(retryAfter: 30).message(in: DefaultTheme.strings(locale: "ja_JP"))
            == "短時間にここから送信されたレビューが多すぎます。30秒待ってからもう一度送信してください")
        #expect(CheckoutError.reviewDecided(approved: true).message
            == "Your review of this item has already been published; thank you. It can no longer be changed here")
    }
}
