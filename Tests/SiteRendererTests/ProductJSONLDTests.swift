@testable import SiteRenderer
import Testing

@Suite struct ProductJSONLDTests {
    /// Short texts skip counting characters; long ones are cut at 5,000 characters, not bytes.
    @Test func descriptionKeepsAtMostFiveThousandCharacters() {
        #expect(ProductJSONLD.description("Night serum") == "Night serum")
        let accented = String(repeating: "é", count: 4_000)
        #expect(ProductJSONLD.description(accented) == accented)
        let long = String(repeating: "é", count: 6_000)
        #expect(ProductJSONLD.description(long).count == 5_000)
        #expect(ProductJSONLD.description(String(repeating: "a", count: 5_001)).count == 5_000)
    }
}
