import Hummingbird
import Logging

/// `vitrine checkout --verbose`: one line per request, Vitrine's own. Hummingbird's
/// `LogRequestsMiddleware` writes at the service log's level, which would have to be lowered for the
/// library's debug lines too; this writes at info through a copy of the request's logger (its
/// request id kept) lowered for this line alone, whatever `--log-level` the service has.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var logger = context.logger
        logger.logLevel = min(logger.logLevel, .info)
        logger.info(
            "Request",
            metadata: ["hb.request.method": .string(request.method.rawValue), "hb.request.path": .stringConvertible(request.uri)])
        return try await next(request, context)
    }
}
