public import ContentEditor
import Foundation
public import Hummingbird
public import Logging
import SiteBuilder

/// `vitrine serve`: builds the site, serves it over HTTP, watches its sources and reloads open
/// pages after each rebuild. Loopback only unless another host is asked for.
public enum PreviewServer {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// How often the sources are checked for changes.
        public var pollInterval: Duration
        /// How long a connection may wait between request parts or stay idle between requests: a
        /// request head is one part, so a client sending headers a byte a second is closed after
        /// this long. An open event stream is a response being written and is never cut.
        public var idleTimeout: Duration
        /// The catalog editor at `/_vitrine/edit/`, when asked for (`--edit`).
        public var editor: ContentEditor?
        /// How much the HTTP library and service lifecycle log (`--log-level`): warnings and errors
        /// unless asked for more. The preview's own lines go to the terminal apart from this log.
        public var logLevel: Logger.Level

        public init(
            host: String = "127.0.0.1", port: Int = 8000, pollInterval: Duration = .milliseconds(100),
            idleTimeout: Duration = .seconds(10), editor: ContentEditor? = nil, logLevel: Logger.Level = .warning
        ) {
            self.host = host
            self.port = port
            self.pollInterval = pollInterval
            self.idleTimeout = idleTimeout
            self.editor = editor
            self.logLevel = logLevel
        }
    }

    /// The router: the event stream and the editor (when on), then every other GET or HEAD
    /// served from the output folder.
    public static func router(site: PreviewSite, editor: ContentEditor? = nil) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SiteFileMiddleware(site: site))
        router.get(RouterPath(LiveReloadScript.eventsPath)) { _, _ in await EventStreamResponse.make(site: site) }
        editor?.addRoutes(to: router)
        return router
    }

    /// Serves until SIGINT (Ctrl-C) or SIGTERM, then closes open event streams, stops watching,
    /// saves the build record and returns.
    public static func run(
        site: PreviewSite, configuration: Configuration, onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws {
        try await application(site: site, configuration: configuration, onRunning: onRunning).runService()
    }

    /// The application, with the watcher as a service beside the HTTP server.
    public static func application(
        site: PreviewSite, configuration: Configuration, onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "vitrine-serve")
        logger.logLevel = configuration.logLevel
        return Application(
            router: router(site: site, editor: configuration.editor),
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(Int64(configuration.idleTimeout / .nanoseconds(1))))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "vitrine-preview"),
            services: [SiteWatcher(site: site, interval: configuration.pollInterval)],
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}
