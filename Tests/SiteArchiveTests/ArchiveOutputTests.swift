import BuildEngine
import Dispatch
import Foundation
import SiteArchive
import Testing
import VitrineTestSupport

@Suite struct ArchiveOutputTests {
    let folder: URL
    let clock = Date(timeIntervalSince1970: 1_796_083_200)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// What is left in the folder besides `keeping`: staging files and streamed parts must not be.
    func leftovers(keeping: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !keeping.contains($0) }.sorted()
    }

    func page(_ number: Int) -> Data { Data("<p>page \(number)</p>\n".utf8) }

    @Test func entriesAreInSequenceOrderWhicheverWorkerHandsThemOverFirst() throws {
        defer { cleanUp() }
        let destination = folder.appendingPathComponent("site.tar")
        // A small window makes workers wait for the writer often; none may wait forever.
        let archive = try ArchiveOutput(destination: destination, modified: clock, window: 3)
        let count = 500
        DispatchQueue.concurrentPerform(iterations: count / 10) { chunk in
            for sequence in (chunk * 10)..<((chunk + 1) * 10) {
                #expect(archive.waitForRoom(before: sequence))
                if sequence % 7 == 3 {
                    archive.skip(sequence)
                } else {
                    archive.add(page(sequence), at: "p/\(sequence)/index.html", sequence: sequence)
                }
            }
        }
        try archive.finish(count: count)
        try archive.commit()
        let entries = try #require(TarContents.entries(of: destination))
        let expected = (0..<count).filter { $0 % 7 != 3 }
        #expect(entries.map(\.path) == expected.map { "p/\($0)/index.html" })
        #expect(entries.map(\.data) == expected.map(page))
        #expect(entries.allSatisfy { $0.mode == 0o100644 && $0.modified == 1_796_083_200 })
        #expect(try leftovers(keeping: ["site.tar"]).isEmpty)
    }

    @Test func streamedAndCopiedFilesAreCopiedWholeAndTheirPartsRemoved() throws {
        defer { cleanUp() }
        let source = folder.appendingPathComponent("photo.bin")
        let photo = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try photo.write(to: source)
        let destination = folder.appendingPathComponent("site.tar")
        let archive = try ArchiveOutput(destination: destination, modified: clock)
        // Larger than the writer's 1 MiB buffer, written in pieces as a feed is.
        let piece = Data(repeating: UInt8(ascii: "x"), count: 700_000)
        try archive.add(streaming: { sink in
            for _ in 0..<4 { piece.withUnsafeBytes { sink.write($0) } }
        }, at: "feeds/products.xml", sequence: 1)
        archive.addCopy(of: source.path, at: "images/photo.bin", sequence: 0)
        archive.add(Data(), at: "empty.txt", sequence: 2)
        try archive.finish(count: 3)
        try archive.commit()
        let entries = try #require(TarContents.entries(of: destination))
        #expect(entries.map(\.path) == ["images/photo.bin", "feeds/products.xml", "empty.txt"])
        #expect(entries[0].data == photo)
        #expect(entries[1].data.count == 2_800_000 && entries[1].data.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(entries[2].data.isEmpty)
        #expect(try leftovers(keeping: ["site.tar", "photo.bin"]).isEmpty)
    }

    @Test func longAndNonASCIIPathsSurviveAsTheyWereGiven() throws {
        defer { cleanUp() }
        let destination = folder.appendingPathComponent("site.tar")
        let long = "products/" + String(repeating: "very-long-slug-", count: 12) + "end/index.html"
        let accented = "products/crème-brûlée-lip-balm/index.html"
        let archive = try ArchiveOutput(destination: destination, modified: clock)
        archive.add(page(1), at: long, sequence: 0)
        archive.add(page(2), at: accented, sequence: 1)
        try archive.finish(count: 2)
        try archive.commit()
        #expect(long.utf8.count > 100, "longer than a plain tar header's name field")
        #expect(TarContents.entries(of: destination)?.map(\.path) == [long, accented])
    }

    @Test func theSameFilesGiveByteIdenticalArchives() throws {
        defer { cleanUp() }
        var bytes: [Data] = []
        for name in ["a.tar", "b.tar"] {
            let destination = folder.appendingPathComponent(name)
            let archive = try ArchiveOutput(destination: destination, modified: clock)
            archive.add(page(1), at: "products/" + String(repeating: "x", count: 120) + "/index.html", sequence: 0)
            archive.add(page(2), at: "products/café/index.html", sequence: 1)
            try archive.finish(count: 2)
            try archive.commit()
            bytes.append(try Data(contentsOf: destination))
        }
        #expect(bytes[0].count > 1024)
        #expect(bytes[0] == bytes[1], "no process id, time or user name in the headers")
    }

    /// Writes two pages into an archive at `name` in the test folder and returns its bytes.
    func archive(named name: String) throws -> Data {
        let destination = folder.appendingPathComponent(name)
        let archive = try ArchiveOutput(destination: destination, modified: clock)
        archive.add(page(1), at: "index.html", sequence: 0)
        archive.add(Data(String(repeating: "<p>a page</p>\n", count: 500).utf8), at: "products/café/index.html", sequence: 1)
        try archive.finish(count: 2)
        try archive.commit()
        return try Data(contentsOf: destination)
    }

    static let gzipMagic: [UInt8] = [0x1F, 0x8B, 0x08]
    static let zstdMagic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    @Test func eachKnownEndingIsCompressedAsItSaysAndReadsBackWhole() throws {
        defer { cleanUp() }
        let cases: [(String, ArchiveCompression, [UInt8]?)] = [
            ("site.tar", .none, nil), ("site.tar.gz", .gzip, Self.gzipMagic), ("site.tgz", .gzip, Self.gzipMagic),
            ("site.tar.zst", .zstd, Self.zstdMagic), ("site.tzst", .zstd, Self.zstdMagic), ("SITE.TAR.GZ", .gzip, Self.gzipMagic),
        ]
        for (name, compression, magic) in cases {
            #expect(ArchiveCompression(fileName: name) == compression, "\(name)")
            let bytes = try archive(named: name)
            if let magic {
                #expect(Array(bytes.prefix(magic.count)) == magic, "\(name) is \(compression)")
                #expect(bytes.count < 2_000, "\(name): a repeated page compresses (\(bytes.count) bytes)")
            } else {
                #expect(String(decoding: bytes[257..<262], as: UTF8.self) == "ustar", "\(name) is a plain tar")
            }
            let entries = try #require(TarContents.entries(of: folder.appendingPathComponent(name)), "\(name)")
            #expect(entries.map(\.path) == ["index.html", "products/café/index.html"], "\(name)")
            #expect(entries.first?.data == page(1) && entries.allSatisfy { $0.modified == 1_796_083_200 }, "\(name)")
        }
        #expect(try leftovers(keeping: Set(cases.map(\.0))).isEmpty)
    }

    /// gzip's header has a field for the time of writing and one for the file's name: a build a
    /// second later, under another name, must still give the same bytes.
    @Test func compressedArchivesAreByteIdenticalASecondApartUnderAnotherName() throws {
        defer { cleanUp() }
        for (first, second) in [("a.tar.gz", "b.tgz"), ("a.tar.zst", "b.tzst")] {
            let before = try archive(named: first)
            Thread.sleep(forTimeInterval: 1.1)
            let after = try archive(named: second)
            #expect(Array(before.prefix(2)) == [0x1F, 0x8B] || Array(before.prefix(4)) == Self.zstdMagic, "\(first) is compressed")
            #expect(before == after, "\(first) and \(second)")
            if first.hasSuffix(".gz") {
                #expect(before.count > 10 && before[3] & 0x08 == 0, "no file name in the gzip header")
                #expect(before.count > 10 && before[4..<8].allSatisfy { $0 == 0 }, "no time in the gzip header")
            }
        }
    }

    @Test func anUnknownEndingIsRefusedSayingWhichAreKnownAndThePreviousFileStays() throws {
        defer { cleanUp() }
        for name in ["site.zip", "site.tar.bz2", "site.gz", "site", "site.tar.gz.partial"] {
            let destination = folder.appendingPathComponent(name)
            try Data("previous".utf8).write(to: destination)
            #expect(ArchiveCompression(fileName: name) == nil, "\(name)")
            let error = try #require(throws: ArchiveError.self, "\(name)") {
                _ = try ArchiveOutput(destination: destination, modified: clock)
            }
            for ending in [".tar", ".tar.gz", ".tgz", ".tar.zst", ".tzst", "\"\(name)\""] {
                #expect(error.message.contains(ending), "\(name): \(error.message)")
            }
            #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        }
        #expect(try leftovers(keeping: ["site.zip", "site.tar.bz2", "site.gz", "site", "site.tar.gz.partial"]).isEmpty)
    }

    @Test func aFailedArchiveLeavesThePreviousFileAndNoPartsBehind() throws {
        defer { cleanUp() }
        let destination = folder.appendingPathComponent("site.tar")
        try Data("previous".utf8).write(to: destination)
        let archive = try ArchiveOutput(destination: destination, modified: clock)
        archive.add(page(0), at: "index.html", sequence: 0)
        try archive.add(streaming: { sink in
            Data("half a feed".utf8).withUnsafeBytes { sink.write($0) }
        }, at: "feeds/products.xml", sequence: 2)
        archive.abandon(TestFailure("rendering failed"))
        #expect(!archive.waitForRoom(before: 10_000), "no waiting, nor rendering, once the archive has failed")
        #expect(throws: TestFailure.self) { try archive.finish(count: 3) }
        archive.discard()
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(try leftovers(keeping: ["site.tar"]).isEmpty)
    }

    @Test func aWriteFailureReleasesWorkersWaitingForRoom() throws {
        defer { cleanUp() }
        let archive = try ArchiveOutput(destination: folder.appendingPathComponent("site.tar"), modified: clock, window: 1)
        let released = DispatchSemaphore(value: 0)
        let answer = Answer()
        Thread {
            answer.value = archive.waitForRoom(before: 5)
            released.signal()
        }.start()
        // The writer fails on the first file; the waiting worker's room never comes.
        archive.addCopy(of: folder.appendingPathComponent("missing.jpg").path, at: "images/missing.jpg", sequence: 0)
        #expect(released.wait(timeout: .now() + 10) == .success, "the waiting worker is woken by the failure")
        #expect(answer.value == false)
        #expect(throws: ArchiveError.self) { try archive.finish(count: 6) }
        archive.discard()
        #expect(try leftovers(keeping: []).isEmpty)
    }

    @Test func aFolderAtTheDestinationIsRefusedBeforeAnythingIsWritten() throws {
        defer { cleanUp() }
        let destination = folder.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        let error = try #require(throws: ArchiveError.self) { _ = try ArchiveOutput(destination: destination, modified: clock) }
        #expect(error.message.contains("is a folder"))
        #expect(try leftovers(keeping: ["public"]).isEmpty)
    }

    @Test func aFileThatCannotBeReadFailsTheArchiveWithItsPath() throws {
        defer { cleanUp() }
        let destination = folder.appendingPathComponent("site.tar")
        let archive = try ArchiveOutput(destination: destination, modified: clock)
        archive.addCopy(of: folder.appendingPathComponent("missing.jpg").path, at: "images/missing.jpg", sequence: 0)
        archive.add(page(1), at: "index.html", sequence: 1)
        let error = try #require(throws: ArchiveError.self) { try archive.finish(count: 2) }
        #expect(error.path == "images/missing.jpg")
        #expect(error.message.contains("No such file"))
        archive.discard()
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(try leftovers(keeping: []).isEmpty)
    }
}

/// What a waiting thread saw, read after the semaphore orders it.
private final class Answer: @unchecked Sendable {
    var value: Bool?
}
