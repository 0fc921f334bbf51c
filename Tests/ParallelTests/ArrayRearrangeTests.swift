import Parallel
import Testing

@Suite struct ArrayRearrangeTests {
    /// A permutation of `0..<count` with cycles of many lengths, from a seeded shuffle.
    func permutation(_ count: Int) -> [Int] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var order = Array(0..<count)
        for index in order.indices.reversed() where index > 0 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(index, Int(state >> 33) % (index + 1))
        }
        return order
    }

    @Test(arguments: [0, 1, 2, 3, 10, 1_000, 65_537])
    func placesTheElementAtEachPositionOfTheOrder(count: Int) {
        let order = permutation(count)
        var items = (0..<count).map { "item \($0)" }
        let expected = order.map { items[$0] }
        items.rearrange(into: order)
        #expect(items == expected)
    }

    @Test func leavesTheIdentityAndFixedPointsInPlace() {
        var items = ["a", "b", "c", "d"]
        items.rearrange(into: [0, 1, 2, 3])
        #expect(items == ["a", "b", "c", "d"])
        items.rearrange(into: [0, 2, 1, 3])
        #expect(items == ["a", "c", "b", "d"])
    }

    @Test func followsOneLongCycle() {
        var items = ["a", "b", "c", "d", "e"]
        items.rearrange(into: [1, 2, 3, 4, 0])
        #expect(items == ["b", "c", "d", "e", "a"])
        items.rearrange(into: [4, 0, 1, 2, 3])
        #expect(items == ["a", "b", "c", "d", "e"])
    }
}
