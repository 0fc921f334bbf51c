/// Writes one word's posting in the compact form the script decodes:
///
///     varint  products
///     varint  groups, then per group, highest score first:
///             byte score, varint count, byte form,
///             form 0: count varints, the first product number then the gaps
///             form 1: varint first byte, varint byte count, a bitmap (bit i of byte j = product (first+j)*8+i)
///     varint  brands with a match, then per brand: varint brand number gap, varint count
///     varint  count per availability, in `Availability.allCases` order
///     varint  1 when each product's facets follow, else 0; then, for a posting of at most
///             `facetListLimit` products, per product in the order of the groups above:
///             varint brand number × availability count + availability number
///
/// The brand and availability counts let a one-word query show its facets without fetching the
/// per-product facet columns. The per-product facets of small postings do the same for the
/// queries those counts cannot answer when no big posting is in the way: a prefix such as "nig"
/// (one big word, "night", and a few small ones) or several words of which one is rare. Without
/// them such a query fetched the brand column, one byte per product of the catalog (82 KB gzipped
/// at 100,000). Each group takes whichever form is smaller, so a word found in most products
/// costs one bit per product.
struct PostingEncoder {
    let brandOfProduct: [UInt32]
    let availabilityOfProduct: [UInt8]
    let brandCount: Int
    let availabilityCount: Int

    static let listForm: UInt8 = 0
    static let bitmapForm: UInt8 = 1
    /// Postings up to this many products list each product's facets: two bytes each at most (for
    /// up to 4,096 brands), so at most 2 KB more for a posting that may spare a whole column.
    static let facetListLimit = 1024

    func encode(documents: ArraySlice<UInt32>, scores: ArraySlice<UInt8>, brandCounts: inout [UInt32]) -> [UInt8] {
        // Most words of a catalog are in one product or a few: this runs for a hundred thousand
        // of them, so it allocates little besides the bytes it returns.
        var out = ByteWriter()
        // A word in one product takes about 20 bytes: one allocation for most words.
        out.bytes.reserveCapacity(32)
        out.varint(documents.count)
        var present: UInt16 = 0
        for score in scores { present |= 1 << UInt16(score) }
        present &= 0xFFFE
        let levels = present.nonzeroBitCount
        out.varint(levels)
        let listsFacets = documents.count <= Self.facetListLimit
        var ordered: [UInt32] = []
        if levels == 1 {
            let score = UInt8(present.trailingZeroBitCount)
            out.byte(score)
            out.varint(documents.count)
            Self.writeGroup(documents, to: &out)
        } else {
            if listsFacets { ordered.reserveCapacity(documents.count) }
            for score in stride(from: UInt8(15), through: 1, by: -1) where present & (1 << UInt16(score)) != 0 {
                let members = zip(documents, scores).compactMap { $0.1 == score ? $0.0 : nil }
                out.byte(score)
                out.varint(members.count)
                Self.writeGroup(members[...], to: &out)
                if listsFacets { ordered += members }
            }
        }

        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: availabilityCount) { availability in
            availability.initialize(repeating: 0)
            var touched: [UInt32] = []
            for document in documents {
                let brand = Int(brandOfProduct[Int(document)])
                if brandCounts[brand] == 0 { touched.append(UInt32(brand)) }
                brandCounts[brand] += 1
                availability[Int(availabilityOfProduct[Int(document)])] += 1
            }
            touched.sort()
            out.varint(touched.count)
            var previous: UInt32 = 0
            for brand in touched {
                out.varint(brand - previous)
                out.varint(brandCounts[Int(brand)])
                previous = brand
                brandCounts[Int(brand)] = 0
            }
            for count in availability { out.varint(count) }
        }
        out.varint(listsFacets ? 1 : 0)
        if listsFacets {
            for document in levels == 1 ? documents : ordered[...] {
                out.varint(Int(brandOfProduct[Int(document)]) * availabilityCount + Int(availabilityOfProduct[Int(document)]))
            }
        }
        return out.bytes
    }

    /// Ascending numbers as gaps or as a bitmap, whichever is smaller.
    static func writeGroup(_ members: ArraySlice<UInt32>, to out: inout ByteWriter) {
        var listSize = 0
        var previous: UInt32 = 0
        for member in members {
            listSize += ByteWriter.varintSize(member - previous)
            previous = member
        }
        let firstByte = members.first! / 8
        let lastByte = members.last! / 8
        let bitmapBytes = Int(lastByte - firstByte) + 1
        let bitmapSize = bitmapBytes + ByteWriter.varintSize(firstByte) + ByteWriter.varintSize(UInt32(bitmapBytes))
        if bitmapSize < listSize {
            out.byte(bitmapForm)
            out.varint(firstByte)
            out.varint(bitmapBytes)
            var bitmap = [UInt8](repeating: 0, count: bitmapBytes)
            for member in members {
                bitmap[Int(member / 8 - firstByte)] |= 1 << (member % 8)
            }
            out.append(contentsOf: bitmap)
        } else {
            out.byte(listForm)
            previous = 0
            for member in members {
                out.varint(member - previous)
                previous = member
            }
        }
    }
}
