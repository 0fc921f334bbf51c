extension Diagnostic {
    /// The diagnostic as a GitHub Actions workflow command (`::error file=…,line=3,col=5::message`),
    /// so CI shows it on the pull request's line rather than only in the log. `path` is the file
    /// as the repository names it, which may differ from `location.path` (relative to the
    /// content folder's parent). Escaped as GitHub's runner reads it: `%`, CR and LF everywhere,
    /// and `:` and `,` in properties, where they would end the value.
    public func workflowCommand(path: String) -> String {
        var properties = ["file=" + Self.escaped(path, property: true)]
        if location.line > 0 {
            properties.append("line=\(location.line)")
            if location.column > 0 { properties.append("col=\(location.column)") }
        }
        return "::\(severity.rawValue) \(properties.joined(separator: ","))::\(Self.escaped(message))"
    }

    /// `property` also escapes `:` and `,`, which would end a property's value.
    static func escaped(_ text: String, property: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
