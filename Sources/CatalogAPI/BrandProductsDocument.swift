public import CatalogModel

/// `api/v1/brands/<slug>/products/<n>.json`: one page of a brand's products, by name.
public struct BrandProductsDocument: Codable, Sendable, Equatable {
    public var brand: BrandLink
    /// From 1.
    public var page: Int
    /// At least 1: a brand without products has one empty page.
    public var pageCount: Int
    public var perPage: Int
    /// Products of the brand over all pages.
    public var total: Int
    /// Absolute URL of the next page; absent on the last.
    public var next: String?
    /// Absolute URL of the previous page; absent on the first.
    public var previous: String?
    public var products: [ProductSummaryDocument]
}

/// One of these is written for every page of every brand's products: straight into bytes.
extension BrandProductsDocument: JSONObjectWritable {
    public func write(to writer: inout JSONObjectWriter) {
        writer.object("brand", brand)
        writer.string("next", next)
        writer.int("page", Int64(page))
        writer.int("pageCount", Int64(pageCount))
        writer.int("perPage", Int64(perPage))
        writer.string("previous", previous)
        writer.objects("products", products)
        writer.int("total", Int64(total))
    }
}
