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

    /// For a writer that takes files in one fixed order (one archive) while `renderingOrder`'s
    /// chunks render in parallel: the number of the file at each rendering position, and whether
    /// it is late. The other files are numbered in rendering order, then the late ones (those a
    /// worker renders after a large one in its chunk), then the large ones. A large file takes
    /// seconds; numbered where it is rendered, it and the files behind it in its chunk would hold
    /// the writer, and the workers waiting on it, for as long.
    public static func writingNumbers(of jobs: [OutputJob], order: [Int], chunk: Int) -> (numbers: [Int], late: [Bool]) {
        var late = [Bool](repeating: false, count: order.count)
        var largeInChunk = false
        for position in order.indices {
            if position % max(1, chunk) == 0 { largeInChunk = false }
            if jobs[order[position]].isLarge { largeInChunk = true } else { late[position] = largeInChunk }
        }
        let largeCount = count(large: jobs)
        var next = (other: 0, late: order.count - largeCount - late.count { $0 }, large: order.count - largeCount)
        var numbers = [Int](repeating: 0, count: order.count)
        for position in order.indices {
            if jobs[order[position]].isLarge {
                (numbers[position], next.large) = (next.large, next.large + 1)
            } else if late[position] {
                (numbers[position], next.late) = (next.late, next.late + 1)
            } else {
                (numbers[position], next.other) = (next.other, next.other + 1)
            }
        }
        return (numbers, late)
    }

    /// Every job's path, read in place: `Set(jobs.lazy.map(\.path))` copied each job out of the
    /// array, retaining and releasing its closures, for 200,000 jobs at 100,000 products.
    public static func paths(of jobs: [OutputJob]) -> Set<String> {
        var paths = Set<String>(minimumCapacity: jobs.count)
        for index in jobs.indices { paths.insert(jobs[index].path) }
        return paths
    }

    /// How many of `jobs` are large, read in place.
    public static func count(large jobs: [OutputJob]) -> Int {
        var count = 0
        for index in jobs.indices where jobs[index].isLarge { count += 1 }
        return count
    }

    /// How many of `jobs` are of `category`, read in place (`count(where:)` copies each job).
    public static func count(of category: Category, in jobs: [OutputJob]) -> Int {
        var count = 0
        for index in jobs.indices where jobs[index].category == category { count += 1 }
        return count
    }
}
