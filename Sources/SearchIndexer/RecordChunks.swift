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
        chunkSize: Int
    ) {
        let count = (products.count + chunkSize - 1) / chunkSize
        let chunks = ParallelMap.map(ranges: count) { range in
            range.map { chunk in
                let rows = (chunk * chunkSize..<min(products.count, (chunk + 1) * chunkSize)).map { number in
                    let product = products[number]
                    return Row(
                        name: product.name, url: Routes.product(product.slug), brand: brandOfProduct[number],
                        price: product.price.formatted(locale: locale, per: product.priceUnit),
                        thumbnail: (product.thumbnail ?? product.image)?.sitePath ?? "",
                        availability: availabilityOfProduct[number])
                }
                return Row.json(rows)
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

    struct Row {
        var name: String
        var url: String
        var brand: UInt32
        var price: String
        var thumbnail: String
        var availability: UInt8

        /// The chunk as compact JSON. Written directly rather than through JSONEncoder, which took a
        /// sixth of the index time at 100,000 products; the tests read it back with JSONSerialization.
        static func json(_ rows: [Row]) -> Data {
            var out: [UInt8] = [UInt8(ascii: "[")]
            out.reserveCapacity(rows.count * 128)
            for (index, row) in rows.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                string(row.name, into: &out)
                out.append(UInt8(ascii: ","))
                string(row.url, into: &out)
                out.append(contentsOf: Array(",\(row.brand),".utf8))
                string(row.price, into: &out)
                out.append(UInt8(ascii: ","))
                string(row.thumbnail, into: &out)
                out.append(contentsOf: Array(",\(row.availability)]".utf8))
            }
            out.append(UInt8(ascii: "]"))
            return Data(out)
        }

        /// A JSON string (RFC 8259): quote, backslash and control characters escaped, the rest as UTF-8.
        static func string(_ text: String, into out: inout [UInt8]) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: Array("\\u00".utf8))
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xf)])
                default:
                    out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
    }
}
