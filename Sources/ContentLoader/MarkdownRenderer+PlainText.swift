import CCmarkGFM

extension MarkdownRenderer {
    /// The plain text of `root`'s tree as cmark's plain-text renderer writes it, after
    /// `PlainTextWriter`'s normalization, made by walking the tree. cmark's renderer passes every
    /// character through its line-wrapping machinery: it took nine times as long as the HTML and
    /// was a sixteenth of a 1,000-product build (callgrind). Nil for a tree with a node this walk
    /// does not know to render the same (anything from an extension, footnotes);
    /// cmark renders those. A test holds the two to each other.
    static func walkedPlainText(of root: OpaquePointer) -> String? {
        walkedPlainTextAndHeadings(of: root)?.text
    }

    /// The same walk, with each heading's own plain text in document order, as `walkedPlainText`
    /// of the heading alone writes it: what its id is made from. One walk for both, where a
    /// second walk of the whole tree only to find the headings was a third of the first.
    static func walkedPlainTextAndHeadings(of root: OpaquePointer) -> (text: String, headings: [String])? {
        guard let iterator = cmark_iter_new(root) else { return nil }
        defer { cmark_iter_free(iterator) }
        var writer = PlainTextWriter()
        // The heading being walked, which gets every byte written inside it.
        var heading: PlainTextWriter?
        var headings: [String] = []
        func put(_ byte: UInt8) {
            writer.write(byte)
            heading?.write(byte)
        }
        // The next number of each ordered list: its start plus the items before, as this cmark
        // numbers them (a nested list does not disturb its parent's count).
        var nextNumber: [OpaquePointer: Int] = [:]
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator), cmark_node_get_syntax_extension(node) == nil else { return nil }
            let entering = event == CMARK_EVENT_ENTER
            // What cmark's plaintext.c writes per node, whitespace aside: its line breaks and
            // blank lines become one newline, its indentation and spaces one space.
            switch cmark_node_get_type(node) {
            case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_EMPH,
                CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                break
            case CMARK_NODE_LIST:
                if !entering { writer.write(10) }
            case CMARK_NODE_ITEM:
                guard entering else {
                    writer.write(10)
                    break
                }
                guard let list = cmark_node_parent(node) else { return nil }
                if cmark_node_get_list_type(list) == CMARK_BULLET_LIST {
                    writer.write(" - ")
                } else {
                    let number = nextNumber[list] ?? Int(cmark_node_get_list_start(list))
                    nextNumber[list] = number + 1
                    writer.write(32)
                    writer.write(number: number)
                    writer.write(cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? UInt8(ascii: ")") : UInt8(ascii: "."))
                    writer.write(32)
                }
            case CMARK_NODE_PARAGRAPH:
                if !entering { writer.write(10) }
            case CMARK_NODE_HEADING:
                if entering {
                    heading = PlainTextWriter(capacity: 64)
                } else {
                    put(10)
                    headings.append(heading?.string ?? "")
                    heading = nil
                }
            case CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_LINEBREAK:
                put(10)
            case CMARK_NODE_CODE_BLOCK:
                // Right after an item's dash, on its line.
                let firstInItem = cmark_node_previous(node) == nil
                    && cmark_node_parent(node).map { cmark_node_get_type($0) == CMARK_NODE_ITEM } == true
                if !firstInItem { writer.write(10) }
                writer.write(cString: cmark_node_get_literal(node))
                writer.write(10)
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                let literal = cmark_node_get_literal(node)
                writer.write(cString: literal)
                heading?.write(cString: literal)
            case CMARK_NODE_SOFTBREAK:
                // The renderer is run with CMARK_OPT_NOBREAKS: a space.
                put(32)
            default:
                return nil
            }
        }
        return (writer.string, headings)
    }
}
