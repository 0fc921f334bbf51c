import CatalogModel
import TextHash

/// Splits text into the words the index stores and the search page looks up. The page's script
/// (Templates/static/search/search.js) does the same steps, so both sides agree on every word:
/// fold with `String.folded()` (compatibility forms, lower case, accents removed), then keep each
/// run of letters, digits and marks. Words longer than `maximumLength` are dropped: they are never
/// typed. Scripts written without spaces (Han, hiragana, katakana) have no words to split, so a
/// run of them is stored as its overlapping pairs of characters (`化粧水` → `化粧`, `粧水`): a
/// query of two or more characters that occurs in the text is then found by all of its pairs.
public enum SearchTokenizer {
    public static let maximumLength = 64

    /// The words of `text` in order, repeats kept.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append($0) }
        return words
    }

    /// Calls `body` with each word.
    public static func forEachWord(in text: String, _ body: (String) -> Void) {
        forEachWordBytes(in: text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// The words as UTF-8 bytes, valid only during the call: what the indexer hashes. ASCII text,
    /// nearly all of a catalog, takes a byte-level path that gives the same words as the general
    /// one without building folded copies.
    static func forEachWordBytes(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let isASCII = text.withUTF8Bytes(isASCII)
        guard isASCII else {
            var folded = text.folded()
            folded.withUTF8 { unicodeWords($0, body) }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            text.withUTF8Bytes { bytes in
                var length = 0
                var tooLong = false
                func flush() {
                    if length > 0, !tooLong { body(UnsafeBufferPointer(rebasing: buffer[0..<length])) }
                    length = 0
                    tooLong = false
                }
                for byte in bytes {
                    let folded = foldedASCII[Int(byte)]
                    guard folded != 0 else {
                        flush()
                        continue
                    }
                    if length == maximumLength {
                        tooLong = true
                    } else if !tooLong {
                        buffer[length] = folded
                        length += 1
                    }
                }
                flush()
            }
        }
    }

    /// Each ASCII byte folded as `String.folded()` folds it, 0 for one that ends a word. Read
    /// through a table rather than a switch of ranges: every byte of every description passes
    /// here, and the branches were half of the tokenizer's time (`perf`).
    private static let foldedASCII: [UInt8] = (0...255).map { byte -> UInt8 in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) + 32
        default: 0
        }
    }

    /// Eight bytes at a time: descriptions are long, and nearly always ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        return bytes[index...].allSatisfy { $0 < 0x80 }
    }

    /// The general path on the folded text's UTF-8 bytes: a word is the bytes of its scalars
    /// (with ς written σ), an unspaced pair the bytes of two neighbouring scalars, so neither needs
    /// a `String` of its own; building one per word and per pair was most of the time a storefront
    /// in Hangul, kana or Arabic spent tokenizing (`perf`).
    private static func unicodeWords(_ folded: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = folded.baseAddress else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength * 4) { word in
            var byteCount = 0
            var length = 0
            // The current run of unspaced scalars: where each starts, and where the run ends.
            var unspaced: [Int] = []
            var unspacedEnd = 0
            func flush() {
                if length > 0, length <= maximumLength { body(UnsafeBufferPointer(rebasing: word[0..<byteCount])) }
                byteCount = 0
                length = 0
            }
            func flushUnspaced() {
                if unspaced.count == 1 { body(UnsafeBufferPointer(start: base + unspaced[0], count: unspacedEnd - unspaced[0])) }
                if unspaced.count > 1 {
                    for index in 0..<(unspaced.count - 1) {
                        let end = index + 2 < unspaced.count ? unspaced[index + 2] : unspacedEnd
                        body(UnsafeBufferPointer(start: base + unspaced[index], count: end - unspaced[index]))
                    }
                }
                unspaced.removeAll(keepingCapacity: true)
            }
            var index = 0
            let count = folded.count
            while index < count {
                let start = index
                let (value, scalarLength) = folded.utf8Scalar(at: index)
                index += scalarLength
                if isUnspacedValue(value) {
                    flush()
                    unspaced.append(start)
                    unspacedEnd = index
                } else if isWordValue(value) {
                    if !unspaced.isEmpty { flushUnspaced() }
                    length += 1
                    if length <= maximumLength {
                        for offset in start..<index { word[byteCount + offset - start] = folded[offset] }
                        // Final sigma: JavaScript lower-cases by context, Swift does not; both sides store σ.
                        if value == 0x03C2 { word[byteCount + 1] = 0x83 }
                        byteCount += index - start
                    }
                } else {
                    flush()
                    if !unspaced.isEmpty { flushUnspaced() }
                }
            }
            flush()
            flushUnspaced()
        }
    }

    /// Han, hiragana and katakana: the script's `UNSPACED` class.
    static func isUnspacedValue(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    /// `isWordScalar` with the scripts a catalog is mostly written in answered without looking up
    /// the general category (a test holds the two equal for every scalar).
    static func isWordValue(_ value: UInt32) -> Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xAC00...0xD7A3, 0x0621...0x063A, 0x0641...0x064A, 0x0660...0x0669: return true
        case 0...0x7F: return false
        default: return isWordScalar(Unicode.Scalar(value)!)
        }
    }

    /// `isUnspacedValue` for a scalar.
    static func isUnspacedScalar(_ scalar: Unicode.Scalar) -> Bool { isUnspacedValue(scalar.value) }

    /// Letters, numbers and marks: the script's `[\p{L}\p{N}\p{M}]`.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
