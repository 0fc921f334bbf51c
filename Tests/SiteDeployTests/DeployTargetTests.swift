import Foundation
import Testing

@testable import SiteDeploy

@Suite struct DeployTargetTests {
    @Test func sshTargetsNameUserHostPortAndFolder() throws {
        #expect(try DeployTarget.parse("ssh://deploy@shop.example.com:2222/srv/shop/") == .ssh(user: "deploy", host: "shop.example.com", port: 2222, path: "/srv/shop"))
        #expect(try DeployTarget.parse("ssh://shop.example.com/srv/shop") == .ssh(user: nil, host: "shop.example.com", port: nil, path: "/srv/shop"))
    }

    @Test func anSSHTargetWithoutAFolderIsRefusedWithAnExample() {
        #expect(throws: DeployError.self) { try DeployTarget.parse("ssh://shop.example.com") }
    }

    @Test func bucketsKeepTheirPrefixWithATrailingSlash() throws {
        #expect(try DeployTarget.parse("s3://beauty-and-me") == .s3(bucket: "beauty-and-me", prefix: ""))
        #expect(try DeployTarget.parse("s3://beauty-and-me/site/v1/") == .s3(bucket: "beauty-and-me", prefix: "site/v1/"))
    }

    @Test func anInvalidBucketNameIsRefused() {
        #expect(throws: DeployError.self) { try DeployTarget.parse("s3://Beauty_And_Me") }
        #expect(throws: DeployError.self) { try DeployTarget.parse("s3://ab") }
    }

    @Test func pathsAndFileURLsAreFolders() throws {
        #expect(try DeployTarget.parse("file:///srv/shop") == .folder(path: "/srv/shop"))
        #expect(try DeployTarget.parse("/srv/shop/") == .folder(path: "/srv/shop"))
    }

    @Test func anUnknownSchemeIsRefused() {
        #expect(throws: DeployError.self) { try DeployTarget.parse("ftp://shop.example.com/site") }
    }

    @Test func recordNamesDifferForDifferentTargetsAndAreFileNames() throws {
        let one = try DeployTarget.parse("ssh://a@h/srv/shop").recordName()
        let two = try DeployTarget.parse("ssh://a@h/srv/shop2").recordName()
        #expect(one != two)
        #expect(!one.contains("/"))
        let bucket = try DeployTarget.parse("s3://shop")
        #expect(bucket.recordName() != bucket.recordName(server: "http://127.0.0.1:9000"))
    }
}
