import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
import TestSupport
@testable import ZoomCheckCLI
import MercatorCore
import ZoomProperties

/// `check --junit`, `--json`, `--shard` and GitHub annotations: the files parse, and what
/// they say matches the run.
@Suite("Machine-readable results and shards", .tags(.cli)) struct CheckOutputsTests {
    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("zoomcheck-outputs-\(UUID().uuidString)/\(name)")
            .path
    }

    static func json(at path: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require(object as? [String: Any])
    }

    /// Test cases of a JUnit file: (suite, name, outcome element or "pass").
    final class JUnitCases: NSObject, XMLParserDelegate {
        var suites: [String: [String: String]] = [:]
        var root: [String: String] = [:]
        var cases: [(suite: String, name: String, outcome: String)] = []
        private var suite = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            switch element {
            case "testsuites": root = attributes
            case "testsuite":
                suite = attributes["name"] ?? ""
                suites[suite] = attributes
            case "testcase": cases.append((suite, attributes["name"] ?? "", "pass"))
            case "failure", "skipped": cases[cases.count - 1].outcome = element
            default: break
            }
        }
    }

    @Test("--junit and --json write files that parse, with one entry per run and counts that match the report")
    func junitAndJSON() throws {
        let junit = Self.scratch("out.xml"), json = Self.scratch("out.json")
        let result = CheckCommandTests.run([
            "check", "--impl", "corrected", "--impl", "seed", "--impl", "exec:cat", "--property",
            "longitude-round-trip", "--property", "map-point-is-half-seed-pixel", "--property",
            "fit-takes-the-short-way", "--property", "bad-latitude-is-refused", "--cases", "400", "--junit", junit,
            "--json", json,
        ])
        #expect(result.status == 1, "exec:cat fails the defect properties: \(result.output)")
        let cases = JUnitCases()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: junit)))
        parser.delegate = cases
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(cases.root["tests"] == "12")
        #expect(cases.cases.count == 12)
        #expect(Set(cases.suites.keys) == ["corrected", "seed", "exec:cat"])
        // exec:cat answers no projection: the two projection defects and the fit defect fail;
        // the convention (bad input) departs without failing the run, so it passes in JUnit.
        let failed = cases.cases.filter { $0.outcome == "failure" }.map { "\($0.suite) \($0.name)" }.sorted()
        #expect(
            failed == [
                "exec:cat fit-takes-the-short-way", "exec:cat longitude-round-trip",
                "exec:cat map-point-is-half-seed-pixel",
            ])
        #expect(cases.root["failures"] == "3")
        #expect(
            cases.cases.filter { $0.outcome == "skipped" }.map { "\($0.suite) \($0.name)" } == [
                "corrected map-point-is-half-seed-pixel"
            ])
        #expect(result.output.contains("\n9 passed, 3 failed ("))

        let document = try Self.json(at: json)
        #expect(document["schema"] as? String == "zoomcheck.check/1")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 12)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["failed"] as? Int == 3)
        #expect(summary["passed"] as? Int == 9)
        let finding = try #require(
            results.first {
                $0["implementation"] as? String == "seed" && $0["property"] as? String == "fit-takes-the-short-way"
            })
        #expect(finding["verdict"] as? String == "fails")
        #expect(finding["expected"] as? String == "fails")
        #expect(finding["asExpected"] as? Bool == true)
        #expect(finding["class"] as? String == "defect")
        #expect((finding["failure"] as? [String: Any])?["minimalCounterexample"] as? String == "[(0, 180), (0, -180)]")
        #expect(finding["seed"] as? String == "0x0000000020100122")
        // Every input of the antimeridian minimum fails at every value tried: no passing side.
        let boundaries = try #require((finding["failure"] as? [String: Any])?["boundaries"] as? [[String: Any]])
        #expect(
            boundaries.map { $0["input"] as? String } == [
                "latitude #1", "offset from ±180° #1", "latitude #2", "offset from ±180° #2",
            ])
        #expect(boundaries.allSatisfy { $0["holdsAt"] is NSNull && ($0["evaluations"] as? Int ?? 0) > 0 })
        let departure = try #require(
            results.first {
                $0["implementation"] as? String == "exec:cat" && $0["property"] as? String == "bad-latitude-is-refused"
            })
        #expect(departure["gated"] as? Bool == false)
        #expect(departure["blocks"] as? Bool == false)
        let implementations = try #require(document["implementations"] as? [[String: Any]])
        #expect(implementations.first { $0["name"] as? String == "exec:cat" }?["command"] as? String == "cat")
    }

    @Test(
        """
        A saved counterexample replayed first is counted and labelled: the JSON's "replayed" and the failure's \
        origin, the report's summary line; "cases": 0 then is not nothing checked
        """) func replayedSavedCounterexample() throws
    {
        let regressions = Self.scratch("regressions"), json = Self.scratch("second.json")
        let arguments = [
            "check", "--impl", "mutant-span-height-equals-width", "--property", "latitude-span-matches-height",
            "--cases", "300", "--regressions", regressions,
        ]
        let first = CheckCommandTests.run(arguments)
        #expect(first.status == 1, "\(first.output)")
        let second = CheckCommandTests.run(arguments + ["--json", json])
        #expect(second.status == 1, "\(second.output)")
        let results = try #require(try Self.json(at: json)["results"] as? [[String: Any]])
        let result = try #require(results.first)
        #expect(result["replayed"] as? Int == 1, "\(result)")
        #expect(result["cases"] as? Int == 0, "the saved counterexample failed at once")
        let failure = try #require(result["failure"] as? [String: Any])
        #expect(failure["origin"] as? String == "saved counterexample 1")
        #expect(
            CheckCommandTests.flat(second.output).contains(" s (and 1 saved counterexample, replayed first)"),
            "\(second.output)")
        // The first run generated its failing case, and replayed nothing.
        #expect(!first.output.contains("replayed first"))
    }

    @Test("--json gives each run a coverage array and --verbose a coverage table per property, within 100 columns")
    func coverage() throws {
        let json = Self.scratch("coverage.json")
        let result = CheckCommandTests.run([
            "check", "--impl", "corrected", "--impl", "seed", "--property", "regions-are-valid", "--property",
            "longitude-round-trip", "--cases", "3000", "--verbose", "--json", json,
        ])
        #expect(result.status == 0, "\(result.output)")
        let results = try #require(Self.json(at: json)["results"] as? [[String: Any]])
        let corrected = try #require(
            results.first {
                $0["property"] as? String == "regions-are-valid" && $0["implementation"] as? String == "corrected"
            })
        let rows = try #require(corrected["coverage"] as? [[String: Any]])
        #expect(rows.map { $0["stratum"] as? String } == Strata.Design.integerSpans.map(\.label))
        for row in rows {
            #expect(row["cases"] as? Int == 3000)
            #expect(["met", "unproven"].contains(row["verdict"] as? String ?? ""))
            #expect((row["required"] as? Double ?? 0) > 0)
        }
        // The seed fails regions-are-valid at a case: its coverage is not judged.
        let seed = try #require(
            results.first {
                $0["property"] as? String == "regions-are-valid" && $0["implementation"] as? String == "seed"
            })
        #expect((seed["coverage"] as? [Any])?.isEmpty == true)
        #expect(result.output.contains("  regions-are-valid:\n"))
        #expect(result.output.contains("    zoom 0 "))
        #expect(
            result.output.split(separator: "\n").filter { $0.contains("≥") || $0.contains("% met") }.allSatisfy {
                $0.count <= 100
            })
    }

    /// (A size below what a reader notices is rendered by the engine: `FailureSizeTests`. Under the
    /// rule of what a map shows, every defect the seed ports still fail is visible.)
    @Test("A failure's size is in the JSON (amount, unit, noticeable) and in the text report") func failureSizes()
        throws
    {
        let json = Self.scratch("sizes.json")
        let result = CheckCommandTests.run([
            "check", "--impl", "seed", "--property", "project-matches-the-reference", "--property",
            "latitude-span-matches-height", "--property", "fit-takes-the-short-way", "--json", json,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("    how big: 3.81 screen pt\n"))
        let results = try #require(try Self.json(at: json)["results"] as? [[String: Any]])
        func size(_ property: String) -> Any? {
            (results.first { $0["property"] as? String == property }?["failure"] as? [String: Any])?["size"]
        }
        let projected = try #require(size("project-matches-the-reference") as? [String: Any])
        #expect(abs((projected["amount"] as? Double ?? 0) - 3.81) < 0.01)
        #expect(projected["unit"] as? String == "screen pt")
        #expect(projected["noticeable"] as? Bool == true)
        let span = try #require(size("latitude-span-matches-height") as? [String: Any])
        #expect((span["amount"] as? Double ?? 0) > 0.5 && span["noticeable"] as? Bool == true)
        #expect(size("fit-takes-the-short-way") is NSNull, "a property that gives no size writes null")
    }

    @Test("Shards 1/3, 2/3 and 3/3 together are exactly the unsharded run: same verdicts, same counterexamples")
    func shardsUnion() throws {
        let properties = [
            "latitude-round-trip", "y-odd-about-equator", "zoom-round-trip-level", "regions-are-valid",
            "fit-covers-every-point", "fit-is-padded", "bad-zoom-is-refused",
        ].flatMap { ["--property", $0] }
        func runs(_ extra: [String]) throws -> [String] {
            let path = Self.scratch("shard.json")
            let result = CheckCommandTests.run(
                ["check", "--impl", "all", "--cases", "300", "--json", path] + properties + extra)
            #expect(result.status == 0, "\(result.output)")
            let results = try #require(try Self.json(at: path)["results"] as? [[String: Any]])
            return results.map { entry in
                let failure = entry["failure"] as? [String: Any]
                return [
                    entry["property"], entry["implementation"], entry["verdict"], failure?["minimalCounterexample"],
                    failure?["message"], entry["cases"],
                ].map { "\($0 ?? "-")" }.joined(separator: " | ")
            }
        }
        let whole = try runs([])
        #expect(whole.count == 28)
        let shards = try (1...3).map { try runs(["--shard", "\($0)/3"]) }
        #expect(shards.map(\.count).reduce(0, +) == 28)
        #expect(shards.allSatisfy { !$0.isEmpty })
        #expect(shards.flatMap { $0 }.sorted() == whole.sorted())
        #expect(Set(shards[0]).isDisjoint(with: shards[1]) && Set(shards[1]).isDisjoint(with: shards[2]))
    }

    @Test(
        """
        Shards of a default run are dealt by expected cases: with 2, 3 or 4 shards the heaviest expects at most \
        1.5× the cases of the lightest
        """) func shardsBalanced()
    {
        let runner = CatalogueRunner(settings: .catalogueDefaults)
        let implementations: [CatalogueSubject] = [.corrected, .seed]
        let total = ZoomCatalogue.all.flatMap { property in
            implementations.map { runner.expectedCases(property, against: $0) }
        }.reduce(0, +)
        for count in 2...4 {
            let shards = (1...count).map {
                Shard(index: $0, count: count).select(ZoomCatalogue.all, implementations, cost: runner.expectedCases)
            }
            let loads = shards.map { $0.map { runner.expectedCases($0.0, against: $0.1) }.reduce(0, +) }
            #expect(loads.reduce(0, +) == total)
            #expect(shards.map(\.count).reduce(0, +) == ZoomCatalogue.all.count * 2)
            #expect(Double(loads.max() ?? 0) <= 1.5 * Double(loads.min() ?? 0), "\(count) shards: \(loads)")
            // Deterministic: the same deal every time.
            #expect(
                Shard(index: 1, count: count).select(ZoomCatalogue.all, implementations, cost: runner.expectedCases).map
                { "\($0.0.name)@\($0.1.name)" } == shards[0].map { "\($0.0.name)@\($0.1.name)" })
        }
    }

    /// `--cases` near 10^18 with `--shard` trapped (SIGILL) summing the costs.
    @Test("Shards are dealt without overflow when the runs' cases sum past Int.max") func hugeCaseCounts() {
        let runs = Array(0..<10)
        let shards = (1...3).map { Shard(index: $0, count: 3).select(runs, [0], cost: { _, _ in Int.max / 3 }) }
        #expect(shards.flatMap { $0.map(\.0) }.sorted() == runs)
        #expect(shards.allSatisfy { !$0.isEmpty })
    }

    @Test("--shard must be K/N with 1 ≤ K ≤ N", arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3"]) func badShard(
        _ text: String
    ) {
        let result = CheckCommandTests.run(["check", "--shard", text])
        #expect(result.status == 64)
        #expect(result.errors.contains("--shard takes K/N"))
    }

    @Test("GitHub annotations escape %, CR, LF in messages and also : and , in titles") func annotationEscaping() {
        #expect(GitHubAnnotations.data("50% off\r\nnext") == "50%25 off%0D%0Anext")
        #expect(GitHubAnnotations.property("a: b, c") == "a%3A b%2C c")
    }

    @Test("JUnit text escapes markup, shows controls as escapes, drops characters XML cannot hold") func xmlEscaping() {
        #expect(
            JUnitReport.escape("a<b & \"c\">\n\u{1}\r\u{FFFE}") == #"a&lt;b &amp; &quot;c&quot;&gt;&#10;\u{1}\u{D}"#
                + "\u{FFFD}")
        #expect(JUnitReport.seconds(1.2345) == "1.235")
        #expect(JUnitReport.seconds(0.004) == "0.004")
    }
}
