import Foundation
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// How `zoomcheck check` treats an `exec:` program: where its counterexamples go and how
/// the report names it.
@Suite("check with an external program", .tags(.cli)) struct ExternalProgramCheckTests {
    @Test("An external program's counterexamples go to the per-user cache, keyed by its command, never the checkout")
    func cacheDirectory() throws {
        let program = ExternalImplementation(command: "python3 my_mercator.py", workerCount: 1)
        let xdg = try #require(
            CheckOptions.cacheDirectory(
                for: program, environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]))
        #expect(xdg.hasPrefix("/var/cache/me/zoomcheck/regressions/my_mercator.py-"))
        let home = try #require(CheckOptions.cacheDirectory(for: program, environment: ["HOME": "/home/me"]))
        #expect(home.hasPrefix("/home/me/.cache/zoomcheck/regressions/my_mercator.py-"))
        let other = try #require(
            CheckOptions.cacheDirectory(
                for: ExternalImplementation(command: "python3 other/my_mercator.py", workerCount: 1),
                environment: ["HOME": "/home/me"]))
        #expect(other != home)
        #expect(CheckOptions.cacheDirectory(for: program, environment: [:]) == nil)
    }

    @Test(
        """
        The header speaks of this run: the package's regressions are noted only for the implementations that use \
        them, by name when others save elsewhere
        """) func headerSpeaksOfThisRun() throws
    {
        // Outside any package: the built-ins would have nowhere to save; the program has its cache.
        let nowhere = RegressionsLocation.Search(workingDirectory: "/", binary: nil)
        let program = try CommandArguments.parse(["--impl", "exec:cat"], options: CheckCommand.options).get()
        let alone = try CheckOptions.from(program, environment: ["HOME": "/home/me"], location: nowhere).get()
        #expect(!alone.notes.contains { $0.contains("no counterexample saved") }, "\(alone.notes)")
        #expect(alone.notes.contains { $0.hasPrefix("regressions of exec:cat: /home/me/.cache/zoomcheck/") })
        let mixed = try CommandArguments.parse(["--impl", "seed", "--impl", "exec:cat"], options: CheckCommand.options)
        let both = try CheckOptions.from(mixed.get(), environment: ["HOME": "/home/me"], location: nowhere).get()
        #expect(
            both.notes.contains {
                $0.hasPrefix("regressions of seed: none found") && $0.contains("no counterexample saved")
            }, "\(both.notes)")
        let builtIns = try CommandArguments.parse(["--impl", "seed"], options: CheckCommand.options).get()
        let own = try CheckOptions.from(builtIns, environment: [:], location: nowhere).get()
        #expect(own.notes.contains { $0.hasPrefix("regressions: none found") }, "\(own.notes)")
    }

    @Test(
        """
        With no cache directory (neither XDG_CACHE_HOME nor HOME), an exec: program's counterexamples are saved \
        nowhere, never into the checkout
        """) func noCacheSavesNowhere() throws
    {
        let parsed = try CommandArguments.parse(["--impl", "exec:cat"], options: CheckCommand.options).get()
        let options = try CheckOptions.from(parsed, environment: [:]).get()
        #expect(options.subjects.map(\.regressions) == [.nowhere])
        #expect(options.notes.contains { $0.hasSuffix("none (neither XDG_CACHE_HOME nor HOME is set): not saved") })
        let home = try CheckOptions.from(parsed, environment: ["HOME": "/home/me"]).get()
        guard case .directory(let directory)? = home.subjects.first?.regressions else {
            Issue.record("with HOME set the program's counterexamples go to its cache directory")
            return
        }
        #expect(directory.hasPrefix("/home/me/.cache/zoomcheck/regressions/cat-"))
    }

    /// A line feed in `XDG_CACHE_HOME` or `HOME` reached the report raw, in
    /// the header and in every error naming a counterexample file (a forged `::error` line).
    @Test("XDG_CACHE_HOME or HOME holding a control character is ignored, and named escaped, never printed raw")
    func controlCharactersInTheCacheVariables() throws {
        let parsed = try CommandArguments.parse(["--impl", "exec:cat"], options: CheckCommand.options).get()
        let forged = "/tmp/x\u{1B}[2J\n::error::forged"
        let fallback = try CheckOptions.from(parsed, environment: ["XDG_CACHE_HOME": forged, "HOME": "/home/me"]).get()
        guard case .directory(let directory)? = fallback.subjects.first?.regressions else {
            Issue.record("HOME still gives the program a cache directory: \(fallback.notes)")
            return
        }
        #expect(directory.hasPrefix("/home/me/.cache/zoomcheck/regressions/cat-"))
        let neither = try CheckOptions.from(parsed, environment: ["XDG_CACHE_HOME": forged, "HOME": forged]).get()
        #expect(neither.subjects.map(\.regressions) == [.nowhere])
        let note = try #require(neither.notes.first { $0.hasPrefix("regressions of exec:cat: ") })
        #expect(
            note.hasSuffix(
                """
                none (XDG_CACHE_HOME '/tmp/x\\u{1B}[2J\\u{A}::error::forged' and HOME \
                '/tmp/x\\u{1B}[2J\\u{A}::error::forged' ignored, holding a control character): not saved
                """), "\(note)")
        #expect(!neither.notes.joined().unicodeScalars.contains(where: ProgramText.needsEscape))
    }

    @Test(
        """
        A failing exec: program is reported by its label, its command printed once, and the replay line selects it \
        by its full command
        """) func reportNamesTheProgram()
    {
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:cat", "--property", "longitude-round-trip", "--cases", "20",
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("  exec:cat = cat\n"))
        // `cat` echoes {"op":"describe"}: an object without capabilities, so every default applies.
        #expect(
            CheckCommandTests.flat(result.output).contains(
                """
                 exec:cat: gated on defects and declared conventions (none declared: conventions are reported, not \
                gated)
                """))
        #expect(result.output.contains("longitude-round-trip @ exec:cat [defect]"))
        // In a subshell that first changes to this run's directory, so that a command naming
        // relative paths replays from any directory; with the run's case count.
        let directory = ReplayCommand.shellQuotedIfNeeded(FileSystem.currentDirectory())
        #expect(
            CheckCommandTests.joined(result.output).contains(
                """
                replay: (cd \(directory) && swift run -c release zoomcheck replay --property longitude-round-trip \
                --impl exec:cat --seed 0x20100122 --cases 20 --regressions 
                """))
        let quoted = CheckCommandTests.run([
            "check", "--impl", "exec:cat  # a comment", "--property", "longitude-round-trip", "--cases", "5",
            "--exec-timeout", "3",
        ])
        let joined = CheckCommandTests.joined(quoted.output)
        #expect(joined.contains("--impl 'exec:cat  # a comment' --seed 0x20100122 --cases 5 --regressions "))
        #expect(joined.contains(" --exec-timeout 3)\n"))
        // Answers describe with something that is not JSON: the defaults apply, and the header says so.
        let garbage = CheckCommandTests.run([
            "check", "--impl", "exec:read r; echo hello", "--property", "longitude-round-trip", "--cases", "5",
        ])
        #expect(garbage.output.contains("note: describe was not answered"))
    }

    /// A program whose answers go wrong after its 50th request.
    static let statefulProgram = #"""
        import json, math, sys
        count = 0
        for line in sys.stdin:
            request = json.loads(line)
            op = request.get("op")
            if op == "describe":
                answer = {"protocol": 2, "name": "stateful", "operations": ["project"], "conventions": ["seed512"], \#
        "fractionalZooms": False, "anyPixelZoom": False}
            else:
                count += 1
                lat, lon = float(request["lat"]), float(request["lon"])
                world = 512.0 * 2 ** 20
                if not (abs(lat) < 90 and abs(lon) <= 180):
                    answer = {"error": {"code": "invalid-latitude", "message": "bad"}}
                else:
                    psi = math.asinh(math.tan(math.radians(lat)))
                    answer = {"x": (lon + 180) / 360 * world, "y": world / 2 - world * psi / (2 * math.pi) + (10 if \#
        count > \#
        50 else 0)}
            if "id" in request:
                answer = dict([("id", request["id"])] + list(answer.items()))
            print(json.dumps(answer), flush=True)
        """#

    @Test(
        """
        A failure that holds as the first request of a fresh process is reported as answers that depend on earlier \
        requests
        """) func stateDependence() throws
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zoomcheck-stateful-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = directory.appendingPathComponent("stateful.py").path
        try Self.statefulProgram.write(toFile: program, atomically: true, encoding: .utf8)
        // One request at a time, the 51st request is the 51st case; with requests in flight
        // (window 16) which case a stateful program fails depends on how the
        // requests interleave, but the state dependence is found all the same.
        for window in ["1", "16"] {
            let result = CheckCommandTests.run([
                "check", "--impl", "exec:python3 \(program)", "--property", "project-matches-the-reference", "--cases",
                "200", "--window", window, "--regressions",
                directory.appendingPathComponent("regressions-\(window)").path,
            ])
            if result.status == 69 { try Test.cancel("python3 cannot be started here (\(result.errors))") }
            #expect(result.status == 1)
            if window == "1" { #expect(result.output.contains("found on: generated case 51, after 50 passing cases")) }
            #expect(result.output.contains("answers depend on earlier requests"), "window \(window)")
        }
    }
}
