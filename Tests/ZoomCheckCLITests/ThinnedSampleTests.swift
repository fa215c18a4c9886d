import Foundation
import Testing
import TestSupport

/// A property that holds on a thinned sample says so: `fit-takes-the-short-way` discards the
/// sets with no single shortest arc (two gaps within rounding of each other), over a quarter of
/// what it draws, for every implementation; the default report names it with its count, and
/// `--json` counts every run's discards.
@Suite(
    "A property held on a thinned sample is reported", .tags(.cli),
    .enabled(
        if: ExternalImplementationTests.binaryExists,
        "needs .build/debug/zoomcheck: run `swift build` first (CI/gate.sh does)")) struct ThinnedSampleTests
{
    static func run(_ property: String, _ directory: String) -> (status: Int32, output: String, errors: String) {
        CheckCommandTests.run([
            "check", "--impl", "exec:python3 \(TestPackage.pythonAdapter)", "--property", property, "--cases", "300",
            "--regressions", directory, "--json", directory + "/results.json",
        ])
    }

    static func counts(_ directory: String) throws -> (cases: Int, discarded: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/results.json"))
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let result = try #require((document?["results"] as? [[String: Any]])?.first)
        return (try #require(result["cases"] as? Int), try #require(result["discarded"] as? Int))
    }

    @Test("A property that discards a quarter of its cases or more: a line with its count") func thinned() throws {
        let directory = RegressionsScratch.make()
        let result = Self.run("fit-takes-the-short-way", directory)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let counts = try Self.counts(directory)
        #expect(Double(counts.discarded) >= 0.25 * Double(counts.discarded + counts.cases), "\(counts)")
        #expect(result.output.contains("Held on a thinned sample"), "\(result.output)")
        #expect(result.output.contains("fit-takes-the-short-way @ exec:python-example: \(counts.discarded) cases"))
    }

    @Test("A property that discards little: counted in --json, no line") func whole() throws {
        let directory = RegressionsScratch.make()
        let result = Self.run("project-matches-the-reference", directory)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let counts = try Self.counts(directory)
        #expect(Double(counts.discarded) < 0.25 * Double(counts.discarded + counts.cases), "\(counts)")
        #expect(!result.output.contains("Held on a thinned sample"), "\(result.output)")
    }
}
