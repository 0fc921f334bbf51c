import CatalogModel
import CheckoutService
import Foundation
import HTTPTypes
import Testing

@Suite struct CartRequestTests {
    func decode(_ json: String) throws(CheckoutError) -> CartRequest { try CartRequest.decode(json: Data(json.utf8)) }

    func error(_ json: String) -> CheckoutError? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsItemsAndUpperCasesTheCode() throws {
        let cart = try decode(#"{"items":[{"sku":"SER-1","quantity":2},{"sku":"MSK-1","quantity":1}],"code":"serum15"}"#)
        #expect(cart.items == [CartItem(sku: "SER-1", quantity: 2), CartItem(sku: "MSK-1", quantity: 1)])
        #expect(cart.code == "SERUM15")
    }

    @Test func anEmptyOrNullCodeIsNoCode() throws {
        #expect(try decode(#"{"items":[{"sku":"A","quantity":1}],"code":""}"#).code == nil)
        #expect(try decode(#"{"items":[{"sku":"A","quantity":1}],"code":null}"#).code == nil)
    }

    @Test func malformedJSONIs400() {
        for body in ["", "{", #"{"items":[}"#, "not json", #"{"items":[{"sku":"A","quantity":1}]"#] {
            let failure = error(body)
            #expect(failure?.status == .badRequest, "\(body)")
            #expect(failure?.code == "malformed_json")
        }
    }

    @Test func jsonThatIsNotACartIs422NamingTheField() {
        let cases: [(String, String)] = [
            ("[]", "body"),
            (#""items""#, "body"),
            ("{}", "items"),
            (#"{"items":{}}"#, "items"),
            (#"{"items":[{"quantity":1}]}"#, "items[0].sku"),
            (#"{"items":[{"sku":"A"}]}"#, "items[0].quantity"),
            (#"{"items":[{"sku":1,"quantity":1}]}"#, "items[0].sku"),
            (#"{"items":[{"sku":"A","quantity":"2"}]}"#, "items[0].quantity"),
            (#"{"items":[{"sku":"A","quantity":1.5}]}"#, "items[0].quantity"),
            (#"{"items":[{"sku":"A","quantity":null}]}"#, "items[0].quantity"),
            (#"{"items":[{"sku":"A","quantity":1e30}]}"#, "items[0].quantity"),
            (#"{"items":[{"sku":"A","quantity":1}],"code":7}"#, "code"),
            (#"{"items":[{"sku":"A","quantity":1}],"code":"NO SPACES"}"#, "code"),
            (#"{"items":[{"sku":"A","quantity":1}],"gift":true}"#, "gift"),
            (#"{"items":[{"sku":"A","quantity":1,"colour":"red"}]}"#, "items[0].colour"),
        ]
        for (body, field) in cases {
            let failure = error(body)
            #expect(failure?.status == .unprocessableContent, "\(body)")
            #expect(failure?.details == ["field": .string(field)], "\(body)")
        }
    }

    @Test func aRequestCarryingAPriceIsRejected() {
        let cases: [(String, String)] = [
            (#"{"items":[{"sku":"A","quantity":1,"price":1}]}"#, "items[0].price"),
            (#"{"items":[{"sku":"A","quantity":1,"unitAmount":1}]}"#, "items[0].unitAmount"),
            (#"{"items":[{"sku":"A","quantity":1}],"total":100}"#, "total"),
            (#"{"items":[{"sku":"A","quantity":1}],"discount":100}"#, "discount"),
        ]
        for (body, field) in cases {
            let failure = error(body)
            #expect(failure?.code == "price_not_accepted", "\(body)")
            #expect(failure?.status == .unprocessableContent)
            #expect(failure?.details == ["field": .string(field)])
        }
    }

    @Test func moreThanAHundredLinesIs422() {
        let items = (0..<101).map { #"{"sku":"S\#($0)","quantity":1}"# }.joined(separator: ",")
        let failure = error(#"{"items":[\#(items)]}"#)
        #expect(failure?.code == "too_many_lines")
        #expect(failure?.status == .unprocessableContent)
    }

    @Test func parsesTheCartPath() throws {
        let cart = try CartRequest.parse(path: "SER-1:2,MSK-1:1", code: "xmas10")
        #expect(cart.items == [CartItem(sku: "SER-1", quantity: 2), CartItem(sku: "MSK-1", quantity: 1)])
        #expect(cart.code == "XMAS10")
        #expect(try CartRequest.parse(path: "SER%2D1:3", code: nil).items == [CartItem(sku: "SER-1", quantity: 3)])
        // Out-of-range quantities are read; the pricer refuses them with 422 naming the sku.
        #expect(try CartRequest.parse(path: "SER-1:0", code: nil).items == [CartItem(sku: "SER-1", quantity: 0)])
    }

    @Test func aMalformedCartPathIs400() {
        for path in ["", "SER-1", "SER-1:", ":2", "SER-1:x", "SER-1:-1", "SER-1:2,", ",SER-1:2", "SER-1:1234567890", "%ZZ"] {
            #expect(throws: CheckoutError.self, "\(path)") { try CartRequest.parse(path: path, code: nil) }
            do {
                _ = try CartRequest.parse(path: path, code: nil)
            } catch {
                #expect(error.status == .badRequest, "\(path)")
                #expect(error.code == "malformed_cart")
            }
        }
    }

    @Test func aCartPathOfMoreThanAHundredLinesIs422() {
        let path = (0..<101).map { "S\($0):1" }.joined(separator: ",")
        do {
            _ = try CartRequest.parse(path: path, code: nil)
            Issue.record("accepted 101 lines")
        } catch {
            #expect(error.code == "too_many_lines")
        }
    }
}
