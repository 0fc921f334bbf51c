import ArgumentParser
import CatalogAPI
import CatalogModel
import Foundation

extension Vitrine {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the JSON Schemas of the content files and of the JSON API, or the tables of content keys.",
            discussion: """
                Writes content/<kind>.json (for .json files), content/<kind>.front-matter.json (for the
                front matter of .md files) and responses/<name>.json (for the files under api/v1/) into
                the output folder: the same files every build publishes under api/v1/schema/. Point an
                editor's YAML and JSON support at them (see docs/api.md).

                With --markdown, prints every content key of every kind as Markdown tables (key, type,
                required, meaning) on standard output: the tables in the README, made from the same
                key table `vitrine check` reads.

                Examples:
                  vitrine schema --output .vscode/vitrine-schemas
                  vitrine schema --output schemas --base-url https://shop.example.com/api/v1/schema/
                  vitrine schema --markdown > keys.md
                """)

        @Option(name: .long, help: ArgumentHelp("Folder the schemas are written to (created if missing).", valueName: "DIR"))
        var output: String?

        @Flag(name: .long, help: "Print the tables of content keys, one per kind, as Markdown on standard output.")
        var markdown = false

        @Option(
            name: .long,
            help: ArgumentHelp("Absolute URL the folder is published at, ending in /; sets each schema's $id.", valueName: "URL"))
        var baseURL: String?

        func validate() throws {
            if output == nil, !markdown { throw ValidationError("give --output DIR for the schemas, or --markdown for the tables of keys") }
            if output?.isEmpty == true { throw ValidationError("--output: give a folder, e.g. --output schemas") }
            if let baseURL {
                if let problem = WebURL.problem(with: baseURL) { throw ValidationError("--base-url: \(problem)") }
                if !baseURL.hasSuffix("/") { throw ValidationError("--base-url: \"\(baseURL)\" must end in /; write \"\(baseURL)/\"") }
            }
        }

        func run() throws {
            if markdown { print(ContentKeyTables.markdown(), terminator: "") }
            guard let output else { return }
            let folder = URL(fileURLWithPath: output)
            let files = SchemaFiles.all(baseURL: baseURL)
            do {
                for file in files {
                    let url = folder.appendingPathComponent(file.name)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try JSONOutput.prettyData(file.schema).write(to: url, options: .atomic)
                }
            } catch {
                Console.error("\(output): error: cannot write the schemas: \(error.localizedDescription)")
                throw ExitCode.failure
            }
            let summary = "Wrote \(files.count) schemas to \(output)/"
            if markdown { Console.error(summary) } else { Console.out(summary) }
        }
    }
}
