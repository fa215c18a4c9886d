import ZoomProtocol

/// `zoomcheck eval`'s JSON-lines session: the input as standard input. The first byte picks
/// the read size (1 to 256 bytes, or 64 KiB), so lines are also split across reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let chunk = data[0] == 0 ? 1 << 16 : Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var session = EvalSession()
    _ = try? session.serve(from: MemorySource(bytes, chunkSize: chunk), to: MemorySink(), chunkSize: chunk)
    return 0
}
