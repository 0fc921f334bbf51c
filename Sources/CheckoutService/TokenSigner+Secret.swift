extension TokenSigner {
    public static let secretVariable = "VITRINE_CHECKOUT_SECRET"
    /// 32 bytes is HMAC-SHA256's own key size; a shorter secret would be the weakest link.
    public static let minimumSecretBytes = 32

    /// Why the service cannot sign links with what it was given.
    public struct SecretProblem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The signer for `VITRINE_CHECKOUT_SECRET`, or with `dev` and no secret an ephemeral one and
    /// a note saying so. Without either the service must not start: links it signed with a key
    /// nobody else has would break on the next restart and on every other instance.
    public static func resolve(secret: String?, dev: Bool) -> Result<(signer: TokenSigner, note: String?), SecretProblem> {
        guard let secret, !secret.isEmpty else {
            if dev {
                return .success((
                    .ephemeral(),
                    "--dev: signing with an ephemeral key; links stop working when this process ends. "
                        + "Set \(secretVariable) to keep them across restarts and instances."
                ))
            }
            return .failure(SecretProblem(description:
                "\(secretVariable) is not set; set it to a random secret of at least \(minimumSecretBytes) bytes "
                + "(e.g. `openssl rand -base64 48`), the same for every instance, or pass --dev for an ephemeral key"))
        }
        guard secret.utf8.count >= minimumSecretBytes else {
            return .failure(SecretProblem(description:
                "\(secretVariable) is \(secret.utf8.count) bytes long; use at least \(minimumSecretBytes) random bytes "
                + "(e.g. `openssl rand -base64 48`)"))
        }
        return .success((TokenSigner(secret: secret), dev ? "--dev: using \(secretVariable) as the signing key" : nil))
    }
}
