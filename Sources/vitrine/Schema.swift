import ArgumentParser
import CatalogAPI
import CatalogModel
import Foundation

extension Vitrine {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the JSON Schemas of the content files and of the JSON API.",
            discussion: """
                Writes content/<kind>.json (for .json files), content/<kind>.front-matter.json (for the
                front matter of .md files) and responses/<name>.json (for the files under api/v1/) into
                the output folder: the same files every build publishes under api/v1/schema/. Point an
                editor's YAML and JSON support at them (see the README).

                Examples:
                  vitrine schema --output .vscode/vitrine-schemas
                  vitrine schema --output schemas --base-url https://shop.example.com/api/v1/schema/
                """)

        @Option(name: .long, help: ArgumentHelp("Folder the schemas are written to (created if missing).", valueName: "DIR"))
        var output: String

        @Option(
            name: .long,
            help: ArgumentHelp("Absolute URL the folder is published at, ending in /; sets each schema's $id.", valueName: "URL"))
        var baseURL: String?

        func validate() throws {
            if output.isEmpty { throw ValidationError("--output: give a folder, e.g. --output schemas") }
            if let baseURL {
                if let problem = WebURL.problem(with: baseURL) { throw ValidationError("--base-url: \(problem)") }
                if !baseURL.hasSuffix("/") { throw ValidationError("--base-url: \"\(baseURL)\" must end in /; write \"\(baseURL)/\"") }
            }
        }

        func run() throws {
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
            Console.out("Wrote \(files.count) schemas to \(output)/")
        }
    }
}
