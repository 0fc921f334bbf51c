import ArgumentParser
import Foundation
import ThemeOverrides

extension Vitrine {
    struct Theme: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start and review changes to the built-in theme.",
            discussion: """
                The built-in theme is inside vitrine. A shop's Templates/ folder holds only the files
                it changes, each replacing the built-in file of the same path; static/custom.css, when
                present, is linked after the built-in style.css.

                Examples:
                  vitrine theme copy partials/header.mustache   # then edit Templates/partials/header.mustache
                  vitrine theme diff                            # your changes, and the built-in file's since
                """,
            subcommands: [Copy.self, Diff.self])
    }
}

extension Vitrine.Theme {
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy built-in theme files into Templates/ to start changing them.",
            discussion: """
                Each copy is noted in Templates/.vitrine-theme/ (the Vitrine version and the text it
                was copied from), so `vitrine theme diff` can show your changes after an upgrade; keep
                that folder in git. A FILE may leave out .mustache or name a folder (static, partials).

                Examples:
                  vitrine theme copy partials/header.mustache
                  vitrine theme copy partials/footer static/style.css
                  vitrine theme copy                  # every file of the built-in theme
                  vitrine theme copy home --force     # start over from the built-in home page
                """)

        @Argument(help: ArgumentHelp("Built-in files to copy (default: all of them).", valueName: "FILE"))
        var files: [String] = []

        @Option(name: .long, help: ArgumentHelp("The shop's theme folder.", valueName: "DIR"))
        var templates: String = "Templates"

        @Flag(name: .long, help: "Replace files that exist already (your changes in them are lost).")
        var force = false

        func run() throws {
            do {
                let copied = try ThemeCopier(folder: URL(fileURLWithPath: templates), version: Vitrine.version).copy(files, force: force)
                let shown = copied.count <= 3 ? copied.map { "\(templates)/\($0)" }.joined(separator: ", ") : "\(copied.count) files"
                Console.out("Copied \(shown) from the built-in theme of Vitrine \(Vitrine.version)")
            } catch {
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }
    }

    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how the shop's theme files differ from the built-in ones, as unified diffs.",
            discussion: """
                For each file in Templates/: a diff from the built-in text it was copied from to yours
                (your changes), and, when this version's built-in file differs from that text, a diff
                from today's built-in file to yours (what an upgrade asks you to review). Files not
                copied with `vitrine theme copy` are compared with today's built-in file. Uses the
                system's diff program.

                Examples:
                  vitrine theme diff
                  vitrine theme diff --templates shop/Templates > theme.diff
                """)

        @Option(name: .long, help: ArgumentHelp("The shop's theme folder.", valueName: "DIR"))
        var templates: String = "Templates"

        func run() throws {
            do {
                print(try ThemeDiff(folder: URL(fileURLWithPath: templates), version: Vitrine.version).report(), terminator: "")
            } catch {
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
