import ZoomProtocol

/// An exec: program's answer line, as `check --impl exec:` decodes it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = ResponseObject.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
