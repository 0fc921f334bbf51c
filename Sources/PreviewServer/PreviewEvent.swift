import CatalogModel

/// What the preview tells open pages over server-sent events.
public enum PreviewEvent: Sendable, Equatable {
    /// Sent first on every connection: which server and site version the page talks to, and the
    /// errors of the current build, if it failed.
    case hello(session: String, generation: Int, errors: [String])
    /// A build changed the site: reload.
    case reload(generation: Int)
    /// A build failed: the last good site is still served; show these.
    case failed(errors: [String])
    /// Keeps idle connections open through proxies.
    case ping

    /// The event in the `text/event-stream` format.
    var streamText: String {
        switch self {
        case .hello(let session, let generation, let errors):
            return Self.frame(
                "hello", ["session": .string(session), "generation": .int(generation), "errors": .array(errors.map(JSONValue.string))])
        case .reload(let generation):
            return Self.frame("reload", ["generation": .int(generation)])
        case .failed(let errors):
            return Self.frame("failed", ["errors": .array(errors.map(JSONValue.string))])
        case .ping:
            return ": ping\n\n"
        }
    }

    /// The payload is one line: a newline in an error message is escaped, so it cannot end the `data:` field.
    private static func frame(_ name: String, _ payload: JSONValue) -> String {
        "event: \(name)\ndata: \(payload.encoded())\n\n"
    }
}
