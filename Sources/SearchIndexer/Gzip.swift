import CZlib

/// gzip through zlib, for the index files a query reads whole (lexicon blocks and facet columns):
/// a plain static server sends them as they are, and the page inflates them with the browser's own
/// `DecompressionStream`. The header carries no time and "unknown" as its system, so the same
/// bytes in give the same bytes out on every machine.
enum Gzip {
    static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard vitrine_deflate_init_gzip(&stream, level) == Z_OK else { fatalError("zlib: cannot start deflate") }
        defer { deflateEnd(&stream) }
        var header = gz_header()
        header.os = 255
        deflateSetHeader(&stream, &header)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "zlib: deflate did not finish (\(status))")
                return target.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// For readers of the index (tests); nil when the bytes are not a complete gzip stream.
    static func decompress(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard vitrine_inflate_init_auto(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = input
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (status, count) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                output += chunk[0..<count]
                if status == Z_STREAM_END { return output }
                if status != Z_OK { return nil }
            }
        }
    }
}
