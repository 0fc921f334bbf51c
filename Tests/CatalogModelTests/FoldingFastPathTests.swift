@testable import CatalogModel
import Testing

/// Folding skips the normalizations for text no normalization changes; every character it lets
/// through folds as the general way folds it.
@Suite struct FoldingFastPathTests {
    @Test func foldingAgreesWithNormalizing() {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA,
            0x30FC...0x30FE, 0x0621...0x0621, 0x0627...0x063A, 0x0641...0x064A, 0x0660...0x0669, 0x3001...0x3002,
        ]
        var checked = 0
        for range in ranges {
            for value in range {
                let text = "A" + String(Unicode.Scalar(value)!)
                guard let fast = text.foldedWithoutNormalizing() else {
                    Issue.record("U+\(String(value, radix: 16)) is in the fast ranges but refused")
                    continue
                }
                if fast != text.foldedByNormalizing() { Issue.record("U+\(String(value, radix: 16)) folds differently") }
                checked += 1
            }
        }
        #expect(checked > 30_000)
        // Outside the ranges: the general way.
        for text in ["آ", "ｾ", "\u{3000}", "é", "ゟ"] { #expect(text.foldedWithoutNormalizing() == nil, "\(text)") }
        #expect("ｾﾗﾑ".folded() == "セラム" && "أحمر".folded() == "احمر")
    }
}
