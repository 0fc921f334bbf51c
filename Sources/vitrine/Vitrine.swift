import ArgumentParser
import CMimalloc

@main
struct Vitrine: AsyncParsableCommand {
    /// This program's version: `vitrine --version`, and what `theme copy` and `init` record.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "Build a shop's static site and feeds from a catalog of JSON and Markdown files.",
        discussion: """
            Examples:
              vitrine init corner-shop              # a small working shop to start from
              vitrine build                         # Content/ (+ your Templates/) -> Output/
              vitrine check --strict                # validate only; warnings fail
              vitrine build --clock 2026-12-01      # reproducible: fixed "now" for promotions
              vitrine build --incremental           # render only what changed since the last one
              vitrine serve                         # preview at http://127.0.0.1:8000/, live reload
              vitrine search-index                  # search index size and build time
              vitrine checkout --dev                # the checkout-link service on 127.0.0.1:8080
              vitrine merge part-1 part-2           # join the parts of `vitrine build --shard K/N`
              vitrine deploy ssh://deploy@shop.example.com/srv/shop   # send what changed
              vitrine import parse export/*.json    # a Parse export into Content/
              vitrine theme copy partials/header    # start changing one file of the built-in theme
            """,
        version: version,
        subcommands: [
            Init.self, Build.self, Check.self, Serve.self, Theme.self, Schema.self, SearchIndex.self, Checkout.self, Merge.self,
            Import.self, Orders.self, Reviews.self, Deploy.self,
        ]
    )

    /// ArgumentParser's own entry, after naming mimalloc: a linker that drops libraries nothing
    /// calls would otherwise drop the one that serves every allocation (CMimalloc/shim.h).
    static func main() async {
        _ = mi_version()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
