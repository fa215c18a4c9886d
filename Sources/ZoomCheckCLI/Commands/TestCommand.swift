import Foundation
import PropertyCheck

extension ZoomCheckCommand {
    /// `zoomcheck test TEST-ID`: one Swift Testing test through `swift test`, failing when
    /// the filter selects no test (the replay line of `expectProperty` and `expectCatalogue`).
    package static let test = ZoomCheckCommand(
        name: "test", summary: "Run one Swift Testing test with swift test (replay lines)", help: TestCommand.help,
        run: TestCommand.run)
}

/// The `test` command: `swift test --disable-xctest --filter` for one test identifier, with
/// its output passed on and its run summary judged, so that a filter that selects nothing
/// fails (swift test itself exits 0 then).
package enum TestCommand {
    static let help = CommandHelp(
        overview: "Run one Swift Testing test with swift test, failing when it selects none.",
        usage: "zoomcheck test <test-id> [--package-path <dir>]",
        arguments: [
            (
                "test-id",
                """
                The test's identifier, Suite/test() or Module.Suite/test()
                (the form a replay line prints), matched as a fixed string.
                """
            )
        ], options: options,
        details: """
            Runs `swift test --disable-xctest --filter` in the package (the current
            directory unless --package-path says), with this environment (ZOOMCHECK_SEED,
            ZOOMCHECK_CASES), passes its output on, and then prints one verdict line.

            EXIT STATUS (every replay line keeps it, so that one is a `git bisect run`
            script as it is):
              0    the test passed: nothing reproduced
              1    the failure reproduced: the test failed, or passed with its known
                   issues recorded again
              125  it could not run: the filter selected no test, swift test printed no
                   run summary (a build error, or a line run outside the test's package
                   without --package-path), or swift cannot start (git bisect's "skip")
              64   usage error
            """
    ).text

    static let options = [
        OptionSpec("--package-path", "dir", "The package whose tests run (default: the current directory).")
    ]

    /// Runs `test` with the arguments after its name.
    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: options, allowsPositional: true).orUsageError()
        guard parsed.positional.count == 1, let testID = parsed.positional.first, !testID.isEmpty else {
            throw .usage("expected one test identifier, such as 'Suite/test()'")
        }
        var words = ["swift", "test"]
        if let package = parsed.value("--package-path") { words += ["--package-path", package] }
        words += ["--disable-xctest", "--filter", filter(selecting: testID)]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = words
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            throw .couldNotRun("zoomcheck test: cannot start swift: \(error): could not run\n")
        }
        var judge = SwiftTestSummary()
        var pending = Data()
        let reader = pipe.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            io.output.writeIgnoringFailure(String(decoding: chunk, as: UTF8.self))
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                judge.read(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { judge.read(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        if process.terminationReason == .exit, process.terminationStatus == 127, !judge.sawSummary {
            throw .couldNotRun("zoomcheck test: cannot start swift (is it on PATH?): could not run\n")
        }
        let verdict = judge.verdict
        io.output.writeIgnoringFailure(verdict.message + "\n")
        return verdict.status
    }

    /// The `--filter` regular expression selecting `testID`: its text escaped, after a `.`
    /// when it names no module (so `Suite/t()` does not select `MySuite/t()`).
    static func filter(selecting testID: String) -> String {
        let escaped = ReplayCommand.regexEscaped(testID)
        let firstComponent = testID.split(separator: "/", maxSplits: 1).first ?? ""
        return firstComponent.contains(".") ? escaped : "\\." + escaped
    }
}

/// Reads `swift test`'s output for Swift Testing's run summary (`✔ Test run with 2 tests in 1
/// suite passed …`), the line whose first or second field starts `Test run with N test`, so
/// that a report's own text never counts as one.
struct SwiftTestSummary {
    private(set) var sawSummary = false
    private var tests = 0
    private var failed = false
    private var knownIssues = false

    mutating func read(_ line: String) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let start = fields.prefix(2).firstIndex(of: "Test"), fields.count > start + 3, fields[start + 1] == "run",
            fields[start + 2] == "with", let count = Int(fields[start + 3])
        else { return }
        sawSummary = true
        tests = count
        failed = line.contains(" failed ")
        knownIssues = line.contains(" known issue")
    }

    /// What the run says, and the exit status that goes with it.
    var verdict: (message: String, status: Int32) {
        if !sawSummary { return (ReplayCommand.noSummaryMessage, ExitStatus.couldNotRun) }
        if tests == 0 { return (ReplayCommand.selectedNothingMessage, ExitStatus.couldNotRun) }
        if failed { return (ReplayCommand.reproducedMessage, ExitStatus.failure) }
        if knownIssues { return (ReplayCommand.knownIssueMessage, ExitStatus.failure) }
        return (ReplayCommand.passedMessage, ExitStatus.success)
    }
}
