extension String {
    /// The text's UTF-8 bytes, read where the string keeps them. `withUTF8` needs a `var` copy of
    /// the string, which is a retain and a release of its storage: for every value a page prints,
    /// every JSON string a document writes, and every name hashed.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
