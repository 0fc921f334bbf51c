import Hummingbird

extension Request {
    /// `?storefront=ko-kr`, lower-cased: a cart link and a review link name the storefront they
    /// were made in, whose language their pages and refusals are in.
    var storefrontParameter: String? { uri.queryParameters["storefront"].map { String($0).lowercased() } }
}
