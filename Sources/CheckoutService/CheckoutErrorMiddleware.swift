import CatalogModel
import Foundation
import HTTPTypes
import Logging
public import Hummingbird
import ShopStrings

/// Turns every refusal into `{error, message, details}` with its own status, including
/// Hummingbird's (unknown route, body too large). A browser following a link (`/cart/…`,
/// `/checkout/…`, Accept: text/html) gets the same message as a page instead of raw JSON.
struct CheckoutErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let page: SummaryPage

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as CheckoutError {
            return response(for: error, to: request)
        } catch let error as HTTPError {
            if error.status == .notFound, let allowed = Self.allowedMethods(forPath: request.uri.path) {
                var answer = response(for: .methodNotAllowed(request.method.rawValue, allowed: allowed), to: request)
                answer.headers[.allow] = allowed
                return answer
            }
            return response(for: .from(status: error.status, message: error.body), to: request)
        } catch let error as any HTTPResponseError {
            // NIO's "too many bytes" from collecting a body over the limit, among others.
            return response(for: .from(status: error.status, message: nil), to: request)
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            return response(for: .internalError, to: request)
        }
    }

    /// The router answers 404 for a known path with the wrong method; this tells 405 apart.
    static func allowedMethods(forPath path: String) -> String? {
        let methods = CheckoutRoute.all.filter { $0.matches(path: path) }.map(\.method)
        return methods.isEmpty ? nil : Set(methods).sorted().joined(separator: ", ")
    }

    func response(for error: CheckoutError, to request: Request) -> Response {
        let path = request.uri.path
        // A cart link and a review link name their storefront (`?storefront=ko-kr`): the refusal
        // is in its language.
        var error = error
        if [CheckoutRoute.cart, CheckoutRoute.reviewForm].contains(where: { path.hasPrefix("/" + $0.path("")) }) {
            error = error.about(storefront: request.storefrontParameter)
        }
        // The review form is for people only: its refusals are pages whatever the client accepts.
        if path.hasPrefix("/" + CheckoutRoute.reviewForm.path("")) {
            var response = ReviewDesk.html(page.renderReviewError(error), policy: page.reviewContentSecurityPolicy, status: error.status)
            if case .number(let seconds)? = error.details["retryAfter"] { response.headers[.retryAfter] = seconds }
            return response
        }
        let isPage = [CheckoutRoute.cart, CheckoutRoute.summary].contains { path.hasPrefix("/" + $0.path("")) }
        if isPage, request.headers[.accept]?.contains("text/html") == true {
            return Response(
                status: error.status,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .referrerPolicy: "no-referrer"],
                body: .init(byteBuffer: ByteBuffer(string: page.render(error: error))))
        }
        return Responses.json(error.body(in: page.strings.strings(storefront: error.storefront)), status: error.status)
    }
}

extension CheckoutError: HTTPResponseError {
    /// Thrown past the middleware (it never is), it still answers in the service's shape.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Responses.json(body, status: status)
    }

    /// `{error, message, details}`: every refusal has this shape.
    var body: JSONValue { body(in: nil) }

    /// The same, its `message` in the language of `strings` (the cart's storefront's); `error`
    /// stays the machine's.
    func body(in strings: ShopStrings?) -> JSONValue {
        ["error": .string(code), "message": .string(strings.map(message(in:)) ?? message), "details": details]
    }
}
