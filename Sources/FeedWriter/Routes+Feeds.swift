public import CatalogModel

extension Routes {
    /// Meta's catalog feed (Facebook and Instagram shops): the merchant feed's items in Meta's spelling.
    public static let metaProductsFeed = "feeds/meta-products.xml"

    /// Google's Product Ratings feed. Google refuses a file over 100 MB, so a larger feed is split
    /// into files of their own: `feeds/product-ratings.xml`, then `product-ratings-2.xml`,
    /// `product-ratings-3.xml`…; the first keeps its name, so a registered URL stays right.
    public static func productRatingsFeed(part: Int = 1) -> String {
        part <= 1 ? "feeds/product-ratings.xml" : "feeds/product-ratings-\(part).xml"
    }
}
