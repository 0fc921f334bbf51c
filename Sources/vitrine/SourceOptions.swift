import ArgumentParser
import Foundation

/// Where the shop's files are: shared by every command that reads them.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Content folder (site.json, brands/, products/, …).", valueName: "DIR"))
    var content: String = "Content"

    @Option(
        name: .customLong("templates"),
        help: ArgumentHelp(
            "The shop's theme files, each replacing the built-in file of the same path (default: Templates, when it exists).",
            valueName: "DIR"))
    var templatesFolder: String?

    /// The overrides folder; the default need not exist (then the built-in theme is used alone).
    var templates: String { templatesFolder ?? "Templates" }

    @Flag(name: .long, help: "Treat warnings (such as unknown keys) as errors.")
    var strict = false

    func validate() throws {
        var isFolder: ObjCBool = false
        if let templatesFolder, !FileManager.default.fileExists(atPath: templatesFolder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw ValidationError(
                "--templates: \(templatesFolder) is not a folder; leave the option out to use the built-in theme alone")
        }
    }
}

/// Where derived pictures are kept, for the commands that build.
struct PictureCacheOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep derived pictures in this folder instead of beside the output (.Output.vitrine-cache/images); it may serve several outputs, so no build prunes it. Default: $VITRINE_PICTURE_CACHE when set.",
            valueName: "DIR"))
    var pictureCache: String?

    var folder: URL? {
        (pictureCache ?? Environment.value("VITRINE_PICTURE_CACHE").flatMap { $0.isEmpty ? nil : $0 })
            .map { URL(fileURLWithPath: $0) }
    }
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
