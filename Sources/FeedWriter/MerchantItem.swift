import CatalogModel

/// One product of the merchant feeds, with Google's `g:` attributes
/// (https://support.google.com/merchants/answer/7052112), written in Google's spelling or Meta's
/// (`Dialect`).
struct MerchantItem {
    static let namespace = "http://base.google.com/ns/1.0"

    var id: String
    var title: String
    /// Plain text, at most `MerchantItem.descriptionLimit` characters.
    var description: String
    var link: String
    var imageLink: String?
    /// Spelt by the dialect: Google's is the content model's own (`in_stock`), Meta's is in words.
    var availability: Availability
    /// `32.00 USD`
    var price: String
    var salePrice: String?
    /// `start/end` in ISO 8601, when the discounting promotion has an end.
    var salePriceEffectiveDate: String?
    var brand: String
    var gtin: String?
    var mpn: String?
    /// The product's sku when this item is one of its variants.
    var itemGroupID: String?
    /// `color`, `size`, `material` or `pattern` with the variant's value, in option order.
    var variantAttributes: [(name: String, value: String)] = []
    /// Options Google has no attribute for, as `g:product_detail` (section, name, value).
    var productDetails: [(name: String, value: String)] = []
    var additionalImageLinks: [String] = []
    var unitPricingMeasure: String?
    var unitPricingBaseMeasure: String?
    var shipping: [Shipping] = []
    /// `Skincare > Serums`: the product's first category and its ancestors.
    var productType: String?
    var googleProductCategory: String?

    /// One `g:shipping` group: a country and service with its cost for this item.
    struct Shipping {
        var country: String
        var service: String
        var price: String
        var minTransitDays: Int?
        var maxTransitDays: Int?
    }

    /// At most this many `g:additional_image_link`s, Google's limit.
    static let additionalImageLimit = 10

    static let descriptionLimit = 5_000
    static let titleLimit = 150

    func write(to xml: XMLWriter, dialect: Dialect = .google) {
        // RSS has its own title, link and description, which Google reads; Meta's sample feed
        // names every field in the `g:` namespace.
        let rss = dialect == .meta ? "g" : nil
        xml.start("item")
        xml.element("id", prefix: "g", id)
        xml.element("title", prefix: rss, title)
        xml.element("description", prefix: rss, dialect.description(of: self))
        xml.element("link", prefix: rss, link)
        if let imageLink { xml.element("image_link", prefix: "g", imageLink) }
        xml.element("availability", prefix: "g", dialect.spelling(of: availability))
        xml.element("price", prefix: "g", price)
        if let salePrice { xml.element("sale_price", prefix: "g", salePrice) }
        if let salePriceEffectiveDate { xml.element("sale_price_effective_date", prefix: "g", salePriceEffectiveDate) }
        xml.element("brand", prefix: "g", brand)
        if let gtin { xml.element("gtin", prefix: "g", gtin) }
        if let mpn { xml.element("mpn", prefix: "g", mpn) }
        // Brand alone does not identify a product: without a GTIN or an MPN, Google must be told so.
        // Meta has no such field.
        if gtin == nil && mpn == nil && dialect == .google { xml.element("identifier_exists", prefix: "g", "no") }
        xml.element("condition", prefix: "g", "new")
        if let productType { xml.element("product_type", prefix: "g", productType) }
        if let googleProductCategory { xml.element("google_product_category", prefix: "g", googleProductCategory) }
        if let itemGroupID { xml.element("item_group_id", prefix: "g", itemGroupID) }
        for (name, value) in variantAttributes { xml.element(name, prefix: "g", value) }
        switch dialect {
        case .google:
            for (name, value) in productDetails {
                xml.start("product_detail", prefix: "g")
                xml.element("section_name", prefix: "g", "Options")
                xml.element("attribute_name", prefix: "g", name)
                xml.element("attribute_value", prefix: "g", value)
                xml.end()
            }
        case .meta:
            if let attributes = Dialect.variantAttributeText(productDetails) {
                xml.element("additional_variant_attribute", prefix: "g", attributes)
            }
        }
        for link in additionalImageLinks.prefix(Self.additionalImageLimit) { xml.element("additional_image_link", prefix: "g", link) }
        // Meta's unit price is a field of another shape (value, currency and unit), not these.
        if dialect == .google, let unitPricingMeasure, let unitPricingBaseMeasure {
            xml.element("unit_pricing_measure", prefix: "g", unitPricingMeasure)
            xml.element("unit_pricing_base_measure", prefix: "g", unitPricingBaseMeasure)
        }
        for rate in shipping {
            xml.start("shipping", prefix: "g")
            xml.element("country", prefix: "g", rate.country)
            xml.element("service", prefix: "g", rate.service)
            xml.element("price", prefix: "g", rate.price)
            // Transit times are Google's; Meta's shipping field has country, region, service and price.
            if dialect == .google {
                if let days = rate.minTransitDays { xml.element("min_transit_time", prefix: "g", String(days)) }
                if let days = rate.maxTransitDays { xml.element("max_transit_time", prefix: "g", String(days)) }
            }
            xml.end()
        }
        xml.end()
    }
}
