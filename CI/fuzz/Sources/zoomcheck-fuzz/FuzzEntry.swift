import GoldenCorpus
import PropertyCheck
import ZoomCheckCLI

/// The libFuzzer entry point: every input goes through the three parsers that read what a
/// user or another program wrote — `zoomcheck eval`'s JSON-lines session (the bytes as
/// standard input), the golden-corpus parser, and the regression-file parser. A trap, a
/// crash or a hang in any of them is a finding; typed errors are the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // eval: the bytes as standard input, in two read sizes (a line split across reads).
    for chunk in [1 << 16, 7] {
        let sink = MemorySink()
        _ = try? EvalCommand.stream(from: MemorySource(bytes, chunkSize: chunk), to: sink)
    }
    // corpus files and regression files: any bytes as a file's contents.
    _ = try? CorpusParser.parse(bytes: bytes, file: "fuzz.zc")
    // Another program's answer line (`--impl exec:`).
    _ = ResponseObject.decode(bytes)
    _ = try? RegressionFile.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.regressions")
    return 0
}
