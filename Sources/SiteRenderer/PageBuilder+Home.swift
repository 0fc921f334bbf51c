import CatalogModel

extension PageBuilder {
    /// How many cards each of the home page's product lists shows.
    static let homeProductCount = 8

    /// The home page's products, as positions in the catalog: those the shop marks `featured`
    /// (in catalog order), and the newest by `date` that are not already featured (newest first,
    /// then by catalog order; undated products after dated ones, so a shop without dates still
    /// shows products). One pass over the catalog, keeping the few newest: it runs for the page
    /// and for its dependencies, at 100,000 products.
    static func homeProducts(in catalog: Catalog) -> (featured: [Int], new: [Int]) {
        let count = homeProductCount
        var featured: [Int] = []
        // Kept sorted, newest first; at most `count` entries.
        var newest: [(date: Timestamp?, position: Int)] = []
        func isNewer(_ a: Timestamp?, than b: Timestamp?) -> Bool {
            switch (a, b) {
            case (let a?, let b?): a > b
            case (.some, nil): true
            default: false
            }
        }
        for (position, product) in catalog.products.enumerated() {
            if product.featured {
                if featured.count < count { featured.append(position) }
                continue
            }
            if newest.count == count, let last = newest.last, !isNewer(product.date, than: last.date) { continue }
            let index = newest.firstIndex { isNewer(product.date, than: $0.date) } ?? newest.endIndex
            newest.insert((product.date, position), at: index)
            if newest.count > count { newest.removeLast() }
        }
        return (featured, newest.map(\.position))
    }
}
