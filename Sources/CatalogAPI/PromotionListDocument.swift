public import Foundation

/// `api/v1/promotions.json`: promotions active or upcoming at build time, active first.
public struct PromotionListDocument: Codable, Sendable, Equatable {
    public struct AppliesTo: Codable, Sendable, Equatable {
        public var brands: [BrandLink]
        public var products: [ProductLink]
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var slug: String
        public var title: String
        /// `active` or `upcoming` at build time; `starts` and `ends` let an app tell later.
        public var status: String
        public var starts: String
        public var ends: String?
        public var discountPercent: Decimal?
        public var code: String?
        /// Absolute URL of the banner.
        public var image: String?
        public var url: String
        public var content: TextDocument
        public var appliesTo: AppliesTo
        public var stores: [StoreDocument]
    }

    /// The build clock the statuses were decided at (RFC 3339, UTC).
    public var asOf: String
    public var promotions: [Entry]
}
