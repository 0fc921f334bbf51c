import BuildEngine
import Foundation
import Testing

@Suite struct OutputSinkTests {
    @Test func aMemorySinkKeepsEveryPieceInOrder() {
        let sink = OutputSink.memory()
        for piece in ["<rss>", "", "é", "</rss>\n"] { Array(piece.utf8).withUnsafeBytes { sink.write($0) } }
        #expect(String(decoding: sink.data, as: UTF8.self) == "<rss>é</rss>\n")
        #expect(sink.failure == nil)
    }

    @Test func aFileSinkWritesPiecesOneAfterAnother() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        let sink = OutputSink(descriptor: descriptor)
        let big = [UInt8](repeating: 65, count: 100_000)
        big.withUnsafeBytes { sink.write($0) }
        Array("end".utf8).withUnsafeBytes { sink.write($0) }
        sink.flush()
        close(descriptor)
        #expect(sink.failure == nil)
        #expect(FileManager.default.contents(atPath: path) == Data(big + Array("end".utf8)))
    }

    @Test func aFailedWriteIsKeptAndLaterPiecesDropped() {
        let sink = OutputSink(descriptor: -1)
        Array("x".utf8).withUnsafeBytes { sink.write($0) }
        sink.flush()
        #expect(sink.failure == EBADF)
        Array("y".utf8).withUnsafeBytes { sink.write($0) }
        sink.flush()
        #expect(sink.failure == EBADF)
    }

    /// Small pieces are gathered and written together; a piece larger than the gathering size
    /// goes straight after what was gathered, so the file keeps the pieces' order.
    @Test func aFileSinkGathersSmallPiecesAndKeepsOrderAroundLargeOnes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        let sink = OutputSink(descriptor: descriptor)
        var expected: [UInt8] = []
        for index in 0..<3_000 {
            let piece = [UInt8](repeating: UInt8(97 + index % 26), count: index == 1_500 ? 3 << 20 : 4_096)
            expected += piece
            piece.withUnsafeBytes { sink.write($0) }
        }
        #expect(FileManager.default.contents(atPath: path)!.count < expected.count, "the last pieces wait for flush")
        sink.flush()
        #expect(sink.failure == nil)
        #expect(FileManager.default.contents(atPath: path) == Data(expected))
    }
}
