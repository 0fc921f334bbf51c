import ArgumentParser

/// Where the shop's files are: shared by every command that reads them.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Content folder (site.json, brands/, products/, …).", valueName: "DIR"))
    var content: String = "Content"

    @Option(name: .long, help: ArgumentHelp("Theme folder of Mustache templates.", valueName: "DIR"))
    var templates: String = "Templates"

    @Flag(name: .long, help: "Treat warnings (such as unknown keys) as errors.")
    var strict = false
}

/// How much a command says.
struct OutputVerbosity: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print diagnostics only (the default when the CI variable is set).")
    var quiet = false

    @Flag(name: [.short, .long], help: "Also print what each step did and how long it took.")
    var verbose = false

    var isQuiet: Bool {
        if verbose { return false }
        if quiet { return true }
        let ci = Environment.value("CI")?.lowercased() ?? ""
        return !ci.isEmpty && ci != "false" && ci != "0"
    }
}
