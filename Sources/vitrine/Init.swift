import ArgumentParser
import Foundation
import ShopStarter

extension Vitrine {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a new shop: a small catalog that builds as it is, a .gitignore and a publishing workflow.",
            discussion: """
                Writes Content/ (site.json, a brand, a category, two products, one of them in two
                colours, a photo, a promotion, an about page), a README, a .gitignore and
                .github/workflows/publish.yml, which builds the shop and publishes it on GitHub Pages.
                There is no Templates/ folder: the built-in theme is used until you override one of
                its files (`vitrine theme copy`). Refuses a folder that is not empty (but for .git).

                Examples:
                  vitrine init corner-shop && cd corner-shop && vitrine serve
                  vitrine init . --title "Corner Shop"    # in the current, empty folder
                  vitrine init shop --force               # write over the files of the same names
                """)

        @Argument(help: ArgumentHelp("Folder to start the shop in; made when missing (default: the current folder).", valueName: "DIR"))
        var folder: String = "."

        @Option(name: .long, help: ArgumentHelp("The shop's name (default: from the folder's name).", valueName: "TITLE"))
        var title: String?

        @Flag(name: .long, help: "Write into a folder that is not empty, replacing files of the same names.")
        var force = false

        func run() throws {
            let starter = ShopStarter(folder: URL(fileURLWithPath: folder), title: title, version: Vitrine.version)
            do {
                let files = try starter.write(force: force)
                let place = folder == "." ? "" : "cd \(folder) && "
                Console.out("Started \"\(starter.title)\" in \(starter.folder.path) (\(files.count) files). Next: \(place)vitrine serve")
            } catch {
                Console.error("error: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
