import Testing
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// How `zoomcheck check` treats an `exec:` program: where its counterexamples go and how
/// the report names it.
@Suite("check with an external program", .tags(.cli))
struct ExternalProgramCheckTests {
    @Test("An external program's counterexamples go to the per-user cache, keyed by its command, never the checkout")
    func cacheDirectory() throws {
        let program = ExternalImplementation(command: "python3 my_mercator.py", workerCount: 1)
        let xdg = try #require(CheckOptions.cacheDirectory(for: program, environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]))
        #expect(xdg.hasPrefix("/var/cache/me/zoomcheck/regressions/my_mercator.py-"))
        let home = try #require(CheckOptions.cacheDirectory(for: program, environment: ["HOME": "/home/me"]))
        #expect(home.hasPrefix("/home/me/.cache/zoomcheck/regressions/my_mercator.py-"))
        let other = try #require(CheckOptions.cacheDirectory(for: ExternalImplementation(command: "python3 other/my_mercator.py", workerCount: 1), environment: ["HOME": "/home/me"]))
        #expect(other != home)
        #expect(CheckOptions.cacheDirectory(for: program, environment: [:]) == nil)
    }

    @Test("A failing exec: program is reported by its label, its command printed once, and the replay line selects it by its full command")
    func reportNamesTheProgram() {
        let result = CheckCommandTests.run(["check", "--impl", "exec:cat", "--property", "longitude-round-trip", "--cases", "20"])
        #expect(result.status == 1)
        #expect(result.output.contains("  exec:cat = cat\n"))
        // `cat` echoes {"op":"describe"}: an object without capabilities, so every default applies.
        #expect(result.output.contains("  exec:cat: gated on defects and declared conventions (none declared: conventions are reported, not gated)"))
        #expect(result.output.contains("longitude-round-trip @ exec:cat [defect]"))
        #expect(result.output.contains("zoomcheck replay --property longitude-round-trip --impl 'exec:cat' --seed 0x0000000020100122"))
        // Answers describe with something that is not JSON: the defaults apply, and the header says so.
        let garbage = CheckCommandTests.run(["check", "--impl", "exec:read r; echo hello", "--property", "longitude-round-trip", "--cases", "5"])
        #expect(garbage.output.contains("note: describe was not answered"))
    }
}
