import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// Answers are matched by order; an `id` a program invents is a note, not
/// a verdict, at every window; answers out of order get one diagnosis, never "keeps state".
@Suite("Answers matched by order, whatever their ids say", .tags(.cli), .serialized) struct AnswerOrderTests {
    /// The Python example adapter, changed by `edits` (each a replacement of its source text).
    static func adapter(_ name: String, _ edits: [(String, String)]) throws -> String {
        var source = try String(contentsOfFile: TestPackage.pythonAdapter, encoding: .utf8)
        for (old, new) in edits {
            #expect(source.contains(old), "the adapter no longer holds \(old)")
            source = source.replacingOccurrences(of: old, with: new)
        }
        let path = RegressionsScratch.make() + "/\(name).py"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let echo = ("if request_id is not NO_ID:\n        answer = dict([(\"id\", request_id)]", "")
    /// Answers every line with `"id":7`.
    static func constantID() throws -> String {
        try adapter("constant-id", [(echo.0, "if True:\n        answer = dict([(\"id\", 7)]")])
    }

    /// Answers each chunk of input it reads rotated by one: the first answer last (so with
    /// one request at a time, in order).
    static func rotating(echoingIDs: Bool) throws -> String {
        let main = """
            def main():
                import os
                pending = b""
                while True:
                    chunk = os.read(0, 1 << 16)
                    if not chunk:
                        return 0
                    pending += chunk
                    lines = pending.split(b"\\n")
                    pending = lines.pop()
                    answers = [respond(line).encode("ascii") + b"\\n" for line in lines if line.strip()]
                    os.write(1, b"".join(answers[1:] + answers[:1]))


            if __name__ == "__main__":
            """
        var edits = [("if __name__ == \"__main__\":", main)]
        if !echoingIDs { edits.append((echo.0, "if False:\n        answer = dict([(\"id\", request_id)]")) }
        return try adapter(echoingIDs ? "rotating-ids" : "rotating", edits)
    }

    static func check(_ program: String, window: Int, json: String? = nil) -> (
        status: Int32, output: String, errors: String
    ) {
        CheckCommandTests.run(
            [
                "check", "--impl", "exec:python3 \(program)", "--property", "longitude-round-trip", "--cases", "40",
                "--window", String(window),
            ] + (json.map { ["--json", $0] } ?? []))
    }

    static func count(_ text: String, in output: String) -> Int { output.components(separatedBy: text).count - 1 }

    @Test(
        "An id the program invents: the same verdict at windows 1 and 256, and one note at each", arguments: [1, 256])
    func inventedID(window: Int) throws {
        let json = RegressionsScratch.make() + "/results.json"
        let result = Self.check(try Self.constantID(), window: window, json: json)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("\nlongitude-round-trip  holds\n"), "\(result.output)")
        #expect(Self.count("with id 7, an id it did not receive", in: result.output) == 1, "\(result.output)")
        #expect(!result.output.contains("keeps state"))
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let implementations = (document as? [String: Any])?["implementations"] as? [[String: Any]]
        let notes = implementations?.first?["notes"] as? [String] ?? []
        #expect(notes.filter { $0.contains("with id 7, an id it did not receive") }.count == 1, "\(notes)")
    }

    @Test("Answers out of order, ids echoed: noted once, the rest sent one at a time, the verdict of window 1")
    func outOfOrderWithIDs() throws {
        let result = Self.check(try Self.rotating(echoingIDs: true), window: 256)
        #expect(result.status == 0, "\(result.output)")
        #expect(Self.count("the id of a later request: answers must come in the order", in: result.output) == 1)
        #expect(!result.output.contains("keeps state"))
    }

    @Test("Answers out of order, no ids: one diagnosis, the batching, not state") func outOfOrderWithoutIDs() throws {
        let program = try Self.rotating(echoingIDs: false)
        #expect(Self.check(program, window: 1).status == 0)
        let result = Self.check(program, window: 256)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("answers depend on how requests are batched"), "\(result.output)")
        #expect(!result.output.contains("keeps state"))
    }
}
