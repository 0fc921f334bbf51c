import Foundation

/// How the service reaches Stripe, all from the environment: the keys never live in the repo or
/// on the command line, where `ps` and shell history would show them.
public struct StripeSettings: Sendable, Hashable {
    public static let secretKeyVariable = "STRIPE_SECRET_KEY"
    public static let webhookSecretVariable = "STRIPE_WEBHOOK_SECRET"
    /// For tests and a local stand-in; Stripe's own API otherwise.
    public static let apiBaseVariable = "STRIPE_API_BASE"
    public static let defaultAPIBase = "https://api.stripe.com"
    /// Where Stripe's hosted payment pages live: the summary page's form may be sent on there.
    static let hostedPageOrigin = "https://checkout.stripe.com"

    public var secretKey: String
    public var webhookSecret: String
    /// Without a trailing slash: `https://api.stripe.com`.
    public var apiBase: String

    public init(secretKey: String, webhookSecret: String, apiBase: String = defaultAPIBase) {
        self.secretKey = secretKey
        self.webhookSecret = webhookSecret
        self.apiBase = apiBase.hasSuffix("/") ? String(apiBase.dropLast()) : apiBase
    }

    /// Nil when `STRIPE_SECRET_KEY` is unset (the service shows the order summary, as before);
    /// a problem in words when the settings are there but cannot work.
    public static func resolve(_ environment: [String: String]) -> Result<StripeSettings?, StripeSettingsProblem> {
        guard let key = environment[secretKeyVariable], !key.isEmpty else { return .success(nil) }
        if key.hasPrefix("pk_") {
            return .failure(.init("\(secretKeyVariable) holds a publishable key (pk_…); the service needs the secret key, sk_test_… or sk_live_…"))
        }
        guard key.hasPrefix("sk_") || key.hasPrefix("rk_") else {
            return .failure(.init("\(secretKeyVariable) is not a Stripe secret key; it starts with sk_test_, sk_live_ or rk_ (a restricted key)"))
        }
        guard let secret = environment[webhookSecretVariable], secret.hasPrefix("whsec_") else {
            return .failure(
                .init(
                    "\(webhookSecretVariable) is not set (or does not start with whsec_): without it no payment would ever be recorded; "
                        + "it is the endpoint's signing secret in Stripe's dashboard, or what `stripe listen` prints"))
        }
        let base = environment[apiBaseVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultAPIBase
        guard let url = URL(string: base), url.scheme == "https" || url.scheme == "http", url.host != nil else {
            return .failure(.init("\(apiBaseVariable) must be an absolute http(s) URL, e.g. \(defaultAPIBase)"))
        }
        return .success(StripeSettings(secretKey: key, webhookSecret: secret, apiBase: base))
    }

    /// The origins a browser may be sent to after the summary page's Pay button: Stripe's hosted
    /// page, and a stand-in's when the API is not Stripe's.
    var paymentPageOrigins: [String] {
        guard apiBase != Self.defaultAPIBase, let origin = WebOrigin.of(apiBase) else { return [Self.hostedPageOrigin] }
        return [Self.hostedPageOrigin, origin]
    }
}

public struct StripeSettingsProblem: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
