/// One value many output jobs read, held by reference: a job's closures capture what they use,
/// and ten thousand jobs each capturing a copy of a producer (with the catalog inside it) made
/// the plan of a large build hundreds of megabytes.
public final class Shared<Value: Sendable>: Sendable {
    public let value: Value

    public init(_ value: Value) { self.value = value }
}
