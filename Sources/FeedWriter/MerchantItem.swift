/// One product of the merchant feed, with Google's `g:` attributes
/// (https://support.google.com/merchants/answer/7052112).
struct MerchantItem {
    static let namespace = "http://base.google.com/ns/1.0"

    var id: String
    var title: String
    /// Plain text, at most `MerchantItem.descriptionLimit` characters.
    var description: String
    var link: String
    var imageLink: String?
    /// `in_stock`, `out_of_stock`, `preorder` or `backorder`: the content model's own spelling is Google's.
    var availability: String
    /// `32.00 USD`
    var price: String
    var salePrice: String?
    /// `start/end` in ISO 8601, when the discounting promotion has an end.
    var salePriceEffectiveDate: String?
    var brand: String
    var gtin: String?
    var mpn: String?

    static let descriptionLimit = 5_000
    static let titleLimit = 150

    func write(to xml: XMLWriter) {
        xml.start("item")
        xml.element("id", prefix: "g", id)
        xml.element("title", title)
        xml.element("description", description)
        xml.element("link", link)
        if let imageLink { xml.element("image_link", prefix: "g", imageLink) }
        xml.element("availability", prefix: "g", availability)
        xml.element("price", prefix: "g", price)
        if let salePrice { xml.element("sale_price", prefix: "g", salePrice) }
        if let salePriceEffectiveDate { xml.element("sale_price_effective_date", prefix: "g", salePriceEffectiveDate) }
        xml.element("brand", prefix: "g", brand)
        if let gtin { xml.element("gtin", prefix: "g", gtin) }
        if let mpn { xml.element("mpn", prefix: "g", mpn) }
        // Brand alone does not identify a product: without a GTIN or an MPN, Google must be told so.
        if gtin == nil && mpn == nil { xml.element("identifier_exists", prefix: "g", "no") }
        xml.element("condition", prefix: "g", "new")
        xml.end()
    }
}
