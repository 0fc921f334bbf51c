import BuildEngine
import Foundation
import Testing

@Suite("Rendering order of output jobs")
struct OutputJobRenderingOrderTests {
    func jobs(large: Set<Int>, count: Int) -> [OutputJob] {
        (0..<count).map { index in
            let job = OutputJob(path: "file-\(index)", category: .data, kind: "test") { Data() }
            return large.contains(index) ? job.large() : job
        }
    }

    @Test func largeJobsComeFirstEachAtTheHeadOfItsOwnChunk() {
        let order = OutputJob.renderingOrder(of: jobs(large: [7, 30, 99], count: 100), chunk: 4)
        #expect(order.count == 100)
        #expect(Set(order) == Set(0..<100))
        #expect(order[0] == 7 && order[4] == 30 && order[8] == 99)
        // The others fill the chunks after each large job, then follow in their own order.
        #expect(order[1...3] == [0, 1, 2])
        let others = order.filter { ![7, 30, 99].contains($0) }
        #expect(others == others.sorted())
    }

    @Test func withNoLargeJobTheOrderIsUnchanged() {
        #expect(OutputJob.renderingOrder(of: jobs(large: [], count: 40), chunk: 16) == Array(0..<40))
    }

    @Test func largeJobsOutnumberingTheOthersStillEachComeOnce() {
        let order = OutputJob.renderingOrder(of: jobs(large: [0, 1, 2, 3, 5], count: 6), chunk: 16)
        #expect(order == [0, 4, 1, 2, 3, 5])
    }

    @Test func largeFilesAndThePagesBehindThemInTheirChunksAreNumberedLast() {
        let all = jobs(large: [7, 13], count: 20)
        let order = OutputJob.renderingOrder(of: all, chunk: 4)
        // Chunks: [7, 0, 1, 2] [13, 3, 4, 5] [6, 8, 9, 10] …, the first two led by a large job.
        let (numbers, late) = OutputJob.writingNumbers(of: all, order: order, chunk: 4)
        #expect(Set(numbers) == Set(0..<20), "every file has its own number")
        #expect(late == (0..<20).map { $0 < 8 && $0 % 4 != 0 })
        #expect(numbers[8...] == ArraySlice(0..<12), "the others in rendering order, from 0")
        #expect([1, 2, 3, 5, 6, 7].map { numbers[$0] } == Array(12..<18), "then the late ones")
        #expect(numbers[0] == 18 && numbers[4] == 19, "then the large ones")
    }

    @Test func withNoLargeJobEveryFileIsNumberedWhereItIsRendered() {
        let all = jobs(large: [], count: 40)
        let (numbers, late) = OutputJob.writingNumbers(of: all, order: OutputJob.renderingOrder(of: all, chunk: 16), chunk: 16)
        #expect(numbers == Array(0..<40))
        #expect(!late.contains(true))
    }
}
