import ArgumentParser
import Logging

/// How much a server's log says (`serve`, `checkout`): the HTTP library's and the service
/// lifecycle's lines stay at warnings unless more is asked for. `checkout --verbose` adds Vitrine's
/// own line per request, whatever the level.
struct LogOptions: ParsableArguments {
    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "What the HTTP library logs: trace, debug, info, notice, warning (the default), error or critical.", valueName: "LEVEL"),
        transform: { text in
            guard let level = Logger.Level(rawValue: text.lowercased()) else {
                throw ValidationError(
                    "--log-level: \"\(text)\" is not a level; use trace, debug, info, notice, warning, error or critical")
            }
            return level
        })
    var level: Logger.Level = .warning
}
