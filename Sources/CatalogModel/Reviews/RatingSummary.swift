/// A product's reviews in numbers: what stars, cards, JSON-LD and search show.
public struct RatingSummary: Sendable, Hashable {
    /// Reviews by rating: `histogram[0]` is the one-star count, `histogram[4]` the five-star.
    public var histogram: [Int] = [0, 0, 0, 0, 0]

    public init() {}

    public init(ratings: some Sequence<Int>) {
        for rating in ratings { add(rating) }
    }

    public mutating func add(_ rating: Int) {
        histogram[min(max(rating, 1), 5) - 1] += 1
    }

    public var count: Int { histogram.reduce(0, +) }
    public var total: Int { histogram.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element } }

    /// The mean in tenths, rounded half up with whole numbers only, so every output prints the same
    /// figure on every machine: 43 for 4.3.
    public var averageTenths: Int {
        let count = count
        guard count > 0 else { return 0 }
        return (total * 20 + count) / (count * 2)
    }

    /// `4.3`, `5.0`: what pages print and JSON-LD's `ratingValue` carries.
    public var averageText: String { "\(averageTenths / 10).\(averageTenths % 10)" }

    /// Share of reviews with each rating, in whole percent, five stars first, for the histogram.
    public func percent(of rating: Int) -> Int {
        let count = count
        guard count > 0, (1...5).contains(rating) else { return 0 }
        return (histogram[rating - 1] * 200 + count) / (count * 2)
    }
}
