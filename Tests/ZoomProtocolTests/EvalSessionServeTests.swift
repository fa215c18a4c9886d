#if canImport(Glibc)
    import Glibc
#endif
import Testing
import TestSupport
@testable import ZoomProtocol

/// Lines, chunks and flushing of an `eval` session served over byte streams.
@Suite("Eval streaming", .tags(.jsonLines)) struct EvalSessionServeTests {
    static let project = #"{"op":"project","lat":0,"lon":0}"#
    static let projected = #"{"x":268435456,"y":268435456}"#

    @Test("Blank and whitespace-only lines get no response") func blankLines() {
        #expect(EvalHarness.responses(text: "\n\n  \t \n\r\n" + Self.project + "\n\n") == [Self.projected])
        #expect(EvalHarness.responses(text: "") == [])
        #expect(EvalHarness.responses(text: "   ") == [])
    }

    @Test("CRLF line ends are accepted") func crlf() {
        #expect(
            EvalHarness.responses(text: Self.project + "\r\n" + Self.project + "\r\n") == [
                Self.projected, Self.projected,
            ])
    }

    @Test("A final line without a line feed is answered") func finalLine() {
        #expect(EvalHarness.responses(text: Self.project + "\n" + Self.project) == [Self.projected, Self.projected])
        #expect(EvalHarness.responses(text: "{").count == 1)
    }

    @Test("Output is the same whatever the read chunk size", arguments: [1, 2, 3, 7, 64, 1 << 16]) func chunking(
        chunkSize: Int
    ) throws {
        let input = [Self.project, "", #"{"id":"é","op":"fit","points":[[1,2]]}"#, "bad", "\r", Self.project].joined(
            separator: "\n")
        let expected = EvalHarness.responses(text: input)
        #expect(expected.count == 4)
        let output = MemorySink()
        var session = EvalSession()
        try session.serve(from: MemorySource(input, chunkSize: chunkSize), to: output, chunkSize: chunkSize)
        #expect(EvalHarness.lines(of: output.bytes) == expected)
    }

    @Test("Responses are flushed after each chunk read, not only at the end") func flushPerChunk() throws {
        let input = String(repeating: Self.project + "\n", count: 10)
        let output = MemorySink()
        var session = EvalSession()
        try session.serve(from: MemorySource(input, chunkSize: Self.project.utf8.count + 1), to: output)
        #expect(output.writeCount == 10)
        #expect(EvalHarness.lines(of: output.bytes) == Array(repeating: Self.projected, count: 10))
    }

    @Test("A line longer than the limit gets one error and the stream goes on", arguments: [1, 5, 1 << 16])
    func overlongLine(chunkSize: Int) throws {
        let long = #"{"op":"fit","points":["# + Array(repeating: "[1,2]", count: 40).joined(separator: ",") + "]}"
        let input = [Self.project, long, Self.project, long].joined(separator: "\n")
        let output = MemorySink()
        var session = EvalSession(maximumLineLength: 100)
        try session.serve(from: MemorySource(input, chunkSize: chunkSize), to: output, chunkSize: chunkSize)
        let tooLong = #"{"error":{"code":"invalid-request","message":"line is longer than 100 bytes"}}"#
        #expect(EvalHarness.lines(of: output.bytes) == [Self.projected, tooLong, Self.projected, tooLong])
    }

    @Test("A very long valid line is answered") func longLine() {
        let points = Array(repeating: "[1,2]", count: 200_000).joined(separator: ",")
        #expect(
            EvalHarness.response(#"{"op":"fit","points":["# + points + "]}")
                == #"{"lat":1,"lon":2,"latitudeDelta":0.014,"longitudeDelta":0.014,"valid":true}"#)
    }

    @Test("Eval reads a real file descriptor") func fileDescriptorInput() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let input = Array((Self.project + "\n" + Self.project).utf8)
        #expect(input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == input.count)
        close(ends[1])
        defer { close(ends[0]) }
        let output = MemorySink()
        var session = EvalSession()
        try session.serve(from: FileDescriptorSource(descriptor: ends[0], name: "standard input"), to: output)
        #expect(EvalHarness.lines(of: output.bytes) == [Self.projected, Self.projected])
    }

    @Test(
        """
        A UTF-8 byte order mark before the first line is skipped, whole or split across reads; elsewhere, or \
        partial, it is text
        """) func byteOrderMark()
    {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let input = mark + Array((Self.project + "\n" + Self.project + "\n").utf8)
        #expect(EvalHarness.responses(bytes: input) == [Self.projected, Self.projected])
        for split in 1...3 {
            var session = EvalSession()
            input[..<split].withUnsafeBytes { session.consume($0) }
            input[split...].withUnsafeBytes { session.consume($0) }
            session.finish()
            #expect(
                EvalHarness.lines(of: session.takeOutput()) == [Self.projected, Self.projected],
                "split after \(split) bytes")
        }
        // A mark on the second line, or two bytes of one, are not skipped: invalid-request.
        let second = EvalHarness.responses(
            bytes: Array((Self.project + "\n").utf8) + mark + Array((Self.project + "\n").utf8))
        #expect(second.count == 2 && second[1].contains("invalid-request"))
        #expect(
            EvalHarness.responses(bytes: [0xEF, 0xBB] + Array((Self.project + "\n").utf8)).first?.contains(
                "invalid-request") == true)
    }
}
