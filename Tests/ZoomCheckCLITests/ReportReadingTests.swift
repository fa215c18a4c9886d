import Foundation
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI

/// The default text report reads as findings. Run as a user runs it — the
/// binary, from the package's root — it is at most 100 columns wide (replay lines included),
/// shows no engine internals and no build path, and the catalogue's own failures are golden.
@Suite(
    "The default report reads as findings", .tags(.cli),
    .enabled(
        if: ExternalImplementationTests.binaryExists,
        "needs .build/debug/zoomcheck: run `swift build` first (CI/gate.sh does)")) struct ReportReadingTests
{
    /// `zoomcheck ARGUMENTS` run by the debug binary from the package root (each command run
    /// once for the suite).
    static func report(_ arguments: String) -> (status: Int32, output: String, errors: String) {
        let result = try? BinaryRun.shell("cd '\(TestPackage.root)' && \"$0\" \(arguments)")
        return result ?? (-1, "", "the binary could not be started")
    }

    /// At 1,000 cases: what is checked here is the report's reading, and every documented
    /// finding replays its pinned cases at any count; the catalogue's verdicts at 10,000 are
    /// the gate's `CI/regenerate.sh --check` (it runs `check --impl all` at the default count).
    static let defaultReport = report("check --cases 1000")
    static let everyImplementation = report("check --impl all --cases 1000")

    /// What makes `text` hard to read, a line each: a line over 100 columns (characters), a
    /// choice sequence, a shrink count, a `.build/` path.
    static func problems(_ text: String) -> [String] {
        let choices = /\[[0-9]+( [0-9]+)+( …)?\]/
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let where_ = "line \(number + 1) (\(line.count) columns): \(line)"
            if line.count > ReportLayout.width { return "wider than \(ReportLayout.width): \(where_)" }
            if line.contains(".build/") { return "a build path: \(where_)" }
            if line.contains(choices) || line.contains("minimal choices") { return "a choice sequence: \(where_)" }
            if line.contains("shrinking: ") || line.contains("shrink passes") { return "a shrink count: \(where_)" }
            return nil
        }
    }

    @Test(
        "check and check --impl all: every line at most 100 columns, no choices, no build path",
        arguments: ["check --cases 1000", "check --impl all --cases 1000"]) func readable(command: String)
    {
        let result = command == "check --cases 1000" ? Self.defaultReport : Self.everyImplementation
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\nDocumented findings"), "\(result.output)")
        #expect(Self.problems(result.output) == [])
        // Run from its package, the binary is named as `swift run` runs it.
        let replays = result.output.split(separator: "\n").filter { $0.hasPrefix("    replay: ") }
        #expect(replays.count >= 39, "\(replays.count) replay lines")
        #expect(replays.allSatisfy { $0.hasPrefix("    replay: swift run ") }, "\(replays.first ?? "")")
    }

    @Test("The width check finds what --verbose adds: choice sequences and shrink counts") func checkCanFail() {
        let verbose = ZoomCheckMainTests.run([
            "check", "--impl", "seed", "--property", "fit-takes-the-short-way", "--cases", "100", "--verbose",
        ])
        let found = Self.problems(verbose.output)
        #expect(found.contains { $0.hasPrefix("a choice sequence: ") }, "\(verbose.output)")
        #expect(found.contains { $0.hasPrefix("a shrink count: ") }, "\(verbose.output)")
        #expect(Self.problems(String(repeating: "x", count: 101)).count == 1)
        #expect(Self.problems("  see /work/zc/.build/debug/zoomcheck").count == 1)
    }

    @Test("A replay line is continued at unquoted spaces within 100 columns; the shell reads one command")
    func replayContinues() throws {
        let command = """
            '/opt/my tools/zoomcheck' replay --property zoom-level-follows-its-rounding \
            --impl 'exec:python3 "/home/me/map code/adapter.py" --window 256' --seed 0x20100122 --cases 10000
            """
        let text = ReportLayout.replay(command, indent: "    ")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(text)")
        #expect(lines.allSatisfy { $0.count <= ReportLayout.width }, "\(text)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" \\") }, "\(text)")
        #expect(lines.contains { $0.contains(" --impl 'exec:python3 \"/home/me/map code/adapter.py\" --window 256' ") })
        // The shell joins the lines into the arguments of the command as written.
        let words = "printf '%s\\n' " + text.dropFirst("    replay: ".count)
        let joined = try BinaryRun.shell(words).output
        #expect(
            joined.split(separator: "\n") == [
                "/opt/my tools/zoomcheck", "replay", "--property", "zoom-level-follows-its-rounding", "--impl",
                "exec:python3 \"/home/me/map code/adapter.py\" --window 256", "--seed", "0x20100122", "--cases",
                "10000",
            ], "\(joined)")
        // ANSI-C quoting, as a directory holding a control character is written: \' stays inside.
        #expect(ReportLayout.shellWords("a $'x y\\'s z\\x1B' b") == ["a", "$'x y\\'s z\\x1B'", "b"])
        #expect(ReportLayout.shellWords("a 'x\\' b'") == ["a", "'x\\'", "b'"])
        // A word longer than the room stays whole, on a line of its own.
        let long = String(repeating: "x", count: 120)
        #expect(
            ReportLayout.replay("z replay \(long) --seed 1", indent: "  ")
                == "  replay: z replay \\\n      \(long) \\\n      --seed 1")
    }

    @Test("The catalogue's own failures, as check --impl all reports them, are golden (timings stripped)") func golden()
        throws
    {
        let result = Self.everyImplementation
        #expect(result.status == 0, "\(result.errors)")
        try GoldenText.cli.check(Self.stable(result.output), against: "report-check-all")
    }

    /// The report without what differs between machines and builds: the header (it names
    /// this checkout's path) is checked for its first line only, the time is dropped, and a
    /// release binary's `swift run -c release` reads as `swift run`.
    static func stable(_ report: String) -> String {
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.drop { !$0.isEmpty }
        return ([lines.first ?? ""] + body).map {
            $0.replacing(/\ cases in [0-9.]+ s$/, with: " cases").replacing("swift run -c release ", with: "swift run ")
        }.joined(separator: "\n")
    }
}

/// How replay lines name zoomcheck: as the user ran it.
@Suite("Replay lines name the command the user ran", .tags(.cli)) struct ReplayProgramTests {
    static let installed = "/opt/zc/zoomcheck"

    /// `ReplayProgram.shown` for a binary at `executable`, with `PATH` holding `onPath` (a
    /// directory to the real path its `zoomcheck` resolves to).
    static func shown(argv0: String, executable: String?, onPath: [(String, String)], in directory: String = "/tmp")
        -> String
    {
        ReplayProgram.shown(
            argv0: argv0, executable: executable, searchPath: onPath.map(\.0).joined(separator: ":"),
            currentDirectory: directory, isExecutable: { path in onPath.contains { $0.0 + "/zoomcheck" == path } },
            realPath: { path in onPath.first { $0.0 + "/zoomcheck" == path }?.1 ?? path })
    }

    @Test("The binary PATH finds (real paths compared) is `zoomcheck`, whatever argv[0] says") func onPath() {
        let local = ("/home/me/.local/bin", Self.installed)
        #expect(Self.shown(argv0: "zoomcheck", executable: Self.installed, onPath: [local]) == "zoomcheck")
        #expect(
            Self.shown(argv0: "/home/me/.local/bin/zoomcheck", executable: Self.installed, onPath: [local])
                == "zoomcheck")
        // Another zoomcheck earlier on PATH: the shell would run that one, so argv[0] as given.
        #expect(
            Self.shown(argv0: "./zoomcheck", executable: Self.installed, onPath: [("/usr/local/bin", "/other/zc")])
                == "./zoomcheck")
    }

    @Test("A binary in the .build directory of the package in the working directory is `swift run`") func inThePackage()
    {
        let root = TestPackage.root
        for (configuration, expected) in [
            ("debug", "swift run zoomcheck"), ("release", "swift run -c release zoomcheck"),
        ] {
            let binary = "\(root)/.build/x86_64-unknown-linux-gnu/\(configuration)/zoomcheck"
            #expect(
                Self.shown(argv0: ".build/\(configuration)/zoomcheck", executable: binary, onPath: [], in: root)
                    == expected)
            // From another directory, the path as given (not the resolved build path).
            #expect(
                Self.shown(argv0: "../zc/.build/\(configuration)/zoomcheck", executable: binary, onPath: [])
                    == "../zc/.build/\(configuration)/zoomcheck")
        }
        #expect(ReplayProgram.dependsOnDirectory("swift run zoomcheck"))
        #expect(ReplayProgram.dependsOnDirectory(".build/debug/zoomcheck"))
        #expect(!ReplayProgram.dependsOnDirectory("zoomcheck"))
        #expect(!ReplayProgram.dependsOnDirectory("/opt/zc/zoomcheck"))
    }

    @Test("argv[0] with a space is quoted; the printed line swaps the program and prints the seed's short form")
    func line() {
        #expect(Self.shown(argv0: "/tmp/my dir/zc", executable: nil, onPath: []) == "'/tmp/my dir/zc'")
        #expect(
            ReplayProgram.line(
                "(cd /x && /abs/zoomcheck replay --property p --impl 'exec:a b' --seed 0x0000000020100122 --cases 9)",
                program: "/abs/zoomcheck", shown: "zoomcheck", seed: 0x2010_0122)
                == "(cd /x && zoomcheck replay --property p --impl 'exec:a b' --seed 0x20100122 --cases 9)")
        #expect(
            ReplayProgram.line("z replay --seed 0x0000000000000000 --cases 1", program: "z", shown: "z", seed: 0)
                == "z replay --seed 0x0 --cases 1")
        #expect(Seed(parsing: Seed(0).abbreviated) == Seed(0))
    }
}
