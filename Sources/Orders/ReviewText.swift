import Foundation

/// What a buyer's (or staff's) text becomes before it is kept: reviews are plain text, so any
/// `<…>` tag is removed with its text kept, and control characters go. Cleaned at the door, so the
/// orders file, the editor and the published line all hold the same harmless text; pages escape it
/// again when they print it.
public enum ReviewText {
    /// Paragraph text (a review's body, a response): line breaks kept as LF, at most one blank line
    /// in a row, tabs as spaces, other control characters removed, trimmed.
    public static func multiline(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in stripTags(text.replacingOccurrences(of: "\r\n", with: "\n")).unicodeScalars {
            switch scalar {
            case "\n": kept.append(scalar)
            case "\r", "\t", "\u{2028}", "\u{2029}": kept.append(scalar == "\t" ? " " : "\n")
            default: if !isControl(scalar) { kept.append(scalar) }
            }
        }
        var lines = String(kept).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        // Blank lines separate paragraphs (`Review.paragraphs`); a run of them is one separation.
        lines = lines.enumerated().filter { index, line in !(line.isEmpty && index > 0 && lines[index - 1].isEmpty) }.map(\.element)
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One-line text (a title, a name, a language tag): line breaks and tabs become spaces, other
    /// control characters are removed, runs of spaces become one, trimmed.
    public static func line(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in stripTags(text).unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": kept.append(" ")
            default: if !isControl(scalar) { kept.append(scalar) }
            }
        }
        return String(kept).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    /// Removes every tag, `<` up to its `>`, with what is inside it, innermost first, so
    /// `<scr<b>ipt>` cannot reassemble into a tag once the inner one goes. A `<` followed by a
    /// space, a digit or `=` opens no tag, as in HTML ("I <3 it", "a <= b"), and neither a `<`
    /// never closed nor a `>` never opened is a tag: they stay as text. One pass with a stack of
    /// open tags, so the time is linear however deeply a hostile body nests them.
    public static func stripTags(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        var opened: [Int] = []
        for (index, scalar) in scalars.enumerated() {
            if scalar == "<", index + 1 < scalars.count, !opensNoTag(scalars[index + 1]) {
                opened.append(out.count)
                out.append(scalar)
            } else if scalar == ">", let start = opened.popLast() {
                out.removeSubrange(start...)
            } else {
                out.append(scalar)
            }
        }
        return String(String.UnicodeScalarView(out))
    }

    private static func opensNoTag(_ next: Unicode.Scalar) -> Bool {
        next == "=" || next.properties.isWhitespace || ("0"..."9").contains(next)
    }

    /// C0 and C1 controls and DEL, and the invisible bidirectional overrides that can make a
    /// review read differently from what it says.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
