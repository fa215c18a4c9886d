/// Bytes held in memory, handed out at most `chunkSize` at a time (tests use small chunks
/// to split lines across reads).
public final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0
    /// The most bytes one `read` returns.
    public let chunkSize: Int

    public init(_ bytes: [UInt8], chunkSize: Int = 1 << 16) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public convenience init(_ text: String, chunkSize: Int = 1 << 16) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOFailure) -> Int {
        let count = min(buffer.count, chunkSize, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

/// Collects every byte written, for tests.
public final class MemorySink: ByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []
    /// How many `write` calls happened (each flush of `eval` is one).
    public private(set) var writeCount = 0

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) {
        self.bytes.append(contentsOf: bytes)
        writeCount += 1
    }

    /// The bytes written, decoded as UTF-8 (invalid sequences repaired).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
