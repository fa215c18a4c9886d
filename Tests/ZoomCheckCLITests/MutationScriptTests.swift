import Foundation
import Testing
import TestSupport

/// `CI/mutation/run.py` refuses what it cannot do, and runs from a
/// temporary directory whose path holds a space.
@Suite(
    "The mutation script's arguments and paths", .tags(.cli), .serialized,
    .enabled(
        if: ExternalImplementationTests.binaryExists
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
        "needs python3 and .build/debug/zoomcheck")) struct MutationScriptTests
{
    static let script = TestPackage.path("CI/mutation/run.py")

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try BinaryRun.shell("python3 '\(script)' " + quoted.joined(separator: " "), environment: environment)
    }

    @Test(
        "--part outside 1 ≤ K ≤ N and an unknown --only key are usage errors, not a wrong selection",
        arguments: [["--part", "0/1"], ["--part", "2/1"], ["--part", "1/0"], ["--part", "x"], ["--only", "typo"]])
    func badSelection(_ arguments: [String]) throws {
        let result = try Self.run(arguments + ["--list"])
        #expect(result.status == 2, "\(result.output)\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(arguments[0] == "--part" ? "--part takes K/N" : "no mutant is named typo"))
        #expect(!result.errors.contains("Traceback"))
    }

    /// `--merge-parts` with no part files rewrote the committed report, then
    /// stopped with a traceback. Run on a copy of the scripts, so that a failure cannot touch
    /// the checkout's record.
    @Test("--merge-parts with a part file missing: exit 2 naming it, the record and the report untouched")
    func mergeWithoutParts() throws {
        let root = RegressionsScratch.make()
        let files = [
            "CI/mutation/run.py", "CI/mutation/mutants.py", "CI/mutation/differential.py", "CI/mutation/results.tsv",
            "CI/mutation/explanations.tsv", "Examples/python-adapter/zoomcheck_adapter.py",
            "Documentation/mutation-report.md",
        ]
        for file in files {
            let copy = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestPackage.path(file), toPath: copy)
        }
        try "".write(toFile: root + "/CI/mutation/results.tsv.part1", atomically: true, encoding: .utf8)
        let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)) }
        for parts in ["2", "-1"] {
            let result = try BinaryRun.shell("python3 '\(root)/CI/mutation/run.py' --merge-parts \(parts)")
            #expect(result.status == 2, "\(result.output)\(result.errors)")
            #expect(!result.errors.contains("Traceback"), "\(result.errors)")
            #expect(result.errors.contains(parts == "2" ? "no part file CI/mutation/results.tsv.part2" : "1 or more"))
        }
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)) } == before)
        #expect(FileManager.default.fileExists(atPath: root + "/CI/mutation/results.tsv.part1"))
    }

    @Test("With a space in TMPDIR a mutant is run, not stillborn") func spaceInTemporaryDirectory() throws {
        let directory = RegressionsScratch.make() + "/with space"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let key = try #require(
            try Self.run(["--list"]).output.split(separator: "\n").first?.split(separator: "\t").first)
        let result = try Self.run(
            ["--zoomcheck", ExternalImplementationTests.binary, "--only", String(key), "--cases", "20"],
            environment: ["TMPDIR": directory])
        #expect(result.output.contains("0 stillborn"), "\(result.output)\(result.errors)")
        #expect(!result.output.contains("] \(key) stillborn"))
    }
}

/// `CI/regenerate.sh --check` shortens the failure example's replay line
/// whatever the binary is called and wherever it lives (`CI/shorten-replay.sed`).
@Suite("The failure example's replay line, shortened", .tags(.cli)) struct ShortenReplayTests {
    @Test(
        "Any binary name, a path with a space: the line reads `replay: zoomcheck replay`",
        arguments: [
            "/work/x/.build/debug/zoomcheck", "/tmp/zc-musl", "'/tmp/my dir/zoomcheck'", "swift run zoomcheck",
            "swift run -c release zoomcheck",
        ]) func shortened(binary: String) throws
    {
        let line = """
                  replay: \(binary) replay --property fit-covers-every-point --impl seed --seed 0x0000000020100122 \
            --cases 10000 --regressions Corpus/regressions
            """
        let result = try BinaryRun.shell(
            "printf '%s\\n' \"$LINE\" | sed -E -f '\(TestPackage.path("CI/shorten-replay.sed"))'",
            environment: ["LINE": line])
        #expect(
            result.output == """
                      replay: zoomcheck replay --property fit-covers-every-point --impl seed --seed 0x0000000020100122 \
                --cases 10000

                """, "\(result.errors)")
    }
}
