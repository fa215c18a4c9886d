import Foundation
import PropertyCheck
import Testing
import TestSupport

/// The observation lines of a run (`RunObservation`): Hypothesis's schema, the bounds, the
/// `ZOOMCHECK_OBSERVE` route, and no change to the verdict.
@Suite("Observation", .tags(.engine)) struct ObservationTests {
    /// Fails unless `line` holds exactly the fields the schema requires of its type, typed as
    /// the schema says.
    static func expectSchema(_ line: [String: Any]) {
        #expect(line["property"] is String && line["run_start"] is Double)
        switch line["type"] as? String {
        case "test_case":
            let fields: Set = [
                "type", "status", "status_reason", "representation", "arguments", "how_generated", "features",
                "coverage", "timing", "metadata", "property", "run_start",
            ]
            #expect(Set(line.keys) == fields)
            #expect(["passed", "failed", "gave_up"].contains(line["status"] as? String))
            #expect(line["status_reason"] is String && line["representation"] is String)
            #expect(line["arguments"] is [String: Any] && line["features"] is [String: Any])
            let phases = ["generated", "replayed", "shrinking", "targeted", "boundary"]
            #expect(phases.contains(line["how_generated"] as? String ?? ""))
            #expect(line["coverage"] is NSNull)
            let timing = line["timing"] as? [String: Any]
            #expect(timing?.isEmpty == false && timing!.values.allSatisfy { (($0 as? Double) ?? -1) >= 0 })
            let metadata = line["metadata"] as? [String: Any]
            #expect((metadata?["seed"] as? String)?.hasPrefix("0x") == true && metadata?["replay"] is String)
        case "info":
            #expect(Set(line.keys) == ["type", "title", "content", "property", "run_start"])
            #expect(line["title"] is String && line["content"] is String)
        default: Issue.record("not a test_case or info line: \(line)")
        }
    }

    /// Fails from `threshold` on, with a label per case.
    static func failing(from threshold: Int) -> Property<Int> {
        Property("observed < \(threshold)", Gen.int(in: 0...1_000_000)) { x, context in
            context.label(x % 2 == 0 ? "even" : "odd")
            if x >= threshold { throw PropertyFailure("\(x) is \(threshold) or more") }
        }
    }

    @Test("A failing run: schema-shaped lines, a failed line, shrinking lines; the same verdict as unobserved")
    func failingRun() throws {
        let directory = ObservationFiles.directory()
        var configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(7), caseCount: 2_000), savesFailures: false)
        let plain = Self.failing(from: 1_000).run(configuration)
        configuration.observation = RunObservation(directory: directory + "/nested", implementation: "mine/1")
        let observed = Self.failing(from: 1_000).run(configuration)
        #expect(observed.result == plain.result)
        let path = directory + "/nested/" + RunObservation.safeFileName("observed < 1000") + ".jsonl"
        let lines = try ObservationFiles.lines(path)
        for line in lines { Self.expectSchema(line) }
        let cases = lines.filter { $0["type"] as? String == "test_case" }
        #expect(cases.contains { $0["status"] as? String == "failed" && $0["how_generated"] as? String == "generated" })
        #expect(cases.contains { $0["how_generated"] as? String == "shrinking" })
        let report = try #require(observed.result.failure)
        #expect(cases.contains { $0["how_generated"] as? String == "boundary" } == (report.boundaryChecks > 0))
        let first = try #require(cases.first)
        #expect((first["arguments"] as? [String: String])?["case"] == first["representation"] as? String)
        #expect((first["features"] as? [String: String]).map { $0 == ["even": ""] || $0 == ["odd": ""] } == true)
        #expect((first["metadata"] as? [String: String])?["implementation"] == "mine/1")
        #expect((first["metadata"] as? [String: String])?["seed"] == "0x7")
        #expect(lines.first?["type"] as? String == "info")
        #expect((lines.last?["content"] as? String)?.hasPrefix("0 test_case lines left out") == true)
        #expect(Set(lines.map { $0["run_start"] as? Double }).count == 1)
    }

    @Test("The bounds hold, and the last line says how many lines were left out") func bounds() throws {
        let directory = ObservationFiles.directory()
        var configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(7), caseCount: 2_000), savesFailures: false)
        var observation = RunObservation(directory: directory)
        observation.caseLineLimit = 100
        observation.failureLineLimit = 30
        configuration.observation = observation
        // About 1 case in 200 fails: many pass before the first failure.
        let run = Self.failing(from: 995_000).run(configuration)
        let lines = try ObservationFiles.lines(
            directory + "/" + RunObservation.safeFileName("observed < 995000") + ".jsonl")
        let cases = lines.filter { $0["type"] as? String == "test_case" }
        let heavy = cases.filter {
            $0["status"] as? String == "failed" || ["shrinking", "boundary"].contains($0["how_generated"] as? String)
        }
        #expect(cases.count - heavy.count <= 100)
        #expect(heavy.count == 30)
        let report = try #require(run.result.failure)
        // Every case checked before the failure, the failure, and every later evaluation is
        // either written or counted.
        let content = try #require(lines.last?["content"] as? String)
        let leftOut = try #require(Int(content.prefix { $0.isNumber }))
        #expect(leftOut > 0)
        #expect(cases.count + leftOut >= report.casesBeforeFailure + 1 + report.shrinkAttempts)
    }

    @Test("ZOOMCHECK_OBSERVE sends a run's lines to the directory it names; a passing run's lines all pass")
    func environmentRoute() throws {
        let directory = ObservationFiles.directory()
        let property = Property("scored", Gen.int(in: 0...100)) { x, context in context.target(Double(x)) }
        let settings = try RunSettings.fromEnvironment(
            defaults: RunSettings(seed: Seed(3), caseCount: 300), environment: ["ZOOMCHECK_OBSERVE": directory])
        let run = property.run(RunConfiguration(settings: settings))
        #expect(run.result.isSuccess)
        let lines = try ObservationFiles.lines(directory + "/scored.jsonl")
        for line in lines { Self.expectSchema(line) }
        let cases = lines.filter { $0["type"] as? String == "test_case" }
        #expect(cases.count >= 300)
        #expect(cases.allSatisfy { $0["status"] as? String == "passed" })
        #expect(cases.contains { $0["how_generated"] as? String == "targeted" })
        #expect(cases.allSatisfy { ($0["features"] as? [String: Any])?["target:target"] is Double })
    }

    @Test("A run checked 8 cases at a time writes the same cases, statuses and phases as one at a time")
    func windowedRun() throws {
        var lines: [[String]] = []
        for window in [1, 8] {
            let directory = ObservationFiles.directory()
            var configuration = RunConfiguration(
                settings: RunSettings(seed: Seed(11), caseCount: 500), savesFailures: false)
            configuration.caseWindow = window
            configuration.observation = RunObservation(directory: directory)
            _ = Self.failing(from: 990_000).run(configuration)
            lines.append(
                try ObservationFiles.lines(
                    directory + "/" + RunObservation.safeFileName("observed < 990000") + ".jsonl"
                ).filter { $0["type"] as? String == "test_case" }.map {
                    "\($0["status"]!) \($0["how_generated"]!) \($0["representation"]!)"
                })
        }
        #expect(lines[0].count > 40)
        #expect(lines[0].contains { $0.hasPrefix("failed generated ") })
        #expect(lines[0].contains { $0.hasPrefix("passed generated ") })
        #expect(lines[0] == lines[1])
    }

    /// The file was created, then opened again by path, following whatever
    /// link was planted in between; now it is written through the descriptor that created it.
    @Test("A link planted at the file's name during the run is replaced by the run's file; its target is untouched")
    func plantedLinkDuringTheRun() throws {
        let directory = ObservationFiles.directory()
        let victim = directory + "-victim"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        let path = directory + "/planted.jsonl"
        let property = Property("planted", Gen.int(in: 0...9)) { value in
            // Mid-run: whatever is at the file's name becomes a link to the victim.
            if value == 5, (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil {
                unlink(path)
                symlink(victim, path)
            }
        }
        var configuration = RunConfiguration(settings: RunSettings(caseCount: 100), savesFailures: false)
        configuration.observation = RunObservation(directory: directory)
        _ = property.run(configuration)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "the file is a regular file")
        #expect(try ObservationFiles.lines(path).last?["title"] as? String == "lines left out")
    }

    /// Names that differ only in characters the file name replaces.
    @Test("Names that differ only where the file name replaces characters get different files; plain names stay")
    func distinctFileNames() {
        #expect(RunObservation.safeFileName("p@exec:a+b") != RunObservation.safeFileName("p@exec:a*b"))
        #expect(RunObservation.safeFileName("p@exec:a+b") != RunObservation.safeFileName("p@exec_a_b"))
        #expect(RunObservation.safeFileName("bad-latitude-is-refused@seed") == "bad-latitude-is-refused@seed")
        #expect(RunObservation.safeFileName(".hidden").hasPrefix("_hidden~"))
        let long = String(repeating: "n", count: 400)
        #expect(RunObservation.safeFileName(long) != RunObservation.safeFileName(long + "x"))
        #expect(RunObservation.safeFileName(long).utf8.count <= 160)
    }

    /// A failure message of 1 MB was copied into every line.
    @Test("A huge failure message is cut in every line, with the number of bytes cut") func boundedLines() throws {
        let directory = ObservationFiles.directory()
        let huge = String(repeating: "é", count: 500_000)
        let property = Property("huge", Gen.int(in: 0...1_000)) { value in if value > 10 { throw PropertyFailure(huge) }
        }
        var configuration = RunConfiguration(settings: RunSettings(caseCount: 20), savesFailures: false)
        configuration.observation = RunObservation(directory: directory)
        _ = property.run(configuration)
        let lines = try ObservationFiles.lines(directory + "/huge.jsonl")
        let reasons = lines.compactMap { $0["status_reason"] as? String }.filter { !$0.isEmpty }
        #expect(!reasons.isEmpty)
        for reason in reasons {
            #expect(reason.utf8.count <= RunObservation.textByteLimit)
            #expect(reason.hasSuffix(" bytes cut") && reason.hasPrefix("éé"), "\(reason.suffix(40))")
        }
        let size = try #require(FileManager.default.attributesOfItem(atPath: directory + "/huge.jsonl")[.size] as? Int)
        #expect(size < lines.count * 4_096, "\(size) bytes")
    }
}
