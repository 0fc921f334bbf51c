import Foundation
import Hummingbird
import ServiceLifecycle

/// `GET /_vitrine/events`: the server-sent events of one open page. The stream ends when the
/// server shuts down, so Ctrl-C does not wait for open tabs.
enum EventStreamResponse {
    static func make(site: PreviewSite) async -> Response {
        let events = await site.events()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await withGracefulShutdownHandler {
                    for await event in events {
                        try await writer.write(ByteBuffer(string: event.streamText))
                    }
                } onGracefulShutdown: {
                    Task { await site.finishEvents() }
                }
                try await writer.finish(nil)
            })
    }
}
