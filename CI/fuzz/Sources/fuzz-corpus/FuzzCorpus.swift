import FuzzedGoldenCorpus

/// The golden-corpus parser: the input as a file's contents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? CorpusParser.parse(bytes: Array(UnsafeBufferPointer(start: data, count: size)), file: "fuzz.zc")
    return 0
}
