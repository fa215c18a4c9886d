import PropertyCheck

/// The regression-file parser: the input as a file's contents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? RegressionFile.parse(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self), file: "fuzz.regressions")
    return 0
}
