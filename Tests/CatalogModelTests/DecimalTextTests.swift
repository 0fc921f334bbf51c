import CatalogModel
import Foundation
import Testing

@Suite struct DecimalTextTests {
    @Test(arguments: ["12.5", "12.50", "10", "10.0", "1e1", "0.50", "100", "33.333", "0.001", "99.99"])
    func isTheDescriptionWhicheverFormCameFirst(written: String) throws {
        let value = try #require(Decimal(string: written, locale: Locale(identifier: "en_US_POSIX")))
        #expect(DecimalText.text(of: value) == value.description)
        // Asked again, and for an equal value written otherwise, the same text.
        #expect(DecimalText.text(of: value) == value.description)
        let doubled = try #require(Decimal(string: written + "0", locale: Locale(identifier: "en_US_POSIX")))
        if doubled == value { #expect(DecimalText.text(of: doubled) == DecimalText.text(of: value)) }
    }
}
