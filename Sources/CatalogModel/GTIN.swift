/// Global Trade Item Numbers (EAN/UPC): merchant platforms reject a feed item whose check digit is wrong.
public enum GTIN {
    public static func problem(with text: String) -> String? {
        guard [8, 12, 13, 14].contains(text.count), text.allSatisfy({ ("0"..."9").contains($0) }) else {
            return "\"\(text)\" is not a GTIN; write 8, 12, 13 or 14 digits, e.g. 0012345678905"
        }
        let digits = text.compactMap { $0.wholeNumberValue }
        let expected = checkDigit(for: digits.dropLast())
        if digits.last != expected {
            return "\"\(text)\" has check digit \(digits.last!), but its digits give \(expected); check the number"
        }
        return nil
    }

    /// GS1 mod-10: from the right, weights 3, 1, 3, 1…
    public static func checkDigit<C: BidirectionalCollection>(for body: C) -> Int where C.Element == Int {
        var sum = 0
        for (i, d) in body.reversed().enumerated() { sum += d * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
