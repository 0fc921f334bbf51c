import TextHash

extension ParallelMap {
    /// `0..<count` in the order `areInIncreasingOrder` gives, stably: runs of consecutive indices
    /// sorted on all cores (see `map(ranges:)`), then merged in pairs, each round's pairs on all
    /// cores. At 100,000 products, sorting them by folded name on one core was a third of the
    /// serial stretch between loading the content and planning the pages.
    public static func sortedIndices(
        _ count: Int, minimum: Int = 4_096, by areInIncreasingOrder: @Sendable (Int, Int) -> Bool
    ) -> [Int] {
        var runs = map(ranges: count, minimum: minimum) { range in range.sorted(by: areInIncreasingOrder) }
        while runs.count > 1 {
            let current = runs
            runs = map(count: (current.count + 1) / 2) { pair in
                let left = current[2 * pair]
                return 2 * pair + 1 < current.count ? merged(left, current[2 * pair + 1], by: areInIncreasingOrder) : left
            }
        }
        return runs.first ?? []
    }

    /// Two sorted runs as one; on a tie, `left`'s first, so runs of consecutive indices merge stably.
    private static func merged(_ left: [Int], _ right: [Int], by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(left.count + right.count)
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if areInIncreasingOrder(right[j], left[i]) {
                out.append(right[j])
                j += 1
            } else {
                out.append(left[i])
                i += 1
            }
        }
        out.append(contentsOf: left[i...])
        out.append(contentsOf: right[j...])
        return out
    }
}

extension ParallelMap {
    /// `0..<texts.count` in the texts' order (`<`), stably, for long lists of paths. Each pair is
    /// told apart by the texts' first 32 bytes, kept side by side in one array, where it can be:
    /// comparing the strings themselves reached into 200,000 scattered heap objects, and was 1.4 %
    /// of a 100,000-product build. (Output paths are a folder and a slug: 32 bytes tell nearly all
    /// of them apart, 16 did not tell `api/v1/products/…` from one another.) Only texts all in
    /// ASCII are sorted so, where byte order is `String`'s order; others are compared as strings.
    /// Equal texts are ordered by `tie`, if given, and otherwise stay in their order.
    public static func sortedIndices(
        of texts: [String], minimum: Int = 4_096, tie: (@Sendable (Int, Int) -> Bool)? = nil
    ) -> [Int] {
        @Sendable func compare(_ a: Int, _ b: Int) -> Bool {
            let (x, y) = (texts[a], texts[b])
            if x != y { return x < y }
            return tie?(a, b) ?? false
        }
        var keys: [PrefixKey] = []
        keys.reserveCapacity(texts.count)
        var ascii = true
        for index in texts.indices {
            texts[index].withUTF8Bytes { bytes in
                var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                var seen: UInt8 = 0
                withUnsafeMutableBytes(of: &words) { key in
                    for (offset, byte) in bytes.enumerated() {
                        seen |= byte
                        // Big-endian within each word, so that words compare as the bytes do.
                        if offset < 32 { key[(offset & ~7) | (7 - (offset & 7))] = byte }
                    }
                }
                if seen >= 0x80 { ascii = false }
                keys.append(PrefixKey(words: words))
            }
        }
        guard ascii else { return sortedIndices(texts.count, minimum: minimum, by: compare) }
        return sortedIndices(texts.count, minimum: minimum) { [keys] a, b in
            let (x, y) = (keys[a].words, keys[b].words)
            if x.0 != y.0 { return x.0 < y.0 }
            if x.1 != y.1 { return x.1 < y.1 }
            if x.2 != y.2 { return x.2 < y.2 }
            if x.3 != y.3 { return x.3 < y.3 }
            // The same first 32 bytes, or fewer padded with zeros: the texts decide.
            return compare(a, b)
        }
    }

    /// A text's first 32 bytes as four words, zeros past its end.
    private struct PrefixKey: Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64)
    }
}
