extension MessageText {
    /// A message as HTML text or a double-quoted attribute's value, for the site's pages and the
    /// checkout's alike. An apostrophe stays as it is (the template engine's escaper writes
    /// `&#39;`): the theme's attributes are all double-quoted, and pages keep the bytes they had
    /// when the theme's English was written in the templates.
    public static func htmlEscaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
