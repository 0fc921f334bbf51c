import Foundation
import Testing

@testable import SiteDeploy

@Suite struct S3LocationTests {
    @Test func addressesObjectsPathStyleUnderAWSsRegionalEndpoint() throws {
        let target = try DeployTarget.parse("s3://my-shop/site/en")
        guard case .s3(let bucket, let prefix) = target else {
            Issue.record("not an S3 target: \(target)")
            return
        }
        let location = try S3Location(bucket: bucket, prefix: prefix, region: "eu-west-1")
        #expect(location.key(for: "products/x/index.html") == "site/en/products/x/index.html")
        #expect(
            location.url(for: "products/x/index.html").absoluteString
                == "https://s3.eu-west-1.amazonaws.com/my-shop/site/en/products/x/index.html")
        #expect(location.description == "s3://my-shop/site/en/")
    }

    @Test func usesAGivenEndpointWithoutItsTrailingSlash() throws {
        let location = try S3Location(bucket: "shop", endpoint: "http://127.0.0.1:5000/")
        #expect(location.url(for: "index.html").absoluteString == "http://127.0.0.1:5000/shop/index.html")
        #expect(location.key(for: "index.html") == "index.html")
    }

    @Test func encodesKeysInTheURLAsTheSignatureDoes() throws {
        let location = try S3Location(bucket: "shop", prefix: "a b/")
        let url = location.url(for: "x$y/ä.html")
        #expect(url.path(percentEncoded: true) == "/shop/a%20b/x%24y/%C3%A4.html")
        #expect(SignatureV4.canonicalURI(url) == url.path(percentEncoded: true))
    }

    @Test func normalizesThePrefixToEndWithASlash() throws {
        #expect(try S3Location(bucket: "shop", prefix: "/site//en").prefix == "site/en/")
        #expect(try S3Location(bucket: "shop", prefix: "").prefix == "")
    }

    @Test func refusesDotFoldersInThePrefixWhichCurlWouldResolve() {
        #expect(throws: DeployError.self) { try S3Location(bucket: "shop", prefix: "site/../other/") }
        #expect(throws: DeployError.self) { try S3Location(bucket: "shop", prefix: "./site/") }
    }

    @Test func refusesAnEndpointThatIsNotAnHTTPServer() {
        for endpoint in ["ftp://example.com", "127.0.0.1:5000", "http://", "http://host/?x=1"] {
            #expect(throws: DeployError.self, "\(endpoint)") { try S3Location(bucket: "shop", endpoint: endpoint) }
        }
    }

    @Test func refusesARegionThatCannotBeOne() {
        #expect(throws: DeployError.self) { try S3Location(bucket: "shop", region: "EU West") }
        #expect(throws: DeployError.self) { try S3Location(bucket: "shop", region: "") }
    }

    @Test func takesTheRegionFromAWSRegionThenAWSDefaultRegion() {
        #expect(S3Location.region(in: ["AWS_REGION": "eu-central-1", "AWS_DEFAULT_REGION": "us-west-2"]) == "eu-central-1")
        #expect(S3Location.region(in: ["AWS_REGION": "", "AWS_DEFAULT_REGION": "us-west-2"]) == "us-west-2")
        #expect(S3Location.region(in: [:]) == "us-east-1")
    }
}

@Suite struct S3CredentialsTests {
    @Test func readsTheKeyAndTheSessionTokenFromTheEnvironment() throws {
        let credentials = try S3Credentials(environment: [
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "token",
        ])
        #expect(credentials == S3Credentials(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "token"))
        #expect(try S3Credentials(environment: ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": ""])
            .sessionToken == nil)
    }

    @Test func aMissingVariableIsNamedInTheError() {
        func message(_ environment: [String: String]) -> String {
            do {
                _ = try S3Credentials(environment: environment)
                return "no error"
            } catch {
                return error.description
            }
        }
        let noSecret = message(["AWS_ACCESS_KEY_ID": "AKID"])
        #expect(noSecret.hasPrefix("AWS_SECRET_ACCESS_KEY is not set"))
        let emptyKey = message(["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "secret"])
        #expect(emptyKey.hasPrefix("AWS_ACCESS_KEY_ID is not set"))
        #expect(message([:]).hasPrefix("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set"))
    }

    @Test func neverPrintsTheSecret() {
        let credentials = S3Credentials(accessKeyID: "AKID", secretAccessKey: "very-secret")
        #expect(!"\(credentials)".contains("very-secret"))
        #expect(!String(reflecting: credentials).contains("very-secret"))
    }
}
