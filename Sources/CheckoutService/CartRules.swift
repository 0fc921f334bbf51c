/// The limits a cart must keep; the OpenAPI document states the same numbers.
public enum CartRules {
    public static let quantities = 1...99
    public static let maximumLines = 100
    public static let maximumBodyBytes = 64 * 1024
    /// Longest accepted promotion code, as in the content model.
    public static let maximumCodeLength = 32
    /// Longest token accepted before any decoding: 100 lines fit in a fraction of it.
    public static let maximumTokenLength = 16 * 1024
}
