public import Foundation

extension Site {
    /// The language records are written in: the first of `languages`, else the locale's.
    public var contentLanguage: SiteLanguage {
        languages.first ?? SiteLanguage(tag: Self.primaryLanguage(of: locale))
    }

    /// `en` of `en_US`.
    public static func primaryLanguage(of locale: String) -> String {
        String(locale.prefix { $0 != "_" && $0 != "-" })
    }

    /// The languages a record may be translated into (`serum.ko.md`).
    public var translationLanguages: [SiteLanguage] { Array(languages.dropFirst()) }

    /// Every storefront, the root first. Without `markets` the shop is one storefront in the
    /// site currency and the locale's country, as before.
    public var storefronts: [Storefront] {
        guard !markets.isEmpty else {
            let region = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).last.map(String.init)
            let country = region.flatMap { CountryCode.all.contains($0) ? $0 : nil }
            let market = Market(
                id: "default", countries: country.map { [$0] } ?? [], currency: currency, languages: [contentLanguage.tag])
            return [Storefront(market: market, language: contentLanguage, isRoot: true)]
        }
        var out: [Storefront] = []
        for market in markets {
            for tag in market.languages {
                let language = languages.first { $0.tag == tag } ?? SiteLanguage(tag: tag)
                out.append(Storefront(market: market, language: language, isRoot: out.isEmpty))
            }
        }
        return out
    }

    /// Units of `code` per one site currency: 1 for the site's own, nil where `exchangeRates`
    /// gives none.
    public func exchangeRate(_ code: String) -> Decimal? {
        code == currency.code ? 1 : exchangeRates[code]
    }

    /// `money` in `target`'s minor units, unrounded; nil without a rate for either currency.
    public func converted(_ money: Money, to target: Currency) -> Decimal? {
        if money.currency == target { return Decimal(money.minorUnits) }
        guard let from = exchangeRate(money.currency.code), let to = exchangeRate(target.code), from > 0 else { return nil }
        let amount = Decimal(money.minorUnits) / Self.power(money.currency.minorUnits)
        return amount * to / from * Self.power(target.minorUnits)
    }

    static func power(_ digits: Int) -> Decimal {
        var value = Decimal(1)
        for _ in 0..<digits { value *= 10 }
        return value
    }
}

extension Site {
    /// The delivery rates a market's shoppers can choose: those to its countries, in its
    /// currency (converted by `exchangeRates` and rounded as its prices are; a rate that cannot
    /// be converted is left out, as a product would be).
    public func shippingRates(for market: Market) -> [ShippingRate] {
        shipping.compactMap { rate in
            guard market.countries.contains(rate.country) else { return nil }
            func convert(_ money: Money) -> Money? {
                if money.currency == market.currency { return money }
                return converted(money, to: market.currency).map { Money(minorUnits: market.rounded(minorUnits: $0), currency: market.currency) }
            }
            guard let price = convert(rate.price) else { return nil }
            var local = rate
            local.price = price
            if let freeOver = rate.freeOver {
                guard let converted = convert(freeOver) else { return nil }
                local.freeOver = converted
            }
            return local
        }
    }

    /// The market a storefront folder (`ko-kr`, "" or nil for the root) sells in; nil for a shop
    /// without markets or a folder it does not have.
    public func market(ofStorefront folder: String?) -> Market? {
        storefronts.first { $0.pathPrefix == (folder.map { $0.isEmpty ? "" : $0 + "/" } ?? "") && !markets.isEmpty }?.market
    }
}
