public import Foundation

/// What a review link carries: which line of which order may be reviewed, the line's SKU (so a
/// link cannot be moved to another line of a changed order), and when the link stops working.
/// Signed with a key of its own (`ReviewLinks`), never the checkout key.
public struct ReviewToken: Sendable, Hashable {
    public var order: Int64
    /// The line's position in the order, from 0.
    public var line: Int
    public var sku: String
    /// Seconds since 1970, UTC.
    public var expiresAt: Int64

    public init(order: Int64, line: Int, sku: String, expiresAt: Int64) {
        self.order = order
        self.line = line
        self.sku = sku
        self.expiresAt = expiresAt
    }

    static let formatTag = "vr1"

    /// `vr1;<order>;<line>;<expires>;<sku>`: the SKU last, so whatever it holds cannot shift the
    /// other fields.
    var payload: String { "\(Self.formatTag);\(order);\(line);\(expiresAt);\(sku)" }

    /// Reads a payload whose signature was already verified; nil if it is not one this code writes.
    init?(payload: Substring) {
        let fields = payload.split(separator: ";", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0] == Self.formatTag, let order = Int64(fields[1]), order > 0,
            let line = Int(fields[2]), line >= 0, let expires = Int64(fields[3]), !fields[4].isEmpty
        else { return nil }
        self.init(order: order, line: line, sku: String(fields[4]), expiresAt: expires)
    }

    public var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }
}
