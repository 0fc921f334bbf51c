/// Packs encoded postings into posting files and the sorted words into lexicon blocks.
///
/// A query fetches the lexicon block(s) that can hold its words, then only the posting files those
/// words point to. Small postings (a word in a few products, such as a SKU number) sit inline in
/// the lexicon and cost no extra request; big ones get a file of their own, so a query never
/// downloads a large neighbour it does not need. A block, gzip-compressed in its file, is:
///
///     varint  words
///     varint  posting files it points into, then each file's 16-digit hash in ASCII
///     varint  offset of its first posting in the first of those files
///     per word (sorted by UTF-8 bytes): varint bytes shared with the previous word, varint suffix
///         length, the suffix, varint tag = length << 2 | kind, where kind 0 = next in the current
///         file, 1 = inline (the posting follows), 2 = first in the next file of the list
struct LexiconLayout {
    struct Block {
        var firstTerm: String
        var bytes: [UInt8]
    }

    var postingFiles: [(hash: String, bytes: [UInt8])] = []
    var blocks: [Block] = []

    struct Limits {
        /// Postings up to this size are stored in the lexicon.
        var inline = 24
        /// A posting file is closed once it would grow past this.
        var postingFile = 12 * 1024
        /// A lexicon block is closed once it reaches this.
        var block = 16 * 1024
    }

    private enum Place { case inline, file(Int, offset: Int) }

    init(terms: [String], postings: [[UInt8]], limits: Limits = Limits()) {
        var places: [Place] = []
        places.reserveCapacity(terms.count)
        var files: [[UInt8]] = []
        var current: [UInt8] = []
        func closeFile() {
            if !current.isEmpty { files.append(current) }
            current = []
        }
        for posting in postings {
            if posting.count <= limits.inline {
                places.append(.inline)
                continue
            }
            if posting.count >= limits.postingFile / 2 {
                closeFile()
                places.append(.file(files.count, offset: 0))
                current = posting
                closeFile()
                continue
            }
            if current.count + posting.count > limits.postingFile { closeFile() }
            places.append(.file(files.count, offset: current.count))
            current += posting
        }
        closeFile()
        postingFiles = files.map { (ContentHash.hex($0), $0) }

        var body = ByteWriter()
        var blockFirst = 0
        var firstFile: Int?
        var lastFile = -1
        var startOffset = 0
        var previous: [UInt8] = []
        func closeBlock(upTo end: Int) {
            guard end > blockFirst else { return }
            var block = ByteWriter()
            block.varint(end - blockFirst)
            let fileRange = firstFile.map { $0..<(lastFile + 1) } ?? 0..<0
            block.varint(fileRange.count)
            for index in fileRange { block.append(contentsOf: postingFiles[index].hash.utf8) }
            block.varint(startOffset)
            block.append(contentsOf: body.bytes)
            blocks.append(Block(firstTerm: terms[blockFirst], bytes: block.bytes))
            body = ByteWriter()
            blockFirst = end
            firstFile = nil
            previous = []
        }
        for (index, term) in terms.enumerated() {
            let word = Array(term.utf8)
            var shared = 0
            while shared < min(word.count, previous.count), word[shared] == previous[shared] { shared += 1 }
            body.varint(shared)
            body.varint(word.count - shared)
            body.append(contentsOf: word[shared...])
            previous = word
            let posting = postings[index]
            switch places[index] {
            case .inline:
                body.varint(posting.count << 2 | 1)
                body.append(contentsOf: posting)
            case .file(let file, let offset):
                if firstFile == nil {
                    firstFile = file
                    startOffset = offset
                    body.varint(posting.count << 2 | 2)
                } else if file != lastFile {
                    body.varint(posting.count << 2 | 2)
                } else {
                    body.varint(posting.count << 2)
                }
                lastFile = file
            }
            if body.bytes.count >= limits.block { closeBlock(upTo: index + 1) }
        }
        closeBlock(upTo: terms.count)
    }
}
