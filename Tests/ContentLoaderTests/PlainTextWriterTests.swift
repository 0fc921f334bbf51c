import Testing

@testable import ContentLoader

/// A text node's literal is written in runs; byte by byte is the definition it must keep to.
@Suite struct PlainTextWriterTests {
    static let literals = [
        "", " ", "\n", "\t", "word", " leading", "trailing ", "two  spaces", "tab\tand\t\ttabs", "line\nbreak\n\nblank",
        "  \n \t mixed \n\t", "café — 日本", "a b c d e f g h i j k l m n o p", "x\n", "\ny",
        "one two ", "one two  three", "one two\nthree four", "one \ttwo", "a b", "a ",
    ]

    /// Writes `literals` as C strings one after another, starting after `prefix` bytes.
    static func written(_ literals: [String], after prefix: [UInt8], eachByte: Bool) -> String {
        var writer = PlainTextWriter()
        for byte in prefix { writer.write(byte) }
        for literal in literals {
            if eachByte {
                for byte in literal.utf8 { writer.write(byte) }
            } else {
                literal.withCString { writer.write(cString: $0) }
            }
        }
        return writer.string
    }

    @Test func literalsWrittenInRunsEqualTheSameBytesOneByOne() {
        for prefix in [[], Array("a".utf8), Array("a ".utf8), Array("a\n".utf8)] {
            for first in Self.literals {
                for second in Self.literals {
                    let runs = Self.written([first, second], after: prefix, eachByte: false)
                    let bytes = Self.written([first, second], after: prefix, eachByte: true)
                    #expect(runs == bytes, "\(prefix) \(first.debugDescription) \(second.debugDescription)")
                }
            }
        }
    }

    @Test func whitespaceRunsCollapseAndTheEndsAreTrimmed() {
        #expect(Self.written(["  one  two\t\tthree \n\n four  "], after: [], eachByte: false) == "one two three\nfour")
    }
}
