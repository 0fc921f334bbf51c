extension OutputJob {
    /// Positions of `jobs` in the order to render them in chunks of `chunk` on all cores: the
    /// large ones first, each at the head of a chunk of its own so that no one worker takes them
    /// all, then the others in their order.
    public static func renderingOrder(of jobs: [OutputJob], chunk: Int) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(jobs.count)
        var others = jobs.indices.lazy.filter { !jobs[$0].isLarge }.makeIterator()
        for large in jobs.indices where jobs[large].isLarge {
            order.append(large)
            for _ in 1..<max(1, chunk) {
                guard let other = others.next() else { break }
                order.append(other)
            }
        }
        while let other = others.next() { order.append(other) }
        return order
    }
}
