import CatalogModel
import Testing

@Suite struct RatingSummaryTests {
    @Test func theAverageIsRoundedHalfUpToTenthsWithWholeNumbers() {
        #expect(RatingSummary(ratings: [5, 4, 4]).averageText == "4.3")
        #expect(RatingSummary(ratings: [5, 4]).averageText == "4.5")
        #expect(RatingSummary(ratings: [1, 2, 2, 2]).averageText == "1.8", "1.75 rounds up")
        #expect(RatingSummary(ratings: [5]).averageText == "5.0")
        #expect(RatingSummary().averageText == "0.0")
    }

    @Test func theHistogramCountsAndSharesEachRating() {
        let summary = RatingSummary(ratings: [5, 5, 5, 1, 3, 4])
        #expect(summary.histogram == [1, 0, 1, 1, 3])
        #expect(summary.count == 6 && summary.total == 23)
        #expect((1...5).map(summary.percent(of:)) == [17, 0, 17, 17, 50])
    }
}
