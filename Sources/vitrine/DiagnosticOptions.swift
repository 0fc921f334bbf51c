import ArgumentParser

/// How `build` and `check` print what they found.
struct DiagnosticOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "text: path:line:column: error: message on standard error. json: one JSON object per diagnostic on standard output, for editors and tools.",
            valueName: "text|json"))
    var diagnostics: Format = .text
}
