#if canImport(Glibc)
    import Glibc
#endif
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// The exit status of `zoomcheck eval` (the session itself is tested in ZoomProtocolTests).
@Suite("Eval command", .tags(.cli)) struct EvalCommandTests {
    static let project = #"{"op":"project","lat":0,"lon":0}"#

    @Test("Eval exits 0 at end of input, whatever the lines held") func exitZero() {
        let output = MemorySink(), errors = MemorySink()
        let io = CommandIO(input: MemorySource("garbage\n\u{0}\n" + Self.project), output: output, errors: errors)
        #expect(ZoomCheckMain.run(["zoomcheck", "eval"], io: io) == 0)
        #expect(
            output.text.split(separator: "\n", omittingEmptySubsequences: false).count == 4,
            "three responses, each ending with a line feed")
        #expect(errors.bytes.isEmpty)
    }

    @Test("A closed standard output (EPIPE) ends eval with status 74, not a signal") func brokenPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let errors = MemorySink()
        let io = CommandIO(
            input: MemorySource(Self.project + "\n"),
            output: FileDescriptorSink(descriptor: ends[1], name: "standard output"), errors: errors)
        #expect(ZoomCheckMain.run(["zoomcheck", "eval"], io: io) == 74)
        #expect(errors.text.hasPrefix("zoomcheck eval: cannot write standard output: "))
        #expect(errors.text.split(separator: "\n").count == 1, "one EPIPE, one line: \(errors.text)")
    }

    @Test("An unreadable standard input ends eval with status 74") func unreadableInput() {
        let output = MemorySink(), errors = MemorySink()
        let io = CommandIO(
            input: FileDescriptorSource(descriptor: -1, name: "standard input"), output: output, errors: errors)
        #expect(ZoomCheckMain.run(["zoomcheck", "eval"], io: io) == 74)
        #expect(errors.text == "zoomcheck eval: cannot read standard input: Bad file descriptor\n")
    }
}
