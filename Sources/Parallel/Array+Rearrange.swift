extension Array {
    /// Puts the element at `order[k]` at `k`, for an `order` such as `ParallelMap.sortedIndices`
    /// gives, by swaps along each cycle of the permutation: elements are moved, where
    /// `order.map { self[$0] }` copies every one (200,000 output jobs at 100,000 products, each
    /// with closures retained and then released with the old array).
    public mutating func rearrange(into order: [Int]) {
        precondition(order.count == count, "a permutation of every element")
        var placed = [Bool](repeating: false, count: count)
        // Swapped through the buffer, which moves the elements; `Array.swapAt` copied them.
        withUnsafeMutableBufferPointer { items in
            for start in order.indices where !placed[start] {
                // Slot `slot` takes what `order[slot]` holds; that slot is then filled in turn,
                // until the cycle comes back to `start`, whose element has by then moved to the last slot.
                var slot = start
                placed[slot] = true
                while !placed[order[slot]] {
                    items.swapAt(slot, order[slot])
                    slot = order[slot]
                    placed[slot] = true
                }
            }
        }
    }
}
