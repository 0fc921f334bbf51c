extension UnsafeBufferPointer where Element == UInt8 {
    /// The scalar value whose encoding starts at `index` of valid UTF-8, and its length in bytes.
    /// The folding shortcut and the search tokenizer read text as bytes because building
    /// characters or scalars cost a tenth of a storefront's search index (`perf`).
    @inlinable @inline(__always)
    public func utf8Scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = self[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 { return (UInt32(lead & 0x1F) << 6 | UInt32(self[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return (UInt32(lead & 0x0F) << 12 | UInt32(self[index + 1] & 0x3F) << 6 | UInt32(self[index + 2] & 0x3F), 3)
        }
        return (UInt32(lead & 0x07) << 18 | UInt32(self[index + 1] & 0x3F) << 12
            | UInt32(self[index + 2] & 0x3F) << 6 | UInt32(self[index + 3] & 0x3F), 4)
    }
}
