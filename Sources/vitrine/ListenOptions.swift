import ArgumentParser

/// Where a server command listens: the same flags for `serve` and `checkout`. The port is
/// optional here because each command has its own default (two servers can run side by side).
struct ListenOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Address to listen on; keep the loopback default unless others must reach it.", valueName: "HOST"))
    var host: String = "127.0.0.1"

    @Option(
        name: .customLong("port"),
        help: ArgumentHelp(
            "Port to listen on (0 picks a free one); default 8000 for serve, 8080 for checkout.", valueName: "PORT"))
    var requestedPort: Int?

    func port(default fallback: Int) -> Int { requestedPort ?? fallback }

    func validate() throws {
        if let requestedPort, !(0...65535).contains(requestedPort) {
            throw ValidationError("--port must be between 0 and 65535")
        }
    }
}
