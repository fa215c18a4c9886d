import Foundation
import Testing

/// Golden text files in `Tests/ZoomCheckCLITests/Golden/`: help and error texts as users see
/// them. A change to one is a test failure; to accept it, re-record on request with
/// `ZOOMCHECK_RECORD_GOLDEN=1 swift test --filter ZoomCheckCLITests` — which rewrites the
/// files and fails, so that a recording run never passes — and review the diff.
enum GoldenText {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        .path
    static var recording: Bool { ProcessInfo.processInfo.environment["ZOOMCHECK_RECORD_GOLDEN"] == "1" }

    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no golden file Golden/\(name).txt: record it with ZOOMCHECK_RECORD_GOLDEN=1" }
    }

    /// The golden text `name` (for tests that compare several outputs with one file).
    static func expected(_ name: String) throws -> String {
        let path = directory + "/\(name).txt"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Missing(name: name) }
        return text
    }

    /// Compares `text` with the golden file `name`, or records it (and fails) when asked.
    static func check(_ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = directory + "/\(name).txt"
        if recording {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                """
                re-recorded Golden/\(name).txt (a recording run always fails: review the diff and run again \
                without ZOOMCHECK_RECORD_GOLDEN)
                """, sourceLocation: sourceLocation)
            return
        }
        let golden = try expected(name)
        #expect(
            text == golden,
            "differs from Golden/\(name).txt (re-record with ZOOMCHECK_RECORD_GOLDEN=1 and review the diff)",
            sourceLocation: sourceLocation)
    }
}

@Suite("Golden help texts", .tags(.cli)) struct GoldenHelpTests {
    @Test(
        "Each help text is recorded",
        arguments: ["usage"] + ["check", "replay", "report", "corpus", "eval", "bench"].map { "help-\($0)" })
    func recorded(name: String) throws {
        let arguments = name == "usage" ? ["help"] : ["help", String(name.dropFirst("help-".count))]
        try GoldenText.check(ZoomCheckMainTests.run(arguments).output, against: name)
    }
}
