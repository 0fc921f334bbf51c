extension Currency {
    /// The most fraction digits any currency has (4, for CLF and UYW): the loosest limit a rule
    /// can state without knowing which currency a price is in.
    public static let maxMinorUnits: Int = allCodes.compactMap { Currency(code: $0)?.minorUnits }.max() ?? 2
}
