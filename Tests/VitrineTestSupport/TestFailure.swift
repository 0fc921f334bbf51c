/// A failed precondition of a test helper, thrown so the test stops with a readable reason.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
