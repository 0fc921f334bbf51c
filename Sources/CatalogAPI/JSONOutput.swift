public import CatalogModel
public import Foundation

/// How every API and schema file is written: by `CatalogModel.JSONValue`, UTF-8, keys sorted by
/// their bytes, slashes left alone, so the same catalog and clock always give the same bytes.
public enum JSONOutput {
    /// Compact, for the data files apps download. The same bytes as JSONEncoder, several times
    /// faster, which counts for ten thousand product documents.
    public static func data<T: Encodable>(_ value: T) -> Data {
        // Every value here is a string, number, bool or container of them, which cannot fail to encode
        // (non-finite doubles never reach the API: the loader refuses them).
        Data(try! JSONValue.encoding(value).encodedBytes())
    }

    /// A product document, which writes itself: there is one per product.
    public static func data(_ document: ProductDocument) -> Data {
        Data(document.jsonBytes())
    }

    /// A page of a brand's products, which writes itself: there are thousands.
    public static func data(_ document: BrandProductsDocument) -> Data {
        Data(JSONObjectWriter.bytes(of: document, capacity: 512 + 640 * document.products.count))
    }

    /// A page of a product's reviews, which writes itself: there is one per 20 reviews.
    public static func data(_ document: ReviewPageDocument) -> Data {
        Data(JSONObjectWriter.bytes(of: document, capacity: 512 + document.reviews.reduce(0) { $0 + 256 + $1.body.utf8.count }))
    }

    /// Indented, with a final newline, for schemas people open in an editor.
    public static func prettyData(_ value: JSONValue) -> Data {
        var bytes = value.prettyEncodedBytes()
        bytes.append(UInt8(ascii: "\n"))
        return Data(bytes)
    }
}
