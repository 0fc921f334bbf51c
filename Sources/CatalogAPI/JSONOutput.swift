public import Foundation

/// How every API and schema file is written: UTF-8, keys sorted, slashes left alone, so the same
/// catalog and clock always give the same bytes.
public enum JSONOutput {
    /// Compact, for the data files apps download.
    public static func data<T: Encodable>(_ value: T) -> Data {
        encode(value, pretty: false)
    }

    /// Indented, with a final newline, for schemas people open in an editor.
    public static func prettyData<T: Encodable>(_ value: T) -> Data {
        encode(value, pretty: true) + Data("\n".utf8)
    }

    private static func encode<T: Encodable>(_ value: T, pretty: Bool) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        // Every value here is a string, number, bool or container of them, which cannot fail to encode
        // (non-finite doubles never reach the API: the loader refuses them).
        return try! encoder.encode(value)
    }
}
