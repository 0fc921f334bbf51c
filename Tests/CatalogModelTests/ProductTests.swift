import CatalogModel
import Testing
import VitrineTestSupport

/// A product shares its fields between copies; it must still behave as a value.
@Suite struct ProductTests {
    @Test func changingACopyLeavesTheOriginal() {
        let original = Records.product("night-serum", tags: ["serum"])
        var copy = original
        copy.name = "Day Serum"
        copy.tags.append("day")
        copy.price.minorUnits = 1250
        #expect(original.name == "Night Serum")
        #expect(original.tags == ["serum"])
        #expect(original.price.minorUnits == 1000)
        #expect(copy.name == "Day Serum")
        #expect(copy.tags == ["serum", "day"])
        #expect(copy.price.minorUnits == 1250)
    }

    @Test func equalFieldsAreEqualProductsWithEqualHashes() {
        let one = Records.product("night-serum")
        var other = Records.product("night-serum")
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        other.gtin = "4006381333931"
        #expect(one != other)
        #expect(Set([one, other, one]).count == 2)
    }

    @Test func aProductChangedManyTimesInPlaceKeepsEveryChange() {
        var product = Records.product("night-serum")
        for index in 0..<1_000 { product.tags.append("tag-\(index)") }
        #expect(product.tags.count == 1_000)
        #expect(product.tags.last == "tag-999")
    }
}
