import Crypto
import Foundation
import Testing

@testable import SiteDeploy

/// Held to AWS's published examples: every expected canonical request, string to sign and
/// signature below is copied from AWS, none was computed by this code.
///
/// - S3: "Examples: Signature Calculations in AWS Signature Version 4" of the S3 API reference
///   (sig-v4-header-based-auth), whose secret has a `/` where the test suite's has a `+`.
/// - The generic `aws-sig-v4-test-suite` (as kept in awslabs/aws-c-auth's
///   tests/aws-signing-test-suite/v4), service "service". Its paths hold no `%`, where S3's
///   single encoding and the other services' double encoding agree.
@Suite struct SignatureV4Tests {
    // MARK: The S3 documentation's examples

    static let s3Example = SignatureV4(
        accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3")
    static let s3ExampleDate = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
    static let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// Checks the three published steps of one example: canonical request, string to sign, and
    /// the Authorization header's parts (AWS prints them with `,` alone; SDKs and the test suite
    /// with `, `; S3 takes both).
    func expectS3Example(
        method: String, url: String, headers: [String: String], payloadHash: String, canonicalRequest: String, stringToSign: String,
        signedHeaders: String, signature: String
    ) throws {
        let signer = Self.s3Example
        let url = try #require(URL(string: url))
        let stamp = SignatureV4.timestamp(Self.s3ExampleDate)
        #expect(stamp == "20130524T000000Z")
        let canonical = signer.canonicalRequest(
            method: method, url: url, headers: headers.merging(["x-amz-date": stamp]) { a, _ in a }, payloadHash: payloadHash)
        #expect(canonical.text == canonicalRequest)
        let scope = "20130524/us-east-1/s3/aws4_request"
        #expect(signer.stringToSign(canonicalRequest: canonical.text, timestamp: stamp, scope: scope) == stringToSign)
        let added = signer.authorization(method: method, url: url, headers: headers, payloadHash: payloadHash, date: Self.s3ExampleDate)
        #expect(added["x-amz-date"] == "20130524T000000Z")
        #expect(
            added["Authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        )
    }

    @Test func signsTheS3GetObjectExampleWithItsRangeHeader() throws {
        try expectS3Example(
            method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt",
            headers: ["Range": "bytes=0-9", "x-amz-content-sha256": Self.emptyHash], payloadHash: Self.emptyHash,
            canonicalRequest: """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """,
            stringToSign: """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
                """,
            signedHeaders: "host;range;x-amz-content-sha256;x-amz-date",
            signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func signsTheS3PutObjectExampleEncodingTheDollarInItsKey() throws {
        let payload = Data("Welcome to Amazon S3.".utf8)
        let payloadHash = SignatureV4.hex(SHA256.hash(data: payload))
        #expect(payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        try expectS3Example(
            method: "PUT", url: "https://examplebucket.s3.amazonaws.com/test$file.text",
            headers: [
                "Date": "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY", "x-amz-content-sha256": payloadHash,
            ],
            payloadHash: payloadHash,
            canonicalRequest: """
                PUT
                /test%24file.text

                date:Fri, 24 May 2013 00:00:00 GMT
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072
                x-amz-date:20130524T000000Z
                x-amz-storage-class:REDUCED_REDUNDANCY

                date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class
                44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072
                """,
            stringToSign: """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d
                """,
            signedHeaders: "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
            signature: "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test func signsTheS3GetBucketLifecycleExampleGivingAValuelessParameterAnEmptyValue() throws {
        try expectS3Example(
            method: "GET", url: "https://examplebucket.s3.amazonaws.com/?lifecycle", headers: ["x-amz-content-sha256": Self.emptyHash],
            payloadHash: Self.emptyHash,
            canonicalRequest: """
                GET
                /
                lifecycle=
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """,
            stringToSign: """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                9766c798316ff2757b517bc739a67f6213b4ab36dd5da2f94eaebf79c77395ca
                """,
            signedHeaders: "host;x-amz-content-sha256;x-amz-date",
            signature: "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    @Test func signsTheS3ListObjectsExampleWithItsQuery() throws {
        try expectS3Example(
            method: "GET", url: "https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J",
            headers: ["x-amz-content-sha256": Self.emptyHash], payloadHash: Self.emptyHash,
            canonicalRequest: """
                GET
                /
                max-keys=2&prefix=J
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """,
            stringToSign: """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7
                """,
            signedHeaders: "host;x-amz-content-sha256;x-amz-date",
            signature: "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    // MARK: The generic test suite

    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z

    func suiteAuthorization(_ url: String, method: String = "GET", headers: [String: String] = [:], sessionToken: String? = nil) throws
        -> [String: String]
    {
        let signer = SignatureV4(
            accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: sessionToken,
            region: "us-east-1", service: "service")
        return signer.authorization(
            method: method, url: try #require(URL(string: url)), headers: headers, payloadHash: Self.emptyHash, date: Self.suiteDate)
    }

    static func suiteHeader(_ signature: String, signedHeaders: String = "host;x-amz-date") -> String {
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=\(signedHeaders), Signature=\(signature)"
    }

    @Test func signsTheSuitesVanillaGet() throws {
        let added = try suiteAuthorization("https://example.amazonaws.com/")
        #expect(added["Authorization"] == Self.suiteHeader("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"))
        #expect(added["x-amz-date"] == "20150830T123600Z")
        #expect(added["x-amz-security-token"] == nil)
    }

    /// The suite's cases that differ only in their address: query order, unreserved characters,
    /// UTF-8 in the path and in a query name, a space before a trailing slash.
    @Test(arguments: [
        ("https://example.amazonaws.com/?Param2=value2&Param1=value1", "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        (
            "https://example.amazonaws.com/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"
        ),
        ("https://example.amazonaws.com/%E1%88%B4", "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"),
        ("https://example.amazonaws.com/example%20space/", "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741"),
        ("https://example.amazonaws.com/?%E1%88%B4=bar", "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
    ])
    func encodesAndSortsTheAddressAsTheSuiteDoes(address: String, signature: String) throws {
        let added = try suiteAuthorization(address)
        #expect(added["Authorization"] == Self.suiteHeader(signature))
    }

    @Test func trimsHeaderValuesAndCollapsesInnerSpaces() throws {
        let added = try suiteAuthorization("https://example.amazonaws.com/", headers: ["My-Header1": " value1", "My-Header2": "\"a   b   c\""])
        #expect(
            added["Authorization"]
                == Self.suiteHeader(
                    "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736", signedHeaders: "host;my-header1;my-header2;x-amz-date"))
    }

    @Test func sendsAndSignsTheSessionTokenOfTemporaryCredentials() throws {
        let token = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"
        let added = try suiteAuthorization("https://example.amazonaws.com/", sessionToken: token)
        #expect(added["x-amz-security-token"] == token)
        #expect(
            added["Authorization"]
                == Self.suiteHeader(
                    "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8", signedHeaders: "host;x-amz-date;x-amz-security-token"))
    }

    // MARK: Behaviour beyond the examples

    @Test func aPathSignsTheSameWhetherItsReservedCharactersArriveEscapedOrNot() throws {
        let plain = try suiteAuthorization("https://example.amazonaws.com/a$b/c'd")
        let escaped = try suiteAuthorization("https://example.amazonaws.com/a%24b/c%27d")
        #expect(plain["Authorization"] == escaped["Authorization"])
        let other = try suiteAuthorization("https://example.amazonaws.com/a$b/c'e")
        #expect(plain["Authorization"] != other["Authorization"])
    }

    @Test func headerNamesSignTheSameInAnyCase() throws {
        let lower = try suiteAuthorization("https://example.amazonaws.com/", headers: ["content-type": "text/html"])
        let mixed = try suiteAuthorization("https://example.amazonaws.com/", headers: ["Content-Type": "text/html"])
        #expect(lower["Authorization"] == mixed["Authorization"])
        #expect(mixed["Authorization"]?.contains("SignedHeaders=content-type;host;x-amz-date,") == true)
    }

    @Test func signsTheHostWithItsPortWhenTheURLHasOne() throws {
        let signer = Self.s3Example
        let url = try #require(URL(string: "http://127.0.0.1:5000/bucket/key"))
        let canonical = signer.canonicalRequest(method: "PUT", url: url, headers: [:], payloadHash: Self.emptyHash)
        #expect(canonical.text.contains("\nhost:127.0.0.1:5000\n"))
    }

    @Test func escapesEveryByteOutsideTheUnreservedSetInCapitals() {
        #expect(SignatureV4.uriEncode("a b+c!*'()é/") == "a%20b%2Bc%21%2A%27%28%29%C3%A9%2F")
        #expect(SignatureV4.uriEncode("a/b c", keepingSlashes: true) == "a/b%20c")
    }

    @Test func writesTheDateInUTCWithoutSeparators() {
        #expect(SignatureV4.timestamp(Date(timeIntervalSince1970: 1_440_938_160.9)) == "20150830T123600Z")
        #expect(SignatureV4.timestamp(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
    }
}
