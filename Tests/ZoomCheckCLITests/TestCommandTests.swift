import Foundation
import PropertyCheck
import Testing
import TestSupport

@testable import ZoomCheckCLI

/// A Swift Testing replay line (`ZOOMCHECK_SEED=… zoomcheck test 'Suite/test()'`) run for
/// real by `/bin/sh`, with the built `zoomcheck` on the PATH and a stand-in `swift` that
/// prints what `swift test` prints: the report (whose last line is this very replay line)
/// and Swift Testing's run summary, and records the arguments it was given.
@Suite("zoomcheck test: replay lines of Swift Testing tests", .tags(.cli)) struct TestCommandTests {
    static let line = ReplayCommand.swiftTest(selecting: "ExampleTests.Suite/roundTrip()/File.swift:3:4").command(
        propertyName: "round trip", seed: 0x2A)

    /// Runs `line` with a `swift` on the PATH that prints `output` and exits `status`.
    static func run(_ line: String, swiftPrints output: String, status: Int32) throws -> (
        status: Int32, output: String, arguments: String
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zoomcheck-test-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try output.write(to: directory.appendingPathComponent("output.txt"), atomically: true, encoding: .utf8)
        let swift = directory.appendingPathComponent("swift")
        let script = """
            #!/bin/sh
            printf '%s\\n' "$@" > '\(directory.path)/arguments.txt'
            cat '\(directory.path)/output.txt'
            exit \(status)

            """
        try ExecutableFile.write(script, to: swift.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        var environment = ProcessInfo.processInfo.environment
        let zoomcheck = URL(fileURLWithPath: TestPackage.debugProduct("zoomcheck")).deletingLastPathComponent().path
        environment["PATH"] = directory.path + ":" + zoomcheck + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let arguments = (try? String(contentsOf: directory.appendingPathComponent("arguments.txt"), encoding: .utf8))
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), arguments ?? "")
    }

    /// What `swift test` prints for a property that failed: the issue's comment is the
    /// report, which ends with the replay line itself.
    static func failingOutput(summary: String) -> String {
        """
        ◇ Test run started.
        ✘ Test roundTrip() recorded an issue at File.swift:9:13: Caught error: "round trip" fails, minimal …
        ↳ Property "round trip" failed on generated case 3 after 2 passing cases.
        ↳   minimal counterexample: -181.0
        ↳   replay: \(line)
        ✘ Test roundTrip() failed after 0.004 seconds with 1 issue.
        \(summary)

        """
    }

    @Test("The line runs swift test for that one test, its identifier escaped and after a dot") func arguments() throws
    {
        let result = try Self.run(
            Self.line, swiftPrints: "✔ Test run with 1 test in 1 suite passed after 0.003 seconds.\n", status: 0)
        #expect(result.arguments == "test\n--disable-xctest\n--filter\n\\.Suite/roundTrip\\(\\)\n")
        #expect(TestCommand.filter(selecting: "M.Suite/t()") == "M\\.Suite/t\\(\\)")
    }

    /// What `swift test` printed and exited with, and what the line must end with and exit.
    struct Outcome: Sendable, CustomTestStringConvertible {
        let what: String
        let swiftPrints: String
        let swiftStatus: Int32
        let status: Int32
        let message: String
        var testDescription: String { what }
    }

    static let outcomes = [
        Outcome(
            what: "the failure reproduced (the report printed holds the line itself)",
            swiftPrints: failingOutput(
                summary: "✘ Test run with 1 test in 1 suite failed after 0.005 seconds with 1 issue."), swiftStatus: 1,
            status: 1, message: ReplayCommand.reproducedMessage),
        Outcome(
            what: "the test passed",
            swiftPrints:
                "✔ Test roundTrip() passed after 0.002 s.\n✔ Test run with 1 test in 1 suite passed after 0.003 s.\n",
            swiftStatus: 0, status: 0, message: ReplayCommand.passedMessage),
        Outcome(
            what: "a known issue (a documented defect kept as one) was recorded again",
            swiftPrints: failingOutput(
                summary: "━ Test run with 1 test in 1 suite passed after 0.015 seconds with 1 known issue."),
            swiftStatus: 0, status: 1, message: ReplayCommand.knownIssueMessage),
        Outcome(
            what: "the filter selected no test, which swift test reports with exit 0",
            swiftPrints: "✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.\n", swiftStatus: 0,
            status: 125, message: ReplayCommand.selectedNothingMessage),
        Outcome(
            what: "no run summary (a build error)", swiftPrints: "error: compile command failed\n", swiftStatus: 1,
            status: 125, message: ReplayCommand.noSummaryMessage),
        Outcome(
            what: "no package here (the line run outside its package)",
            swiftPrints: "error: Could not find Package.swift in this directory or any of its parent directories.\n",
            swiftStatus: 1, status: 125, message: ReplayCommand.noSummaryMessage),
    ]

    @Test(
        "The line passes swift test's output on, then ends with one verdict line and its exit status",
        arguments: outcomes) func verdict(outcome: Outcome) throws
    {
        let result = try Self.run(Self.line, swiftPrints: outcome.swiftPrints, status: outcome.swiftStatus)
        #expect(result.status == outcome.status)
        #expect(result.output == outcome.swiftPrints + outcome.message + "\n")
    }

    @Test("No test identifier, or two, is a usage error") func usage() {
        for arguments in [["test"], ["test", "A/a()", "B/b()"], ["test", ""]] {
            let result = ZoomCheckMainTests.run(arguments)
            #expect(result.status == ExitStatus.usage)
            #expect(result.errors.contains("expected one test identifier"))
        }
    }
}
