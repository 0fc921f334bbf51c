import Foundation
import Testing

@testable import SiteDeploy

/// A folder of releases on this machine: the same scripts as over ssh, run by /bin/sh, with rsync.
@Suite struct ReleaseFolderTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("releases-\(UUID().uuidString)")
    var site: URL { root.appendingPathComponent("site") }
    var base: String { root.appendingPathComponent("target").path }
    var releases: ReleaseFolder { ReleaseFolder(host: ReleaseHost(access: .local, base: base)) }

    func write(_ text: String, to path: String) throws {
        let file = site.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func served(_ path: String) throws -> String {
        try String(contentsOfFile: base + "/current/" + path, encoding: .utf8)
    }

    func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    @Test func aSecondReleaseSharesUnchangedFilesAndReplacesChangedOnesWithoutTouchingTheFirst() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write("old", to: "index.html")
        try write("same", to: "style.css")
        try write("gone", to: "products/x/index.html")
        let first = try DeployManifest.scan(site)
        let one = try releases.publish(
            DeployPlan.between(deployed: nil, current: first, folder: site), current: first, linkFrom: nil, keep: 5,
            now: Date(timeIntervalSince1970: 1_796_083_200))
        #expect(one.release == "20261201T000000.000Z")
        #expect(try served("index.html") == "old")

        try write("new", to: "index.html")
        try FileManager.default.removeItem(at: site.appendingPathComponent("products"))
        let second = try DeployManifest.scan(site)
        let plan = DeployPlan.between(deployed: first, current: second, folder: site)
        let two = try releases.publish(plan, current: second, linkFrom: one.release, keep: 5, now: Date(timeIntervalSince1970: 1_796_083_200))
        #expect(two.release == "20261201T000000.000Z-2")
        #expect(try served("index.html") == "new")
        #expect(!FileManager.default.fileExists(atPath: base + "/current/products"))
        let oldRelease = base + "/releases/\(one.release)/"
        let newRelease = base + "/releases/\(two.release)/"
        #expect(try String(contentsOfFile: oldRelease + "index.html", encoding: .utf8) == "old")
        #expect(try inode(oldRelease + "style.css") == inode(newRelease + "style.css"))
        #expect(try releases.state() == .init(current: two.release, releases: [one.release, two.release]))
    }

    @Test func rollbackPointsCurrentAtThePreviousRelease() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var names: [String] = []
        var deployed: DeployManifest?
        for text in ["one", "two"] {
            try write(text, to: "index.html")
            let manifest = try DeployManifest.scan(site)
            let report = try releases.publish(
                DeployPlan.between(deployed: deployed, current: manifest, folder: site), current: manifest, linkFrom: names.last,
                keep: 5, now: Date())
            names.append(report.release)
            deployed = manifest
        }
        let (from, to) = try releases.rollback()
        #expect((from, to) == (names[1], names[0]))
        #expect(try served("index.html") == "one")
        #expect(throws: DeployError.self) { try releases.rollback() }
    }

    @Test func onlyTheNewestReleasesAreKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var last: String?
        for number in 0..<4 {
            try write("\(number)", to: "index.html")
            let manifest = try DeployManifest.scan(site)
            last = try releases.publish(
                DeployPlan.between(deployed: nil, current: manifest, folder: site), current: manifest, linkFrom: nil, keep: 2,
                now: Date(timeIntervalSince1970: 1_796_083_200 + Double(number))
            ).release
        }
        let state = try releases.state()
        #expect(state.releases.count == 2)
        #expect(state.current == last)
    }

    @Test func foldersLeftEmptyAreRemovedDeepestFirst() {
        let current = DeployManifest(entries: ["a/keep.txt": .init(size: 1, digest: "")])
        #expect(
            ReleaseFolder.emptiedFolders(deletions: ["a/b/c/x.html", "a/b/y.html", "d/z.html"], current: current) == [
                "a/b/c", "a/b", "d",
            ])
    }

    @Test func awkwardWordsAreQuotedForTheShell() {
        #expect(ReleaseHost.quoted("/srv/shop") == "/srv/shop")
        #expect(ReleaseHost.quoted("it's here") == "'it'\\''s here'")
        #expect(ReleaseHost.quoted("") == "''")
    }
}
