import Foundation

/// Distinct words numbered in first-seen order: open addressing over one byte arena. A large catalog
/// has millions of word occurrences; hashing and comparing them as bytes, without making a String
/// for each, is what keeps indexing 100,000 products within seconds.
struct WordTable: Sendable {
    private(set) var arena: [UInt8] = []
    /// Word `i` is `arena[starts[i]..<starts[i + 1]]`.
    private(set) var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Per slot: the hash's high half above word number + 1; 0 is empty. Keeping part of the hash
    /// in the slot settles most mismatches without touching the arena.
    private var slots: [UInt64]
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { hashes.count }

    /// The word's number, adding it when new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = Self.hash(word)
        let tag = hash & 0xffff_ffff_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if stored & 0xffff_ffff_0000_0000 == tag {
                let index = Int(stored & 0xffff_ffff) - 1
                if equals(index, word) { return Int32(index) }
            }
            slot = (slot + 1) & mask
        }
        let index = hashes.count
        hashes.append(hash)
        arena.append(contentsOf: word)
        starts.append(arena.count)
        slots[slot] = tag | UInt64(index + 1)
        if hashes.count * 2 > slots.count { grow() }
        return Int32(index)
    }

    func bytes(of index: Int) -> ArraySlice<UInt8> { arena[starts[index]..<starts[index + 1]] }

    func string(_ index: Int) -> String { String(decoding: bytes(of: index), as: UTF8.self) }

    /// Word numbers sorted by UTF-8 bytes.
    func sortedNumbers() -> [Int] {
        arena.withUnsafeBufferPointer { arena in
            starts.withUnsafeBufferPointer { starts in
                // memcmp compares unsigned bytes, as `lexicographicallyPrecedes` does, a word at a time.
                guard let base = arena.baseAddress else { return Array(0..<count) }
                return (0..<count).sorted { a, b in
                    let (x, y) = (starts[a], starts[b])
                    let (xCount, yCount) = (starts[a + 1] - x, starts[b + 1] - y)
                    let order = memcmp(base + x, base + y, min(xCount, yCount))
                    return order != 0 ? order < 0 : xCount < yCount
                }
            }
        }
    }

    private func equals(_ index: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[index]
        guard starts[index + 1] - start == word.count else { return false }
        guard let base = word.baseAddress else { return true }
        return arena.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base, word.count) == 0 }
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash & 0xffff_ffff_0000_0000 | UInt64(index + 1)
        }
    }

    /// FNV-1a with a final mix, so the low bits used for the slot depend on every byte.
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 32
        hash = hash &* 0x9e37_79b9_7f4a_7c15
        return hash ^ (hash >> 29)
    }
}
