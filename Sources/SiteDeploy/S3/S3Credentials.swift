/// The access key a deploy signs with, only ever from the environment (the variables the AWS CLI
/// and SDKs read), so a key never sits in a shop's repository or its command lines.
public struct S3Credentials: Sendable, Equatable, CustomStringConvertible {
    public var accessKeyID: String
    public var secretAccessKey: String
    public var sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and, for temporary credentials,
    /// `AWS_SESSION_TOKEN`; an error names every variable that is missing or empty.
    public init(environment: [String: String]) throws(DeployError) {
        let required = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]
        let missing = required.filter { environment[$0, default: ""].isEmpty }
        guard missing.isEmpty else {
            throw .target(
                "\(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") not set: an S3 deploy reads its access key "
                    + "from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials)")
        }
        let token = environment["AWS_SESSION_TOKEN"]
        self.init(
            accessKeyID: environment["AWS_ACCESS_KEY_ID"]!, secretAccessKey: environment["AWS_SECRET_ACCESS_KEY"]!,
            sessionToken: token?.isEmpty == false ? token : nil)
    }

    /// The key's id alone, so a log or a failed test's output never shows the secret.
    public var description: String { "access key \(accessKeyID)" }

    func signature(region: String) -> SignatureV4 {
        SignatureV4(accessKeyID: accessKeyID, secretAccessKey: secretAccessKey, sessionToken: sessionToken, region: region)
    }
}
