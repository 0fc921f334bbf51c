import ArgumentParser
import CatalogModel
import ContentEditor
import Foundation
import Orders
import PreviewServer
import SiteBuilder

extension Vitrine {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site, serve it, and rebuild and reload open pages whenever a source file changes.",
            discussion: """
                Only what a change touches is rendered again. A change that breaks the content or a
                template keeps the last good site served and shows the errors over open pages until
                they are fixed. The pages get a small live-reload script when served; the files in
                the output folder do not. Ctrl-C stops the server.

                With --edit, shop staff edit the catalog in the browser at /_vitrine/edit/: every save
                is checked as `vitrine check` checks it before a file is written. The editor listens
                on loopback only, unless an access token is set (--edit-token or VITRINE_EDIT_TOKEN);
                then it prints the link to open once. With --orders, the editor also lists the orders
                the checkout service keeps in that file (read-only, at /_vitrine/edit/orders/) and the
                buyers' reviews waiting for approval (/_vitrine/edit/reviews/; approving one appends it
                to Content/reviews/).

                Examples:
                  vitrine serve
                  vitrine serve --content shop/Content --port 8080 --clock 2026-12-01T00:00:00Z
                  vitrine serve --edit
                  vitrine serve --edit --orders /var/lib/vitrine/orders.sqlite
                  VITRINE_EDIT_TOKEN=$(openssl rand -hex 16) vitrine serve --edit --host 0.0.0.0
                """)

        @OptionGroup var source: SourceOptions

        @Option(name: .long, help: ArgumentHelp("Folder the site is written to and served from.", valueName: "DIR"))
        var output: String = "Output"

        @OptionGroup var listen: ListenOptions
        var port: Int { listen.port(default: 8000) }

        @OptionGroup var clock: ClockOptions
        @OptionGroup var pictures: PictureCacheOptions
        @OptionGroup var log: LogOptions

        @Flag(name: .long, help: "Serve the catalog editor at /_vitrine/edit/ beside the preview.")
        var edit = false

        @Option(
            name: .customLong("edit-token"),
            help: ArgumentHelp(
                "Access token the editor asks for (default: VITRINE_EDIT_TOKEN); needed with --edit on a host other than loopback.",
                valueName: "TOKEN"))
        var editToken: String?

        @Option(
            name: .customLong("edit-upload-limit"),
            help: ArgumentHelp("Largest form the editor accepts, photo included, in MiB.", valueName: "MIB"))
        var uploadLimit: Int = 25

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The checkout service's orders file (its --orders): orders shown read-only, buyers' reviews to approve; with --edit.", valueName: "FILE"))
        var orders: String?

        static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

        var resolvedEditToken: String? { editToken ?? Environment.value("VITRINE_EDIT_TOKEN").flatMap { $0.isEmpty ? nil : $0 } }

        func validate() throws {
            guard edit else {
                if orders != nil { throw ValidationError("--orders shows the orders in the editor; add --edit") }
                return
            }
            if let token = resolvedEditToken,
                token.count < 16 || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) })
            {
                throw ValidationError("the edit token must be at least 16 letters, digits or -._~; make one with: openssl rand -hex 16")
            }
            if !Self.loopbackHosts.contains(listen.host), resolvedEditToken == nil {
                throw ValidationError(
                    "--edit listens on loopback only: anyone who reaches --host \(listen.host) could change the catalog. "
                        + "Set an access token with --edit-token or VITRINE_EDIT_TOKEN, or drop --host.")
            }
            if !(1...1024).contains(uploadLimit) { throw ValidationError("--edit-upload-limit must be 1–1024 MiB") }
        }

        func run() async throws {
            let clock = self.clock
            let options = BuildOptions(
                contentFolder: URL(fileURLWithPath: source.content),
                templatesFolder: URL(fileURLWithPath: source.templates),
                outputFolder: URL(fileURLWithPath: output),
                clock: clock.now, strict: source.strict, pictureCache: pictures.folder)
            let site = PreviewSite(
                options: options,
                // Without a fixed clock, "now" is read again at each rebuild.
                now: { clock.now },
                log: { Console.error($0) })
            // Before the first build: a mistyped path should not wait for the whole site.
            let orderStore = try orders.map { try Vitrine.Orders.open($0) }
            await site.start()
            let host = listen.host
            let output = self.output
            let token = resolvedEditToken
            let editor = edit
                ? ContentEditor(
                    contentFolder: options.contentFolder, accessToken: token, uploadLimit: uploadLimit << 20,
                    basePath: { await site.basePath }, orders: orderStore)
                : nil
            do {
                try await PreviewServer.run(
                    site: site, configuration: .init(host: host, port: port, editor: editor, logLevel: log.level),
                    onRunning: { port in
                        let shown = host.contains(":") ? "[\(host)]" : host
                        var lines = "Serving \(output)/ at http://\(shown):\(port)/ (Ctrl-C to stop)\n"
                        if editor != nil {
                            lines += "Editing the catalog at http://\(shown):\(port)/_vitrine/edit/"
                                + (token.map { "?token=\($0)" } ?? "") + "\n"
                        }
                        // Unbuffered, so a script waiting for these lines sees them at once.
                        FileHandle.standardOutput.write(Data(lines.utf8))
                    })
            } catch {
                Console.error("error: cannot serve on \(host):\(port): \(error); try another --port")
                throw ExitCode.failure
            }
            Console.error("Stopped.")
        }
    }
}
