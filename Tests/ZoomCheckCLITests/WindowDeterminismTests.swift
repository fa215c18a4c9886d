import Foundation
import Testing
import TestSupport
@testable import ZoomCheckCLI
@testable import ZoomProtocol

/// `--window`: requests in flight change how long a run waits, never what it finds.
@Suite("check --window: the same results for any window", .tags(.cli)) struct WindowDeterminismTests {
    /// The example Python adapter, found from this file.
    static let adapter = TestPackage.pythonAdapter
    /// A stateless program that is wrong on some inputs: `zoomcheck eval` with every `y` and
    /// `latitudeDelta` whose first digit is 1 made a 2, so that properties fail, shrink and
    /// search boundaries through the window (sed -u answers each line as it comes).
    static let wrongProgram =
        ExternalImplementationTests.binary
        + #" eval | sed -u -e 's/"y":1/"y":2/' -e 's/"latitudeDelta":1/"latitudeDelta":2/'"#

    /// The JSON results of `check` with `window`, without the timing members.
    static func results(_ command: String, window: Int, cases: Int) throws -> NSDictionary? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zoomcheck-window-\(UUID().uuidString).json"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = CheckCommandTests.run([
            "check", "--impl", "exec:" + command, "--cases", String(cases), "--window", String(window), "--json", path,
        ])
        if result.status == 69 { return nil }  // the program cannot start here (python3 missing)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(withoutTimings(JSONSerialization.jsonObject(with: data)) as? NSDictionary)
    }

    /// `value` without the members that hold times (`milliseconds`, `seconds`) and the
    /// replay lines (they name each run's own fresh regressions directory).
    static func withoutTimings(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !["milliseconds", "seconds", "replay"].contains($0.key) }.mapValues(withoutTimings)
        }
        if let array = value as? [Any] { return array.map(withoutTimings) }
        return value
    }

    @Test(
        "Window 1 and window 32 give identical JSON results for zoomcheck eval, a wrong program and the Python adapter",
        .enabled(
            if: ExternalImplementationTests.binaryExists,
            "needs .build/debug/zoomcheck: run `swift build` first (CI/gate.sh does)")) func sameResults() throws
    {
        // 100 cases per property in the gate (every property's requests, failures and shrinking
        // through a window of 32), 300 and 200 in the nightly profile.
        for (command, cases) in [
            (ExternalImplementationTests.binary + " eval", TestProfile.cases(gate: 100, nightly: 300)),
            (Self.wrongProgram, TestProfile.cases(gate: 100, nightly: 300)),
            ("python3 '\(Self.adapter)'", TestProfile.cases(gate: 100, nightly: 200)),
        ] {
            guard let one = try Self.results(command, window: 1, cases: cases) else {
                // The commands before it were checked; the skip says this one was not.
                try Test.cancel("\(command) cannot be started here")
            }
            let many = try #require(try Self.results(command, window: 32, cases: cases))
            #expect(one == many, "\(command): window 1 and window 32 differ")
            if command == Self.wrongProgram {
                let summary = try #require(one["summary"] as? [String: Any])
                #expect(
                    (summary["failed"] as? Int ?? 0) > 0,
                    "the wrong program fails some properties, so failures and shrinking went through the window")
            }
        }
    }

    @Test("--window takes 1 to 1024 requests, naming the option otherwise") func windowRange() {
        for bad in ["0", "1025", "many"] {
            let result = CheckCommandTests.run(["check", "--impl", "exec:cat", "--window", bad])
            #expect(result.status == 64)
            #expect(
                result.errors.contains("--window takes a count of requests from 1 to 1024, not '\(bad)'"),
                "\(result.errors)")
        }
    }
}
