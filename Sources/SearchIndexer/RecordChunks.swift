import BuildEngine
import CatalogModel
import Foundation
import Parallel

/// What a result shows, in chunks of consecutive product numbers: each chunk is a JSON array of
/// `[name, url, brand number, price text, thumbnail, availability number]`, the list price text
/// as a seventh member while a promotion lowers the price (null when only an eighth follows), and
/// `[average in tenths, review count]` as an eighth for a product with reviews.
struct RecordChunks {
    var chunks: [Data]
    /// Of each chunk's bytes, twelve hexadecimal digits: part of its name, which an incremental
    /// build trusts to stand for the bytes (48 bits: no two versions of a chunk collide in practice).
    var hashes: [String]

    init(
        products: [Product], quotes: [PriceQuote], spans: [PriceSpan?], brandOfProduct: [UInt32], availabilityOfProduct: [UInt8], site: Site,
        ratings: [RatingSummary?] = [], chunkSize: Int
    ) {
        let locale = site.locale
        let count = (products.count + chunkSize - 1) / chunkSize
        let chunks = ParallelMap.map(ranges: count) { range in
            range.map { chunk in
                let rows = (chunk * chunkSize..<min(products.count, (chunk + 1) * chunkSize)).map { number in
                    let product = products[number]
                    // As pages print prices: the unit only where the product's file names one.
                    func formatted(_ money: Money) -> String {
                        product.statedPriceUnit.map { money.formatted(locale: locale, per: $0) } ?? money.formatted(locale: locale)
                    }
                    let price: String
                    if let span = spans[number], span.pricesDiffer {
                        // The range: "$ 62.00 – $ 135.00/ea".
                        price = span.lowest.price.formatted(locale: locale) + " – "
                            + formatted(span.highest.price)
                    } else {
                        let shown = spans[number]?.cheapest ?? product
                        price = formatted(quotes[number].price)
                            + (site.unitPrice(of: quotes[number].price, netContent: shown.netContent).map { " · " + $0.formatted(locale: locale) } ?? "")
                    }
                    return Row(
                        name: product.name, url: Routes.product(product.slug), brand: brandOfProduct[number],
                        price: price,
                        listPrice: quotes[number].isReduced && !(spans[number]?.pricesDiffer ?? false)
                            ? formatted(quotes[number].list) : nil,
                        thumbnail: (product.thumbnail ?? product.image)?.sitePath ?? "",
                        availability: availabilityOfProduct[number],
                        rating: ratings.isEmpty ? nil : ratings[number].map { ($0.averageTenths, $0.count) })
                }
                return Row.json(rows)
            }
        }.flatMap { $0 }
        self.chunks = chunks
        hashes = chunks.map { String(ContentHash.hex($0).prefix(12)) }
    }

    struct Row {
        var name: String
        var url: String
        var brand: UInt32
        var price: String
        var listPrice: String?
        var thumbnail: String
        var availability: UInt8
        var rating: (tenths: Int, count: Int)? = nil

        /// The chunk as compact JSON, laid out here with the one writer's string escaper rather than
        /// built as a value first (or through JSONEncoder, which took a sixth of the index time at
        /// 100,000 products); the tests read it back with JSONSerialization.
        static func json(_ rows: [Row]) -> Data {
            var out: [UInt8] = [UInt8(ascii: "[")]
            out.reserveCapacity(rows.count * 128)
            for (index, row) in rows.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                JSONValue.appendString(row.name, to: &out)
                out.append(UInt8(ascii: ","))
                JSONValue.appendString(row.url, to: &out)
                out.append(contentsOf: Array(",\(row.brand),".utf8))
                JSONValue.appendString(row.price, to: &out)
                out.append(UInt8(ascii: ","))
                JSONValue.appendString(row.thumbnail, to: &out)
                out.append(contentsOf: Array(",\(row.availability)".utf8))
                if let listPrice = row.listPrice {
                    out.append(UInt8(ascii: ","))
                    JSONValue.appendString(listPrice, to: &out)
                } else if row.rating != nil {
                    out.append(contentsOf: Array(",null".utf8))
                }
                if let rating = row.rating {
                    out.append(contentsOf: Array(",[\(rating.tenths),\(rating.count)]".utf8))
                }
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
            return Data(out)
        }
    }
}
