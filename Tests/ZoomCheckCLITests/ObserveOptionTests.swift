import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// `check --observe DIR` and `replay --observe DIR`: a JSON-lines file per property and
/// implementation, and nothing else changed.
@Suite("zoomcheck check --observe", .tags(.cli)) struct ObserveOptionTests {
    /// A `--json` document with its timings set to 0 (as CI/libm-canary.sh compares them).
    static func withoutTimings(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8).replacing(
            /"(elapsedSeconds|milliseconds|seconds|durationMilliseconds)" *: *[0-9.e+-]+/, with: "\"timing\":0")
    }

    @Test("A file per property and implementation, schema-shaped lines; the --json report is unchanged")
    func observedCheck() throws {
        let directory = ObservationFiles.directory()
        let arguments = [
            "check", "--property", "bad-latitude-is-refused", "--property", "fit-takes-the-short-way", "--impl",
            "corrected", "--impl", "seed", "--cases", "500", "--regressions", directory + "-regressions",
        ]
        let plain = CheckCommandTests.run(arguments + ["--json", directory + "-plain.json"])
        let observed = CheckCommandTests.run(
            arguments + ["--json", directory + "-observed.json", "--observe", directory + "/obs"])
        #expect(plain.status == observed.status)
        #expect(try Self.withoutTimings(directory + "-plain.json") == Self.withoutTimings(directory + "-observed.json"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/obs").sorted()
        #expect(
            files == [
                "bad-latitude-is-refused@corrected.jsonl", "bad-latitude-is-refused@seed.jsonl",
                "fit-takes-the-short-way@corrected.jsonl", "fit-takes-the-short-way@seed.jsonl",
            ])
        let failing = try ObservationFiles.lines(directory + "/obs/bad-latitude-is-refused@seed.jsonl")
        let cases = failing.filter { $0["type"] as? String == "test_case" }
        #expect(cases.contains { $0["status"] as? String == "failed" })
        #expect(cases.contains { $0["how_generated"] as? String == "shrinking" })
        for line in cases {
            #expect(line["coverage"] is NSNull && line["arguments"] is [String: Any])
            #expect(["passed", "failed", "gave_up"].contains(line["status"] as? String))
            let metadata = try #require(line["metadata"] as? [String: String])
            #expect(metadata["implementation"] == "seed" && metadata["seed"] == "0x20100122")
            #expect(metadata["verdict_class"] != nil && metadata["replay"]?.contains("replay --property") == true)
        }
        let holding = try ObservationFiles.lines(directory + "/obs/bad-latitude-is-refused@corrected.jsonl")
        let passed = holding.filter { $0["type"] as? String == "test_case" && $0["status"] as? String == "passed" }
        #expect(passed.count >= 500)
        #expect(holding.first?["type"] as? String == "info" && holding.last?["title"] as? String == "lines left out")
    }

    @Test("replay --observe writes the replayed run's file") func observedReplay() throws {
        let directory = ObservationFiles.directory()
        let result = CheckCommandTests.run([
            "replay", "--property", "bad-latitude-is-refused", "--impl", "seed", "--seed", "0x20100122", "--cases",
            "300", "--observe", directory,
        ])
        // 1: the documented finding's failure reproduced.
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        let lines = try ObservationFiles.lines(directory + "/bad-latitude-is-refused@seed.jsonl")
        #expect(lines.contains { $0["status"] as? String == "failed" })
    }

    /// A scratch directory holding a file `a-file` (contents `x`), and a quick check's arguments:
    /// for the tests of an output directory that names a file.
    static func directoryWithFile() throws -> (directory: String, file: String, arguments: [String]) {
        let directory = ObservationFiles.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/a-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        return (
            directory, file, ["check", "--property", "bad-latitude-is-refused", "--impl", "corrected", "--cases", "10"]
        )
    }

    @Test("--observe naming a file, or nothing, is a usage error (64); a missing directory is created") func badPaths()
        throws
    {
        let (directory, file, arguments) = try Self.directoryWithFile()
        let onFile = CheckCommandTests.run(arguments + ["--observe", file])
        #expect(onFile.status == 64)
        #expect(onFile.errors.contains("--observe \(file): exists and is not a directory"), "\(onFile.errors)")
        #expect(CheckCommandTests.run(arguments + ["--observe", ""]).status == 64)
        #expect(CheckCommandTests.run(["check", "--list", "--observe", directory]).status == 64)
        let created = CheckCommandTests.run(arguments + ["--observe", directory + "/new/deeper"])
        #expect(created.status == 0, "\(created.errors)")
        #expect(
            FileManager.default.fileExists(atPath: directory + "/new/deeper/bad-latitude-is-refused@corrected.jsonl"))
    }
}
