/// The limits a cart must keep; the OpenAPI document states the same numbers.
public enum CartRules {
    public static let quantities = 1...99
    public static let maximumLines = 100
    public static let maximumBodyBytes = 64 * 1024
    /// Longest accepted promotion code, as in the content model.
    public static let maximumCodeLength = 32
    /// Longest token accepted before any decoding: 100 lines of 50-character skus and 19-digit amounts take 12.7 KiB.
    public static let maximumTokenLength = 16 * 1024
}
