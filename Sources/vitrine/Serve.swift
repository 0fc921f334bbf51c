import ArgumentParser
import CatalogModel
import Foundation
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

                Examples:
                  vitrine serve
                  vitrine serve --content shop/Content --port 8080 --clock 2026-12-01T00:00:00Z
                """)

        @OptionGroup var source: SourceOptions

        @Option(name: .long, help: ArgumentHelp("Folder the site is written to and served from.", valueName: "DIR"))
        var output: String = "Output"

        @OptionGroup var listen: ListenOptions
        var port: Int { listen.port(default: 8000) }

        @OptionGroup var clock: ClockOptions
        @OptionGroup var pictures: PictureCacheOptions

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
            await site.start()
            let host = listen.host
            let output = self.output
            do {
                try await PreviewServer.run(
                    site: site, configuration: .init(host: host, port: port),
                    onRunning: { port in
                        let shown = host.contains(":") ? "[\(host)]" : host
                        // Unbuffered, so a script waiting for this line sees it at once.
                        FileHandle.standardOutput.write(
                            Data("Serving \(output)/ at http://\(shown):\(port)/ (Ctrl-C to stop)\n".utf8))
                    })
            } catch {
                Console.error("error: cannot serve on \(host):\(port): \(error); try another --port")
                throw ExitCode.failure
            }
            Console.error("Stopped.")
        }
    }
}
