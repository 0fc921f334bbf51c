import CatalogModel
import Foundation

/// Readers for the keys of the 2026-11-28 languages-and-markets addition.
extension FieldReader {
    /// `languages`: tags, or `{tag, fallback}` for a language whose untranslated records are
    /// left out; none twice.
    mutating func languages(_ key: String) -> [SiteLanguage]? {
        guard let items = list(key) else { return nil }
        guard !items.isEmpty else {
            fail(key, value(key)!, "may not be empty; list the content's own language first, e.g. [\"en\", \"ko\"], or remove `languages`")
            return nil
        }
        var out: [SiteLanguage] = []
        for item in items {
            let language: SiteLanguage?
            let location: SourceLocation
            if case .map = item.value {
                var reader = nestedReader(SiteLanguage.rules, root: item, keyPrefix: key + ".")
                let tag = reader.languageTag("tag")
                let fallback = reader.text("fallback").flatMap(SiteLanguage.Fallback.init(rawValue:))
                location = reader.location(of: "tag")
                absorb(reader)
                language = tag.map { SiteLanguage(tag: $0, fallback: fallback ?? .show) }
            } else if let problem = Self.languageProblem(item.scalarText) {
                location = item.location
                fail(key, item, problem)
                language = nil
            } else {
                location = item.location
                language = item.scalarText.map { SiteLanguage(tag: $0) }
            }
            guard let language else { continue }
            if let earlier = out.first(where: { $0.tag.lowercased() == language.tag.lowercased() }) {
                report(.error("\(key): \"\(language.tag)\" is listed twice (as \"\(earlier.tag)\" before); list each language once", at: location))
                continue
            }
            if out.isEmpty, language.fallback == .omit {
                report(.warning(
                    "\(key): the content's own language needs no fallback; `fallback` applies to translations only", at: location))
            }
            out.append(language)
        }
        return out.count == items.count ? out : nil
    }

    /// A BCP 47 tag under a nested key (`languages[].tag`).
    mutating func languageTag(_ key: String) -> String? {
        guard let node = value(key), let text = scalar(key, node, "a language tag such as ko") else { return nil }
        if let problem = Self.languageProblem(text) {
            fail(key, node, problem)
            return nil
        }
        return text
    }

    /// Why `text` is not a tag `languages` takes, or nil.
    static func languageProblem(_ text: String?) -> String? {
        guard let text else { return "expected a language tag such as \"ko\" or {\"tag\": \"ko\", \"fallback\": \"omit\"}" }
        if matches(text, RecordKind.Patterns.languageTag) { return nil }
        if text.contains("_") {
            let hyphenated = text.replacingOccurrences(of: "_", with: "-")
            if matches(hyphenated, RecordKind.Patterns.languageTag) {
                return "\"\(text)\" is a locale, not a BCP 47 tag; write \"\(hyphenated)\""
            }
        }
        let lower = text.lowercased()
        if matches(lower, RecordKind.Patterns.languageTag) { return "\"\(text)\" is not a BCP 47 tag; languages are lower case: write \"\(lower)\"" }
        return "\"\(text)\" is not a BCP 47 language tag; write e.g. \"en\", \"ko\" or \"pt-BR\""
    }

    /// `markets`, checked against the languages the site lists (`languages`, or the locale's).
    mutating func markets(_ key: String, currency: Currency, languages: [String]) -> [Market]? {
        guard let items = list(key) else { return nil }
        guard !items.isEmpty else {
            fail(key, value(key)!, "may not be empty; list at least one market, e.g. [{\"id\": \"us\", \"countries\": [\"US\"], \"currency\": \"USD\", \"languages\": [\"en\"]}], or remove `markets`")
            return nil
        }
        var markets: [Market] = []
        var marketByCountry: [String: String] = [:]
        var ids: Set<String> = []
        var failed = false
        for item in items {
            var reader = nestedReader(Market.rules, root: item, keyPrefix: key + ".")
            let id = reader.text("id")
            let countries = reader.countries("countries")
            let marketCurrency = reader.text("currency").flatMap { Currency(code: $0) }
            let tags = reader.texts("languages")
            let name = reader.text("name")
            let step = marketCurrency.flatMap { reader.money("rounding", currency: $0) }
            if let step, step.minorUnits == 0 {
                reader.fail("rounding", reader.node("rounding"), "must be more than 0; write e.g. \"1\" to round to whole units")
            }
            if let id, !ids.insert(id).inserted {
                reader.fail("id", reader.node("id"), "\"\(id)\" is the id of an earlier market too; give each market its own id")
            }
            if let tags {
                if tags.isEmpty {
                    reader.fail("languages", reader.node("languages"), "may not be empty; list at least one of \(Self.quoted(languages))")
                }
                var seen: Set<String> = []
                for (position, tag) in tags.enumerated() {
                    let node = reader.listItem("languages", position)
                    if !languages.contains(tag) {
                        var message = "\"\(tag)\" is not one of site.json's languages (\(Self.quoted(languages)))"
                        if let close = Spelling.closest(to: tag, among: languages) {
                            message += "; did you mean \"\(close)\"?"
                        } else {
                            message += "; add it to `languages` first"
                        }
                        reader.fail("languages", node ?? reader.node("languages"), message)
                    } else if !seen.insert(tag).inserted {
                        reader.fail("languages", node ?? reader.node("languages"), "\"\(tag)\" is listed twice; list each language once")
                    }
                }
            }
            for (position, country) in (countries ?? []).enumerated() {
                if let other = marketByCountry[country] {
                    reader.fail(
                        "countries", reader.listItem("countries", position) ?? reader.node("countries"),
                        "\(country) is already in market \"\(other)\"; a country belongs to one market, so its shoppers see one price")
                } else if let id {
                    marketByCountry[country] = id
                }
            }
            absorb(reader)
            guard let id, let countries, let marketCurrency, let tags, reader.diagnostics.allSatisfy({ $0.severity != .error }) else {
                failed = true
                continue
            }
            markets.append(Market(
                id: id, countries: countries, currency: marketCurrency, languages: tags, name: name,
                roundingStep: step.map(\.minorUnits), source: item.location))
        }
        return failed ? nil : markets
    }

    /// `countries`: ISO 3166-1 alpha-2 codes, at least one, none twice.
    mutating func countries(_ key: String) -> [String]? {
        guard let items = list(key) else { return nil }
        guard !items.isEmpty else {
            fail(key, value(key)!, "may not be empty; list at least one country, e.g. [\"KR\"]")
            return nil
        }
        var out: [String] = []
        for item in items {
            guard let text = scalar(key, item, "a country code such as KR") else { continue }
            if let problem = CountryCode.problem(with: text) {
                fail(key, item, problem)
            } else if out.contains(text) {
                fail(key, item, "\(text) is listed twice; list each country once")
            } else {
                out.append(text)
            }
        }
        return out.count == items.count ? out : nil
    }

    /// `exchangeRates`: a positive decimal per currency, none for the site's own.
    mutating func exchangeRates(_ key: String, currency: Currency) -> [String: Decimal]? {
        guard let node = value(key) else { return nil }
        guard case .map(let entries) = node.value else {
            fail(key, node, "expected rates by currency, e.g. {\"KRW\": \"1385\", \"JPY\": \"152\"}, found a \(node.shapeName)")
            return nil
        }
        var rates: [String: Decimal] = [:]
        for entry in entries {
            let path = key + "." + entry.key
            if let problem = Currency.problem(with: entry.key) {
                report(.error("\(path): \(problem)", at: entry.keyLocation))
                continue
            }
            if entry.key == currency.code {
                report(.error(
                    "\(path): \(currency.code) is the site currency, whose rate is 1 by definition; remove it", at: entry.keyLocation))
                continue
            }
            guard let text = scalar(path, entry.value, "a rate such as \"1385\"") else { continue }
            let trimmed = text.trimmingWhitespace()
            guard Self.isPlainDecimal(trimmed), let rate = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), rate > 0
            else {
                report(.error(
                    "\(path): \"\(text)\" is not a rate; write how many \(entry.key) one \(currency.code) buys as a positive decimal, e.g. \"1385\" or \"0.92\"",
                    at: entry.value.location))
                continue
            }
            rates[entry.key] = rate
        }
        return rates
    }

    /// `prices`: an amount per currency other than the record's own, each within its currency's
    /// fraction digits.
    mutating func prices(_ key: String, own currency: Currency) -> [Money]? {
        guard let node = value(key) else { return nil }
        guard case .map(let entries) = node.value else {
            let example = isJSON ? "{\"KRW\": 45000, \"JPY\": 5200}" : "{KRW: 45000, JPY: 5200}"
            fail(key, node, "expected prices by currency, e.g. \(example), found a \(node.shapeName)")
            return nil
        }
        var prices: [Money] = []
        for entry in entries {
            let path = keyPrefix + key + "." + entry.key
            guard let listed = Currency(code: entry.key) else {
                report(.error("\(path): \(Currency.problem(with: entry.key) ?? "not a currency")", at: entry.keyLocation))
                continue
            }
            if listed == currency {
                report(.error(
                    "\(path): the price is in \(currency.code) already; write it as `price`, and list only other currencies here",
                    at: entry.keyLocation))
                continue
            }
            guard let text = entry.value.scalarText else {
                report(.error("\(path): expected a decimal amount such as 45000, found a \(entry.value.shapeName)", at: entry.value.location))
                continue
            }
            switch Money.parse(text, currency: listed) {
            case .success(let money):
                prices.removeAll { $0.currency == listed }
                prices.append(money)
            case .failure(let error):
                report(.error("\(path): \(error.description)", at: entry.value.location))
            }
        }
        return prices.sorted { $0.currency.code < $1.currency.code }
    }

    /// `markets` of a promotion: ids of `site.json`'s markets.
    mutating func marketIDs(_ key: String, markets: [Market]) -> [String]? {
        guard let names = texts(key) else { return nil }
        let ids = markets.map(\.id)
        guard !ids.isEmpty || names.isEmpty else {
            fail(key, node(key), "site.json has no markets, so there is nothing to limit; add `markets` to site.json or remove this key")
            return nil
        }
        var out: [String] = []
        for (position, name) in names.enumerated() {
            let item = listItem(key, position) ?? node(key)
            if !ids.contains(name) {
                var message = "\"\(name)\" is not a market in site.json (\(Self.quoted(ids)))"
                if let close = Spelling.closest(to: name, among: ids) { message += "; did you mean \"\(close)\"?" }
                fail(key, item, message)
            } else if out.contains(name) {
                fail(key, item, "\"\(name)\" is listed twice; list each market once")
            } else {
                out.append(name)
            }
        }
        return out
    }

    /// A `.textMap`: default texts to their translation, each non-empty.
    mutating func textMap(_ key: String) -> [TranslatedTerm]? {
        guard let node = value(key) else { return nil }
        guard case .map(let entries) = node.value else {
            fail(key, node, "expected texts by their default text, e.g. {\"100 Ivoire\": \"100 아이보리\"}, found a \(node.shapeName)")
            return nil
        }
        var terms: [TranslatedTerm] = []
        for entry in entries {
            let path = key + "." + entry.key
            guard let text = scalar(path, entry.value, "text") else { continue }
            let count = Self.characterCount(text)
            guard (1...300).contains(count) else {
                fail(path, entry.value, text.isEmpty ? "may not be empty; write the translation, or remove the entry" : "is \(count) characters long; the limit is 300")
                continue
            }
            terms.removeAll { $0.original == entry.key }
            terms.append(TranslatedTerm(original: entry.key, text: text, location: entry.keyLocation))
        }
        return terms
    }

    /// The item at `position` of a list key, for a message about that item.
    func listItem(_ key: String, _ position: Int) -> RawNode? {
        guard let node = present(key), case .list(let items) = node.value, items.indices.contains(position) else { return nil }
        return items[position]
    }

    static func quoted(_ texts: [String]) -> String { texts.map { "\"\($0)\"" }.joined(separator: ", ") }
}
