/// An ISO 4217 currency. The number of minor units decides how many fraction digits a price may have.
public struct Currency: Sendable, Hashable, Codable, CustomStringConvertible {
    public let code: String
    /// Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD.
    public let minorUnits: Int

    public init?(code: String) {
        guard let digits = Currency.minorUnitsByCode[code] else { return nil }
        self.code = code
        self.minorUnits = digits
    }

    public var description: String { code }

    /// The sign shown before an amount, or the code itself where no sign is widely read.
    public var symbol: String { Currency.symbols[code] ?? code }

    public static let usd = Currency(code: "USD")!

    /// Why `text` is not a currency code, or nil.
    public static func problem(with text: String) -> String? {
        if Currency(code: text) != nil { return nil }
        if Currency(code: text.uppercased()) != nil {
            return "\"\(text)\" is not an ISO 4217 code; codes are upper case: write \"\(text.uppercased())\""
        }
        return "\"\(text)\" is not an ISO 4217 currency code; write e.g. USD, EUR or JPY"
    }

    public static var allCodes: [String] { minorUnitsByCode.keys.sorted() }

    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "¥", "KRW": "₩", "INR": "₹",
        "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "CHF": "CHF", "SEK": "kr", "NOK": "kr", "DKK": "kr",
        "BRL": "R$", "MXN": "MX$", "HKD": "HK$", "SGD": "S$", "TWD": "NT$", "THB": "฿", "VND": "₫",
        "ILS": "₪", "PHP": "₱", "PLN": "zł", "TRY": "₺", "UAH": "₴", "RUB": "₽", "NGN": "₦",
    ]

    /// ISO 4217 active codes with their minor units (fund and metal codes with no minor unit left out).
    private static let minorUnitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        let twoDigit = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD \
            CAD CDF CHE CHF CHW COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP \
            GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD \
            MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP \
            PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT \
            TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG
            """
        for code in twoDigit.split(separator: " ") { table[String(code)] = 2 }
        for code in "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(separator: " ") {
            table[String(code)] = 0
        }
        for code in "BHD IQD JOD KWD LYD OMR TND".split(separator: " ") { table[String(code)] = 3 }
        for code in "CLF UYW".split(separator: " ") { table[String(code)] = 4 }
        return table
    }()
}
