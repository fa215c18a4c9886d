import MercatorCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `eval` protocol over a byte stream: splits chunks into lines and answers each.
///
/// Feed it chunks as they are read (`consume`), take the responses after each chunk
/// (`takeOutput`), and call `finish` at end of input. Lines end at a line feed; a carriage
/// return before it is JSON whitespace, so CRLF input needs no special case. A final line
/// without a line feed is answered by `finish`. Complete lines are parsed in place in the
/// chunk; only a line split across chunks is copied.
///
/// A line longer than `maximumLineLength` bytes is not kept in memory: its bytes are
/// dropped as they arrive and it gets one `invalid-request` response at its end.
public struct EvalSession {
    /// The default longest line: 64 MiB (a `fit` of about two million points).
    public static let defaultMaximumLineLength = 64 << 20

    /// The longest line answered normally, in bytes (line feed excluded).
    public let maximumLineLength: Int
    /// The start of a line split across chunks.
    private var pending: [UInt8] = []
    /// Bytes of the current line seen so far when it is too long to keep.
    private var droppedLength = 0
    /// Responses not yet taken.
    private var writer = EvalResponseWriter()
    /// Bytes of a UTF-8 byte order mark matched at the start of the input (3: all of it,
    /// skipped, as corpus files skip it); nil once the first line's text has begun.
    private var byteOrderMarkSeen: Int? = 0
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// What `impl: "corrected"` (the default) answers with: the corrected core, or the core
    /// with freedoms taken (`zoomcheck eval --freedoms`).
    public let corrected: any ZoomImplementation

    public init(
        maximumLineLength: Int = defaultMaximumLineLength,
        corrected: any ZoomImplementation = BuiltInImplementations.corrected
    ) {
        self.maximumLineLength = max(0, maximumLineLength)
        self.corrected = corrected
    }

    /// Answers every line that `chunk` completes; keeps an unfinished last line.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
        var start = 0
        let count = chunk.count
        // A byte order mark before the first line (some editors and Windows tools write one)
        // is not part of the request; it may arrive split across reads.
        while let seen = byteOrderMarkSeen, start < count {
            if seen < 3, base[start] == Self.byteOrderMark[seen] {
                byteOrderMarkSeen = seen + 1
                start += 1
            } else {
                endByteOrderMark()
            }
        }
        while start < count {
            guard let found = memchr(base + start, Int32(ASCII.lineFeed), count - start) else {
                keep(UnsafeBufferPointer(start: base + start, count: count - start))
                return
            }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let piece = UnsafeBufferPointer(start: base + start, count: end - start)
            if pending.isEmpty, droppedLength == 0 {
                answer(piece)
            } else {
                keep(piece)
                finishLine()
            }
            start = end + 1
        }
    }

    /// Leaves the start of the input: a complete mark is dropped; the bytes of a partial
    /// one were text after all, and are kept as the start of the first line.
    private mutating func endByteOrderMark() {
        if let seen = byteOrderMarkSeen, seen < 3, seen > 0 {
            Self.byteOrderMark[..<seen].withUnsafeBufferPointer { keep($0) }
        }
        byteOrderMarkSeen = nil
    }

    /// Answers the final line if the input did not end with a line feed.
    public mutating func finish() {
        endByteOrderMark()
        if !pending.isEmpty || droppedLength > 0 { finishLine() }
    }

    /// The responses written since the last call, as bytes.
    public mutating func takeOutput() -> [UInt8] {
        let bytes = writer.bytes
        writer.removeAll()
        return bytes
    }

    /// Calls `body` with the responses written so far, then forgets them (no copy).
    public mutating func withOutput<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void)
        throws(Failure)
    {
        let result: Result<Void, Failure> = writer.bytes.withUnsafeBytes { bytes in
            do throws(Failure) {
                try body(bytes)
                return .success(())
            } catch { return .failure(error) }
        }
        writer.removeAll()
        try result.get()
    }

    /// The bytes of responses written and not yet taken.
    public var pendingOutputCount: Int { writer.bytes.count }

    /// Every response to `input`, as `consume` + `finish` would produce them.
    public static func responses(to input: [UInt8], maximumLineLength: Int = defaultMaximumLineLength) -> [UInt8] {
        var session = EvalSession(maximumLineLength: maximumLineLength)
        input.withUnsafeBytes { session.consume($0) }
        session.finish()
        return session.takeOutput()
    }

    // MARK: - Lines

    /// Adds part of an unfinished line, or counts it if the line is too long to keep.
    private mutating func keep(_ piece: UnsafeBufferPointer<UInt8>) {
        if droppedLength > 0 {
            droppedLength += piece.count
        } else if pending.count + piece.count > maximumLineLength {
            droppedLength = pending.count + piece.count
            pending = []
        } else {
            pending.append(contentsOf: piece)
        }
    }

    /// Answers the line collected in `pending` (or the dropped overlong line).
    private mutating func finishLine() {
        if droppedLength > 0 {
            writer.error(id: nil, Self.overlongFailure(maximumLineLength))
            droppedLength = 0
        } else {
            pending.withUnsafeBufferPointer { line in
                EvalEvaluator.respond(to: line, into: &writer, corrected: corrected)
            }
            pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
        }
    }

    /// Answers one complete line.
    private mutating func answer(_ line: UnsafeBufferPointer<UInt8>) {
        if line.count > maximumLineLength {
            writer.error(id: nil, Self.overlongFailure(maximumLineLength))
        } else {
            EvalEvaluator.respond(to: line, into: &writer, corrected: corrected)
        }
    }

    static func overlongFailure(_ limit: Int) -> EvalFailure { .invalidRequest("line is longer than \(limit) bytes") }
}
