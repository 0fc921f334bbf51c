import CatalogModel
import Foundation

/// What a result shows, in chunks of consecutive product numbers: each chunk is a JSON array of
/// `[name, url, brand number, price text, thumbnail, availability number]`.
struct RecordChunks {
    var chunks: [Data]
    /// Of all chunks together: part of every chunk's name.
    var hash: String

    init(
        products: [Product], brandOfProduct: [UInt32], availabilityOfProduct: [UInt8], locale: String,
        productRoute: @Sendable (Slug) -> String, chunkSize: Int
    ) {
        let count = (products.count + chunkSize - 1) / chunkSize
        let chunks = ConcurrentSlots<[Data]>.map(ranges: count) { range in
            range.map { chunk in
                let rows = (chunk * chunkSize..<min(products.count, (chunk + 1) * chunkSize)).map { number in
                    let product = products[number]
                    return Row(
                        name: product.name, url: productRoute(product.slug), brand: brandOfProduct[number],
                        price: product.price.formatted(locale: locale, per: product.priceUnit),
                        thumbnail: (product.thumbnail ?? product.image)?.sitePath ?? "",
                        availability: availabilityOfProduct[number])
                }
                return SearchIndexer.json(rows)
            }
        }.flatMap { $0 }
        var all: [UInt8] = []
        for chunk in chunks {
            all += chunk
            all.append(0)
        }
        self.chunks = chunks
        self.hash = ContentHash.hex(all)
    }

    struct Row: Encodable {
        var name: String
        var url: String
        var brand: UInt32
        var price: String
        var thumbnail: String
        var availability: UInt8

        func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(name)
            try row.encode(url)
            try row.encode(brand)
            try row.encode(price)
            try row.encode(thumbnail)
            try row.encode(availability)
        }
    }
}
