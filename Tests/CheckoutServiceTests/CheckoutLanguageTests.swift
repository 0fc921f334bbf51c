import CatalogModel
@testable import CheckoutService
import DefaultTheme
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ShopStrings
import Testing
import VitrineTestSupport

/// A shopper reads the summary page and the service's refusals in the language of the storefront
/// the cart was filled in, from the theme's string tables; the machine `code` never changes.
@Suite struct CheckoutLanguageTests {
    static let jpy = Currency(code: "JPY")!

    static func catalog() -> Catalog {
        var site = Fixtures.site
        site.languages = [SiteLanguage(tag: "en"), SiteLanguage(tag: "ko"), SiteLanguage(tag: "ja")]
        site.markets = [
            StorefrontCheckoutTests.us, StorefrontCheckoutTests.kr,
            Market(id: "jp", countries: ["JP"], currency: jpy, languages: ["ja"], roundingStep: 10),
        ]
        site.exchangeRates = ["KRW": 1385, "JPY": 152]
        let serum = Records.product("serum", sku: "SER-1", price: 3250)
        return Records.catalog(site: site, products: [serum])
    }

    let links = Fixtures.links(catalog: catalog())
    let page = SummaryPage(catalog: catalog())

    @Test func aKoreanStorefrontsCartHasAKoreanSummaryPage() throws {
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 2)], storefront: "ko-kr"), at: Fixtures.now)
        let html = page.render(link, jsonURL: "x.json")
        #expect(html.contains(#"<html lang="ko">"#))
        #expect(html.contains("<h1>주문 요약</h1>"))
        #expect(html.contains(#"<th scope="row" colspan="4">소계</th>"#))
        #expect(html.contains("가격은 KRW 기준이며 상점의 카탈로그에서 가져왔습니다."))
        #expect(html.contains(#"<a href="https://shop.example/ko-kr/bag/">장바구니로 돌아가기</a>"#))
        #expect(html.contains("여기에서는 결제가 이루어지지 않습니다."))
        for english in ["Order summary", "Subtotal", "Back to the bag", "No payment is taken here", "Unit price"] {
            #expect(!html.contains(english), "\(english)")
        }
    }

    @Test func theRootsSummaryPageKeepsItsEnglish() throws {
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)], code: nil), at: Fixtures.now)
        let html = page.render(link, jsonURL: "x.json")
        #expect(html.contains(#"<html lang="en-US">"#) || html.contains(#"<html lang="en">"#))
        #expect(html.contains(#"<caption class="muted">Prices in USD, from the shop's catalog.</caption>"#))
        #expect(html.contains(#"<th scope="col">Product</th><th scope="col" class="amount">Unit price</th>"#))
        #expect(html.contains(#"<p class="muted">This link holds these prices until <time datetime=""#))
        #expect(html.contains(#"<a href="https://shop.example/bag/">Back to the bag</a>"#))
        #expect(html.contains("<strong>No payment is taken here.</strong> This page is the signed order summary."))
    }

    @Test func aJapaneseCartsRefusalIsInJapaneseAndKeepsItsCode() async throws {
        let app = buildApplication(links: links, configuration: CheckoutConfiguration(clock: { Fixtures.now }))
        try await app.test(.router) { client in
            try await client.execute(uri: "/" + CheckoutRoute.cart.path("NOPE-9:1") + "?storefront=ja-jp", method: .get) { response in
                #expect(response.status == .unprocessableContent)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(object["error"] as? String == "unknown_sku")
                #expect(object["message"] as? String == "商品番号\"NOPE-9\"の商品はありません")
            }
            let html: HTTPFields = [.accept: "text/html"]
            try await client.execute(uri: "/" + CheckoutRoute.cart.path("NOPE-9:1") + "?storefront=ja-jp", method: .get, headers: html) {
                let page = String(buffer: $0.body)
                #expect(page.contains(#"<html lang="ja">"#))
                #expect(page.contains("<h1>このお会計リンクはご利用いただけません</h1>"))
                #expect(page.contains(#"data-code="unknown_sku">商品番号&quot;NOPE-9&quot;の商品はありません</p>"#))
                #expect(page.contains(#"<a href="https://shop.example/ja-jp/bag/">カートに戻る</a>"#))
            }
            // The JSON API's cart names its storefront in the body.
            let body = #"{"items": [{"sku": "SER-1", "quantity": 0}], "storefront": "ko-kr"}"#
            try await client.execute(
                uri: "/" + CheckoutRoute.createLink.path(""), method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body)
            ) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(object["error"] as? String == "invalid_quantity")
                #expect(object["message"] as? String == "SER-1의 수량 0은(는) 1–99 범위를 벗어납니다")
            }
            // Without a storefront, the shop's language.
            try await client.execute(uri: "/" + CheckoutRoute.cart.path("NOPE-9:1"), method: .get) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(object["message"] as? String == "No product has the sku \"NOPE-9\"")
            }
        }
    }

    @Test func anExpiredLinkOfAKoreanCartSaysSoInKorean() throws {
        let link = try links.link(for: CartRequest(items: [CartItem(sku: "SER-1", quantity: 1)], storefront: "ko-kr"), at: Fixtures.now)
        do {
            _ = try links.cart(forToken: link.token[...], at: Fixtures.now.addingTimeInterval(86_400))
            Issue.record("an expired link was accepted")
        } catch {
            #expect(error.code == "token_expired" && error.storefront == "ko-kr")
            #expect(page.render(error: error).contains("결제 링크가 "))
            #expect(error.message.hasPrefix("The checkout link expired at "))
        }
    }

    @Test func englishMessagesReadAsTheyDidAndOtherLanguagesTakeTheirPluralForms() {
        #expect(CheckoutError.emptyCart.message == "The cart has no items; add at least one sku with a quantity")
        #expect(CheckoutError.mixedCurrencies(["USD", "EUR"]).message == "A cart holds one currency; these items are priced in USD and EUR")
        #expect(CheckoutError.outOfStock(["A-1", "B-2"]).message == "Out of stock: A-1, B-2; remove it from the cart")
        #expect(CheckoutError.unknownStorefront("fr-fr", known: ["", "ko-kr"]).message
            == #"The shop has no storefront "fr-fr"; it has the root, ko-kr"#)
        #expect(CheckoutError.tooManyLines(101).message == "The cart has 101 lines; at most 100 are allowed")
        let arabic = DefaultTheme.strings(locale: "ar_AE")
        #expect(CheckoutError.tooManyLines(111).message(in: arabic) == "في السلة 111 بندًا؛ الحد الأقصى 100")
        #expect(CheckoutError.mixedCurrencies(["USD", "EUR"]).message(in: DefaultTheme.strings(locale: "de_DE"))
            == "Ein Warenkorb enthält nur eine Währung; diese Artikel kosten USD und EUR")
        #expect(CheckoutError.unknownStorefront("x", known: ["", "ko-kr"]).message(in: DefaultTheme.strings(locale: "ja_JP"))
            == "このショップにストア「x」はありません。あるストア：メインのストア、ko-kr")
    }

    /// What only a client's developer or Stripe reads stays English, whatever the cart's language.
    @Test func developerMessagesStayEnglish() {
        #expect(CheckoutError.malformedJSON("x").message(in: DefaultTheme.strings(locale: "ko_KR")) == "The request body is not valid JSON: x")
    }
}
