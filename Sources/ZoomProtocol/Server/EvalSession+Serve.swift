/// The read–answer–write loop of an `eval` session over byte streams.
extension EvalSession {
    /// Bytes asked of each `read` of the input by default: 256 KiB.
    public static let defaultReadChunkSize = 1 << 18

    /// Answers every line of `input` on `output`, writing the responses after each chunk
    /// read, and the answer to a final line without a line feed at end of input.
    ///
    /// - Parameters:
    ///   - input: Where the request lines come from, read until it reports end of input.
    ///   - output: Where the responses go, written after each chunk read.
    ///   - chunkSize: Bytes asked of each `read` (at least 1).
    /// - Throws: The first read or write failure; responses to lines already read are
    ///   written before a read failure is reported.
    public mutating func serve(
        from input: any ByteSource, to output: any ByteSink, chunkSize: Int = defaultReadChunkSize
    ) throws(IOFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do { count = try input.read(into: buffer) } catch {
                finish()
                try flush(to: output)
                throw error
            }
            if count == 0 { break }
            consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            try flush(to: output)
        }
        finish()
        try flush(to: output)
    }

    /// Writes the responses not yet taken to `output`.
    private mutating func flush(to output: any ByteSink) throws(IOFailure) {
        guard pendingOutputCount > 0 else { return }
        try withOutput { (bytes) throws(IOFailure) in try output.write(bytes) }
    }
}
