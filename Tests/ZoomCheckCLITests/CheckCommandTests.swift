import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// `check`, `replay`, `report`, `corpus` and `bench` as users run them.
@Suite("zoomcheck check, replay, report, corpus", .tags(.cli)) struct CheckCommandTests {
    /// Runs `zoomcheck`; a `check` or `replay` gets a fresh, empty regressions directory
    /// (unless the arguments name one), so that tests never read or write `Corpus/regressions`.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var arguments = arguments
        if ["check", "replay"].contains(arguments.first), !arguments.contains("--regressions"),
            !arguments.contains("--list")
        {
            arguments += [
                "--regressions",
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "zoomcheck-cli-tests-\(UUID().uuidString)"
                ).path,
            ]
        }
        return ZoomCheckMainTests.run(arguments)
    }

    /// `text` with every run of spaces and line breaks made one space: the report wraps its
    /// prose at 100 columns, so a phrase is looked for in this form.
    static func flat(_ text: String) -> String { text.replacing(/\s+/, with: " ") }

    /// `text` with each replay line's continuations (` \` at a line's end) joined, as a shell
    /// joins them.
    static func joined(_ text: String) -> String { text.replacing(/\ \\\n +/, with: " ") }

    @Test("check on one property prints its line per implementation and exits 0 when the finding reproduces")
    func checkOneProperty() {
        let result = Self.run(["check", "--property", "fit-takes-the-short-way", "--cases", "500"])
        #expect(result.status == 0, "\(result.output)")
        // A grid: a column per implementation, a word per cell.
        #expect(result.output.contains("\n                         corrected  seed\n"), "\(result.output)")
        #expect(result.output.contains("\nfit-takes-the-short-way  holds      finding\n"))
        #expect(
            Self.joined(result.output).contains(
                """
                replay: swift run -c release zoomcheck replay --property fit-takes-the-short-way --impl seed --seed \
                0x20100122 --cases 500
                """))
        #expect(result.output.contains("\n2 passed, 0 failed ("))
        // The engine's internals only with --verbose: cases and time per run, where the failing
        // case came from, shrink counts and the minimal choice sequence.
        #expect(!result.output.contains("minimal choices:"))
        #expect(!result.output.contains("shrinking:"))
        let verbose = Self.run(["check", "--property", "fit-takes-the-short-way", "--cases", "500", "--verbose"])
        #expect(verbose.status == 0)
        #expect(verbose.output.contains("fit-takes-the-short-way  corrected: holds (500 cases"), "\(verbose.output)")
        #expect(verbose.output.contains("seed: fails (finding) (the first generated case, "))
        #expect(verbose.output.contains("\n    minimal choices: ["))
        #expect(verbose.output.contains("\n    shrinking: "))
    }

    @Test("check --seed is honoured and printed") func checkSeed() {
        let result = Self.run([
            "check", "--property", "bad-latitude-is-refused", "--impl", "corrected", "--cases", "100", "--seed", "0x2a",
        ])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("zoomcheck check: seed 0x000000000000002a, implementations corrected\n"))
    }

    @Test("check rejects unknown implementations and properties, bad counts and missing values with 64")
    func checkUsageErrors() {
        // (The exit-1 path — an outcome that is not the expected one — is exercised on
        // mutants of the corrected core in ZoomPropertiesTests/MutantTests.)
        let unknown = Self.run(["check", "--impl", "nonesuch"])
        #expect(unknown.status == 64)
        #expect(
            unknown.errors.hasPrefix(
                """
                zoomcheck check: error: unknown implementation 'nonesuch' (known: corrected, seed, seed-21, \
                seed-mappoint, all, controls, mutants, a control-… or mutant-… name, exec:COMMAND)\n
                """))
        let property = Self.run(["check", "--property", "nonesuch"])
        #expect(property.status == 64)
        let cases = Self.run(["check", "--cases", "-3"])
        #expect(cases.status == 64)
        #expect(cases.errors.hasPrefix("zoomcheck check: error: --cases takes a whole number ≥ 1, not '-3'"))
        #expect(Self.run(["check", "--cases", "0"]).status == 64)
        #expect(Self.run(["check", "--exec-timeout", "0"]).status == 64)
        let seed = Self.run(["check", "--regressions", "/nonexistent-dir", "--seed"])
        #expect(seed.errors.hasPrefix("zoomcheck check: error: --seed needs a value"))
    }

    @Test("check --markdown prints the family table and the per-property table; --print-pins prints Swift pins")
    func markdownAndPins() {
        let markdown = Self.run(["check", "--markdown", "--property", "fit-takes-the-short-way", "--cases", "300"])
        #expect(markdown.status == 0)
        #expect(markdown.output.hasPrefix("| Family | Class | corrected | seed |\n|---|---|---|---|\n"))
        #expect(
            markdown.output.contains(
                """
                | `fit-takes-the-short-way` | Fit | fails: `[(0, 180), (0, -180)]`<br>boundary: fails at every value \
                tried of latitude #1, offset from ±180° #1, latitude #2, offset from ±180° #2 (the others held \
                fixed) \
                | holds |
                """))
        let pins = Self.run(["check", "--print-pins", "--property", "fit-takes-the-short-way", "--cases", "300"])
        #expect(
            pins.output.hasPrefix("// swift-format-ignore-file\n")
                && pins.output.hasSuffix(
                    """
                        static let all: [RecordedPin] = [
                            RecordedPin(
                                implementation: "seed", property: "fit-takes-the-short-way",
                                pin: "[(0, 180), (0, -180)]",
                                choices: [2, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]),
                        ]
                    }

                    """)
        )

    }

    @Test("check --list names every property with its statement and bound") func list() {
        let result = Self.run(["check", "--list"])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                """
                y-within-one-pixel [defect, Single-precision error]\n  y(φ) is within 1 px of the exact Mercator y at \
                zoom 20.\n  bound: 1 px at zoom 20 seed512
                """))
    }

    @Test("replay shows the minimal counterexample; with --verbose every shrink step and each pass's cost")
    func replay() {
        let arguments = [
            "replay", "--property", "bad-latitude-is-refused", "--impl", "seed", "--seed", "0x20100122", "--cases",
            "1000",
        ]
        let plain = Self.run(arguments)
        // 1: the failure reproduced (a documented finding is a failure, as expected).
        #expect(plain.status == 1, "\(plain.output)")
        #expect(plain.output.contains("  minimal counterexample: 91.0\n"))
        #expect(plain.output.contains("  found on: generated case "), "\(plain.output)")
        #expect(!plain.output.contains("shrink steps ("))
        #expect(!plain.output.contains("minimal choices"))
        let result = Self.run(arguments + ["--verbose"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("minimal counterexample: 91.0"))
        #expect(result.output.contains("  minimal choices: ["))
        #expect(result.output.contains("shrink steps ("))
        // Each pass's cost, after the steps: its attempts and how many it adopted.
        let passes = result.output.components(separatedBy: "shrink passes (attempts, accepted):\n").last ?? ""
        #expect(passes != result.output && passes.hasPrefix("  "))
        #expect(result.output.hasSuffix("as expected\n"))
        #expect(Self.run(["replay", "--property", "bad-latitude-is-refused"]).status == 64)
    }

    @Test(
        """
        A printed replay line carries the run's case count, and running its arguments reproduces the same minimal \
        counterexample
        """) func replayLineCarriesTheRun() throws
    {
        let regressions = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zoomcheck-cli-tests-\(UUID().uuidString)"
        ).path
        let result = Self.run([
            "check", "--impl", "seed", "--property", "bad-latitude-is-refused", "--cases", "1000", "--regressions",
            regressions,
        ])
        #expect(result.status == 0, "\(result.output)")
        let line = try #require(
            Self.joined(result.output).split(separator: "\n").first { $0.contains("replay: ") }.map(String.init))
        #expect(
            line.hasSuffix(
                """
                 replay --property bad-latitude-is-refused --impl seed --seed 0x20100122 --cases 1000 \
                --regressions \(regressions)
                """))
        // The words after the program, as the shell would split them (nothing here is quoted).
        let arguments = line.components(separatedBy: " zoomcheck ").last!.split(separator: " ").map(String.init)
        #expect(arguments.first == "replay")
        let replay = Self.run(arguments)
        #expect(replay.status == 1, "\(replay.output)")
        #expect(
            replay.output.contains(
                "replay: reproduced: bad-latitude-is-refused against seed fails, minimal counterexample 91.0\n"))
        #expect(replay.output.hasSuffix("— as expected\n"))
        // check's last line says what to do next: here, nothing failed.
        #expect(result.output.hasSuffix("in a Swift test (README, \"Checking your own implementation\")\n"))
    }

    @Test("A replay line exits 1 when the failure reproduces, 0 when the property holds, 125 when it cannot run")
    func replayStatuses() {
        let replay = ["replay", "--seed", "0x20100122", "--cases", "200", "--property"]
        #expect(Self.run(replay + ["bad-latitude-is-refused", "--impl", "seed"]).status == 1)
        #expect(Self.run(replay + ["bad-latitude-is-refused", "--impl", "corrected"]).status == 0)
        // Not applicable to the corrected core (its getter reads the longitude span only).
        let notApplicable = Self.run(replay + ["zoom-round-trip-latitude", "--impl", "corrected"])
        #expect(notApplicable.status == ExitStatus.couldNotRun, "\(notApplicable.output)")
        #expect(notApplicable.output.contains("could not run (exit 125)"), "\(notApplicable.output)")
        // A program that is gone: the line cannot run (check's status for it is 69).
        let gone = Self.run(replay + ["fit-is-valid", "--impl", "exec:/nonexistent/zoomcheck-program"])
        #expect(gone.status == ExitStatus.couldNotRun, "\(gone.errors)")
        #expect(gone.errors.contains("the exec: program cannot start"))
        #expect(ExitStatus.couldNotRun == 125, "git bisect run's skip")
    }

    @Test("After a failure, check ends with the first failure's replay command, on a line of its own")
    func nextStepAfterAFailure() throws {
        let result = Self.run([
            "check", "--impl", "mutant-span-height-equals-width", "--property", "latitude-span-matches-height",
            "--cases", "50",
        ])
        let last = Self.joined(result.output).split(separator: "\n").suffix(2).map(String.init)
        #expect(
            last.first == "next: replay the first failure (add --verbose for every shrink step):", "\(result.output)")
        #expect(
            last.last?.hasPrefix(
                """
                  replay: swift run -c release zoomcheck replay --property latitude-span-matches-height \
                --impl mutant-span-height-equals-width --seed 0x20100122 --cases 50
                """) == true, "\(result.output)")
    }

    @Test("report prints the measured findings") func report() {
        let result = Self.run(["report"])
        #expect(result.status == 0)
        #expect(result.output.contains("odd-symmetric: no"))
        #expect(result.output.contains("  seed: 513 pt\n"))
        #expect(Self.run(["report", "extra"]).status == 64)
    }

    @Test("corpus verifies the golden files: one line per case and a summary") func corpus() {
        let result = Self.run(["corpus", TestPackage.goldenCorpus])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\nPASS "))
        #expect(result.output.hasSuffix(" failed\n"))
        let missing = Self.run(["corpus", "/nonexistent.zc"])
        #expect(missing.status == 65)
        #expect(missing.errors.hasPrefix("zoomcheck corpus: /nonexistent.zc"))
    }

    @Test("bench rejects unknown arguments (its figures are never asserted)") func bench() {
        #expect(Self.run(["bench", "--slow"]).status == 64)
    }
}

/// `--impl exec:COMMAND`: a program speaking the JSON-lines protocol, checked like any other.
@Suite("zoomcheck check --impl exec:COMMAND", .tags(.cli)) struct ExternalImplementationTests {
    /// The debug `zoomcheck` built beside these tests (the CI gate builds it first).
    static let binary = TestPackage.debugProduct("zoomcheck")
    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    @Test(
        "zoomcheck eval, run as an external program, passes every property the corrected core passes",
        .enabled(if: binaryExists, "needs .build/debug/zoomcheck: run `swift build` first (CI/gate.sh does)"))
    func evalAsExternal() {
        let result = CheckCommandTests.run(["check", "--impl", "exec:\(Self.binary) eval", "--cases", "300"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("0 unexpected"))
        // After a clean run of a program, the next step is its CI gate, not checking one's own.
        #expect(!result.output.contains("check your own implementation"))
        let next = #"next: gate it on every push: Documentation/ci-recipes.md, "Gating your own program""#
        #expect(
            CheckCommandTests.flat(result.output).hasSuffix(next + " (GitHub Actions, GitLab CI) "),
            "\(result.output.suffix(300))")
    }

    @Test("A program that is not an implementation fails the properties with the reason, without crashing")
    func brokenPrograms() {
        // `cat` echoes each request: valid JSON, but not an answer.
        let echo = CheckCommandTests.run([
            "check", "--impl", "exec:cat", "--property", "longitude-round-trip", "--cases", "20",
        ])
        #expect(echo.status == 1)
        #expect(echo.output.contains("answer has no number 'x'"))
        // Answers describe, then exits: every later request finds it gone.
        let exits = CheckCommandTests.run([
            "check", "--impl", "exec:read r; echo '{}'", "--property", "longitude-round-trip", "--cases", "20",
        ])
        #expect(exits.status == 1)
        #expect(exits.output.contains("implementation-failure: external implementation"))
        // Reads a request, answers a line that is not JSON, then exits.
        let garbage = CheckCommandTests.run([
            "check", "--impl", "exec:read request; echo hello", "--property", "longitude-round-trip", "--cases", "20",
        ])
        #expect(garbage.status == 1)
        #expect(garbage.output.contains("answered a line that is not a JSON object"))
    }

    @Test(
        """
        A program that dies or answers garbage has not refused bad input: the convention fails for it, gated only \
        with --gate all
        """) func brokenProgramsDoNotRefuse()
    {
        // A program that answers describe with garbage broke the protocol: it is not asked
        // again, so the property could not run (ERROR), which is no pass.
        for (command, gatedCell, reportedCell) in [
            ("exec:read r; echo '{}'", "FAILS", "departs"), ("exec:cat", "FAILS", "departs"),
            ("exec:read request; echo hello", "ERROR", "ERROR"),
        ] {
            let gated = CheckCommandTests.run([
                "check", "--impl", command, "--property", "bad-latitude-is-refused", "--cases", "20", "--gate", "all",
            ])
            #expect(gated.status == 1, "\(command): \(gated.output)")
            #expect(gated.output.contains("\nbad-latitude-is-refused  \(gatedCell)\n"), "\(command): \(gated.output)")
            // By default an exec: program is gated on defects only: the departure is reported,
            // and with nothing gated selected the run checked nothing (exit 5, not a pass).
            let reported = CheckCommandTests.run([
                "check", "--impl", command, "--property", "bad-latitude-is-refused", "--cases", "20",
            ])
            #expect(reported.status == ExitStatus.nothingChecked, "\(command): \(reported.output)")
            #expect(
                reported.output.contains("\nbad-latitude-is-refused  \(reportedCell)\n"),
                "\(command): \(reported.output)")
        }
    }

    @Test("A program that never answers is stopped after --exec-timeout and the property fails") func hangingProgram() {
        let started = ContinuousClock.now
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:sleep 1000", "--property", "longitude-round-trip", "--cases", "1",
            "--exec-timeout", "0.2",
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("gave no answer within"))
        // Not a timing assertion on the code under test: a guard that the hang was broken at
        // all (the unbounded version never returned).
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test("exec: with no command is a usage error") func emptyCommand() {
        let result = CheckCommandTests.run(["check", "--impl", "exec:"])
        #expect(result.status == 64)
    }
}

@Suite("Documented findings at any case count", .tags(.cli)) struct FindingsAtAnyCaseCountTests {
    @Test(
        "check --cases 1 reproduces every pinned finding of every seed port with its pin", arguments: ["1", "2", "377"])
    func everyFindingAtOneCase(cases: String) {
        let result = CheckCommandTests.run(["check", "--impl", "all", "--cases", cases])
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("finding gone"))
        #expect(result.output.contains("0 unexpected (0 gated)"))
        #expect(
            result.output.contains("  bad-latitude-is-refused @ seed [convention]\n    project answered"),
            "\(result.output)")
        #expect(result.output.contains("\n    minimal counterexample: 91.0\n"))
    }
}
