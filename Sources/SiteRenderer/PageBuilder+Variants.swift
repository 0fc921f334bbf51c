import CatalogModel
import Foundation
import ShopStrings
import TemplateEngine

/// The product page's variant table and picker, gallery, unit price and shipping rates. Each key
/// is set only when the product or the site has what it shows, so a shop without them renders
/// the pages it rendered before.
/// One variant of a product as a page shows it: the variant, it as a product, and its quote.
typealias VariantOffer = (variant: Variant, item: Product, quote: PriceQuote)

extension PageBuilder {
    /// Each variant priced once, for the table, the picker and the structured data alike.
    func offers(of product: Product) -> [VariantOffer] {
        product.variants.map { variant in
            let item = product.buyable(variant)
            return (variant, item, context.quote(item))
        }
    }

    /// Adds the variant keys to a product page's `item`, whose price keys describe the default variant.
    func addVariants(of product: Product, offers: [VariantOffer], to item: inout TemplateFields) {
        guard let chosen = product.shownVariant else { return }
        item["hasVariants"] = true
        item["variantScriptURL"] = context.assetRoot + Routes.variantScript
        item["variantStringsJSON"] = context.scriptStringsJSON(
            ["variantUnavailable", "priceWas", "shippingFree", "variantChoice", "variantStatus", "listSeparator"])
        item["optionControls"] = product.options.enumerated().map { index, name -> TemplateFields in
            var values: [String] = []
            for variant in product.variants where !values.contains(variant.values[index]) { values.append(variant.values[index]) }
            return [
                "name": name, "label": Self.optionLabel(name, of: product), "index": index,
                "values": values.map { value -> TemplateFields in ["value": value, "selected": value == chosen.values[index]] },
            ]
        }
        item["selectedLabel"] = product.optionValues(of: chosen)
            .map { strings("variantChoice", ["option": Self.optionLabel($0.name, of: product), "value": $0.value]) }
            .joined(separator: strings("listSeparator"))
        item["optionLabels"] = product.options.map { Self.optionLabel($0, of: product) }
        // Lower-cased in a sentence only where the label is the option's own English name.
        let names = product.options.map { product.optionLabels[$0] ?? Self.optionLabel($0).lowercased() }
        let list = names.count == 1
            ? names[0] : strings("listAnd", ["list": names.dropLast().joined(separator: strings("listSeparator")), "last": names.last!])
        item["variantsHeading"] = strings("variantsHeading", ["options": list])
        var records: [JSONValue] = []
        item["variants"] = offers.map { variant, buyable, quote -> TemplateFields in
            var row: TemplateFields = [
                "sku": variant.sku,
                "name": buyable.name,
                "label": product.label(of: variant),
                "values": variant.values,
                "price": context.price(quote.price, of: buyable),
                "listPrice": quote.isReduced ? context.price(quote.list, of: buyable) : false,
                "availability": context.availabilityLabel(buyable.availability),
                "availabilityCode": buyable.availability.rawValue,
                "selected": variant.sku == chosen.sku,
            ]
            let unit = site.unitPrice(of: quote.price, netContent: buyable.netContent)?.formatted(locale: site.locale)
            // Present even when false: a name the row lacks would be found on the product around it.
            row["unitPrice"] = unit ?? false
            let buy = buyable.availability.isPurchasable ? site.buyURL(sku: variant.sku) : nil
            row["buyURL"] = buy ?? false
            var record: [String: JSONValue] = [
                "sku": .string(variant.sku), "name": .string(buyable.name), "values": .array(variant.values.map(JSONValue.string)),
                "price": .string(context.price(quote.price, of: buyable)), "priceMinorUnits": .int(quote.price.minorUnits),
                "availability": .string(context.availabilityLabel(buyable.availability)),
                "availabilityCode": .string(buyable.availability.rawValue),
            ]
            if quote.isReduced { record["listPrice"] = .string(context.price(quote.list, of: buyable)) }
            if let unit { record["unitPrice"] = .string(unit) }
            if let buy { record["buyURL"] = .string(buy) }
            var picture: TemplateFields = [:]
            context.addImage(buyable.image ?? buyable.thumbnail, as: "image", slot: PageContext.Slot.productImage, to: &picture)
            if let url = picture["imageURL"] as? String {
                record["imageURL"] = .string(url)
                record["imageWidth"] = .int(picture["imageWidth"] as! Int)
                record["imageHeight"] = .int(picture["imageHeight"] as! Int)
                // The picker swaps the `<source>`s too, or the browser keeps showing their picture.
                if let srcset = picture["imageSrcset"] as? String { record["imageSrcset"] = .string(srcset) }
                for format in PictureFormat.allCases {
                    if let srcset = picture[TemplateKey("image" + format.templateKey)] as? String { record["image" + format.templateKey] = .string(srcset) }
                }
            }
            if let thumb = variant.image ?? buyable.thumbnail ?? buyable.image {
                record["imagePath"] = .string(catalog.published(thumb, atLeast: PageContext.Slot.thumbnail.width).sitePath)
            }
            records.append(.object(record))
            return row
        }
        item["variantsJSON"] = JSONValue.array(records).encoded(scriptSafe: true)
    }

    /// `shade` → `Shade`, `skinType` → `Skin type`.
    /// A storefront's name for the option where its translation gives one, else the option's own.
    static func optionLabel(_ name: String, of product: Product) -> String {
        product.optionLabels[name] ?? optionLabel(name)
    }

    static func optionLabel(_ name: String) -> String {
        var label = ""
        for character in name {
            if character.isUppercase { label += " " + character.lowercased() } else { label.append(character) }
        }
        return label.prefix(1).uppercased() + label.dropFirst()
    }

    /// How long a rate takes, as `ShippingRate.deliveryText` says it in English.
    func deliveryText(_ rate: ShippingRate) -> String? {
        switch (rate.minDays, rate.maxDays) {
        case let (min?, max?) where min == max: strings("deliveryDays", count: min)
        case let (min?, max?): strings("deliveryRange", ["min": String(min), "max": String(max)])
        case let (min?, nil): strings("deliveryFrom", count: min)
        case let (nil, max?): strings("deliveryUpTo", count: max)
        default: nil
        }
    }

    /// The gallery after the main image: `images`, each once, without the one shown already.
    func gallery(of product: Product, shown: ImageReference?) -> [TemplateFields] {
        var seen: Set<ImageReference> = shown.map { [$0] } ?? []
        var items: [TemplateFields] = []
        for (number, image) in product.images.enumerated() where seen.insert(image).inserted {
            var picture: TemplateFields = ["alt": strings("galleryPictureAlt", ["name": product.name, "number": String(number + 2)])]
            context.addImage(image, as: "picture", slot: PageContext.Slot.thumbnail, to: &picture)
            if picture["pictureURL"] != nil { items.append(picture) }
        }
        return items
    }

    /// The site's delivery rates for an item at `price`, each country's name in the site's language.
    func shippingRates(for price: Money) -> TemplateFields? {
        guard !site.shipping.isEmpty else { return nil }
        let language = Locale(identifier: site.locale)
        var countries: [TemplateFields] = []
        let rates = site.shipping.map { rate -> TemplateFields in
            let country = language.localizedString(forRegionCode: rate.country) ?? rate.country
            if !countries.contains(where: { $0["code"] as? String == rate.country }) {
                countries.append(["code": rate.country, "name": country])
            }
            let cost = rate.cost(forItemPriced: price)
            var row: TemplateFields = [
                "country": rate.country, "countryName": country, "service": rate.service,
                "cost": cost.minorUnits == 0 ? strings("shippingFree") : cost.formatted(locale: site.locale),
                "priceLabel": rate.price.formatted(locale: site.locale),
            ]
            if let freeOver = rate.freeOver {
                row["freeOver"] = freeOver.formatted(locale: site.locale)
                row["freeOverText"] = strings("shippingFreeFrom", ["price": freeOver.formatted(locale: site.locale)])
                row["freeOverMinorUnits"] = String(freeOver.minorUnits)
            }
            if let days = deliveryText(rate) { row["delivery"] = days }
            return row
        }
        return ["rates": rates, "countries": countries, "hasChoice": countries.count > 1]
    }
}
