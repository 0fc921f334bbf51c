import CatalogModel

/// A request body as Stripe's API takes it: `application/x-www-form-urlencoded`, nested values
/// named with brackets (`line_items[0][price_data][currency]=usd`). Kept as ordered pairs so the
/// same cart always gives the same bytes, which Stripe's idempotency check compares.
struct StripeForm: Sendable, Hashable {
    private(set) var fields: [(name: String, value: String)] = []

    mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }
    mutating func add(_ name: String, _ value: Int64) { fields.append((name, String(value))) }
    mutating func add(_ name: String, _ value: Int) { fields.append((name, String(value))) }

    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    var encoded: String {
        fields.map { PercentEncoding.unreserved($0.name) + "=" + PercentEncoding.unreserved($0.value) }.joined(separator: "&")
    }

    static func == (lhs: StripeForm, rhs: StripeForm) -> Bool { lhs.encoded == rhs.encoded }
    func hash(into hasher: inout Hasher) { hasher.combine(encoded) }
}
