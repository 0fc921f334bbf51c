import Foundation
import Testing
import VitrineTestSupport

@testable import ContentLoader

/// The walk that makes a body's plain text against cmark's own plain-text renderer: wherever the
/// walk answers, it must answer what cmark does, after the same normalization.
@Suite struct MarkdownPlainTextTests {
    static let crafted = [
        "Para one\nsoft break\n\nPara two", "# Heading\ntext", "Setext\n===\n\ntext", "  leading spaces\n\n\n   ",
        "- a\n- b\n  - nested\n\n  para in item\n- c", "* tight\n* list\n\n\n* loose", "- \n- empty items",
        "- ```\n  code\n  ```\n- item", "- item\n\n      indented code in item", "    indented code\n\npara",
        "```swift\ncode  block\n\nwith blank\n```\nafter", "> quote\n> more\n\nafter", "> - a\n>   - b\n\n> para",
        "text<br>inline html and <span>x</span>\n\n<div>block</div>\n\nafter", "![alt *text*](x.png) and [link `code`](y)",
        "a  \nhard break\\\nagain", "***\n\nafter rule\n\n---\n", "Entities &amp; &copy; &#x41; &nbsp;x",
        "Unicode: café — 日本 \u{2028} end", "tab\there\t\tand there", "**Key ingredients:** a, b\n\n## How to use\n\n- one\n- two",
        "1. ordered\n2. list", "- bullet\n  1. ordered inside", "3) paren\n4) start", "1. a\n   1. inner\n   2. inner\n2. b\n3. c",
        "8. eight\n9. nine\n10. ten\n11. eleven", "1. a\n\n   para\n\n2. b\n- bullet after", "0. zero\n1. one", "~~strike~~ text", "| a | b |\n|---|---|\n| 1 | 2 |",
        "see https://example.com/path now", "- [ ] task\n- [x] done", "", "\n\n", "x\u{0}y",
    ]

    /// The sample shop's bodies and the content fuzzer's seeds, as their front matter leaves them.
    static var corpus: [String] {
        var texts = crafted
        for folder in ["Fuzz/Corpus/content", "Content/products", "Content/brands", "Content/pages", "Content/promotions"] {
            let url = ShopFixture.repositoryRoot.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where name.hasSuffix(".md") {
                guard let text = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) else { continue }
                if case .success(let front) = FrontMatter.split(text) { texts.append(front.body) } else { texts.append(text) }
            }
        }
        return texts
    }

    @Test func theWalkAgreesWithCmarkWhereverItAnswers() {
        var walked = 0
        for source in Self.corpus {
            let (walk, cmark) = MarkdownRenderer.bothPlainTexts(source)
            guard let walk else { continue }
            walked += 1
            #expect(walk == cmark, "\(source.debugDescription)")
        }
        // Most bodies are paragraphs, headings and lists: the walk must answer them.
        #expect(walked > Self.corpus.count / 2)
    }

    @Test func extensionsAreLeftToCmark() {
        for source in ["~~strike~~", "| a | b |\n|---|---|\n| 1 | 2 |", "- [ ] task"] {
            #expect(MarkdownRenderer.bothPlainTexts(source).walked == nil, "\(source)")
        }
        #expect(MarkdownRenderer.bothPlainTexts("- a\n- b").walked == "- a\n- b")
        #expect(MarkdownRenderer.bothPlainTexts("2. a\n3. b").walked == "2. a\n3. b")
    }
}
