/// A CLDR plural category: which form of a message a number takes.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The category of the whole number `n` in `language` (`en`, `ko`, …; a region is ignored).
    ///
    /// Hand-written from CLDR 46's `supplemental/plurals.xml` (cardinal rules), for the languages
    /// the built-in theme ships: Foundation on Linux has no public API for plural rules, and the
    /// counts pages print are whole numbers, so only the operands `n` and `i` with `v = 0` and
    /// `e = 0` matter. A language not listed here gets the root rule, `other` only.
    public static func of(_ n: Int, language: String) -> PluralCategory {
        let n = n.magnitude
        switch baseLanguage(language) {
        case "en", "de":
            // one: i = 1 and v = 0
            return n == 1 ? .one : .other
        case "es":
            // one: n = 1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "fr":
            // one: i = 0,1; many: as Spanish
            if n == 0 || n == 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "ar":
            // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
            switch (n, n % 100) {
            case (0, _): return .zero
            case (1, _): return .one
            case (2, _): return .two
            case (_, 3...10): return .few
            case (_, 11...99): return .many
            default: return .other
            }
        default:
            // ja, ko and the root locale have no grammatical number.
            return .other
        }
    }

    /// The categories a plural message needs in `language`: every one its whole numbers can take.
    public static func required(in language: String) -> Set<PluralCategory> {
        switch baseLanguage(language) {
        case "en", "de": [.one, .other]
        case "es", "fr": [.one, .many, .other]
        case "ar": Set(allCases)
        default: [.other]
        }
    }

    /// `en` of `en_US`, `en-GB` or `EN`.
    static func baseLanguage(_ tag: String) -> String {
        String(tag.prefix { $0 != "_" && $0 != "-" }).lowercased()
    }
}
