/// The limits a cart must keep; the OpenAPI document states the same numbers.
public enum CartRules {
    public static let quantities = 1...99
    public static let maximumLines = 100
    public static let maximumBodyBytes = 64 * 1024
    /// Longest accepted promotion code, as in the content model.
    public static let maximumCodeLength = 32
    /// Longest token accepted before any decoding: 100 lines of 50-character skus and 19-digit amounts take 12.7 KiB.
    public static let maximumTokenLength = 16 * 1024
    /// How long a client may take to send a cart's body once its request head has arrived. A body
    /// sent a byte a second would otherwise hold a connection for 18 hours.
    public static let bodyDeadline: Duration = .seconds(10)
    /// How long a connection may wait between request parts, and how long a kept-alive one may
    /// stay idle. A request head is one part, so a client sending its headers a byte a second is
    /// closed after this long; a response being written is never cut.
    public static let idleTimeout: Duration = .seconds(10)

    /// A Stripe Checkout Session id as Stripe writes them (`cs_test_…`, `cs_live_…`): anything else
    /// is no order's, and is answered without touching the orders file.
    static func isSessionID(_ text: String) -> Bool {
        text.hasPrefix("cs_") && (4...255).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }
}
