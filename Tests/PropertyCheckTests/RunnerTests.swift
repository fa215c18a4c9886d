import Foundation
import PropertyCheck
import PropertyCheckBenchmarks
import Testing
import TestSupport

@Suite("Runner", .tags(.engine)) struct RunnerTests {
    struct Boom: Error {}

    static let passing = Property("always passes", Gen.int(in: 0...100)) { _ in }

    /// The settings an entry point runs with, given `defaults`, `keeping` and `environment`.
    static func fromEnvironment(
        _ environment: [String: String], defaults: RunSettings = RunSettings(), keeping: RunSettings.Fields = []
    ) throws(PropertyCheckError) -> RunSettings {
        try RunSettings.fromEnvironment(defaults: defaults, keeping: keeping, environment: environment)
    }

    @Test("A seed a flag gave wins over ZOOMCHECK_SEED, whose value is then not read") func keptSeedWins() throws {
        let given = RunSettings(seed: Seed(5))
        #expect(try Self.fromEnvironment(["ZOOMCHECK_SEED": "7"], defaults: given, keeping: .seed).seed == Seed(5))
        #expect(try Self.fromEnvironment(["ZOOMCHECK_SEED": "0xZZ"], defaults: given, keeping: .seed).seed == Seed(5))
        #expect(try Self.fromEnvironment(["ZOOMCHECK_SEED": "7"], defaults: given).seed == Seed(7))
    }

    @Test("ZOOMCHECK_SEED sets the seed, in hex or decimal, and the run uses it") func environmentSeed() throws {
        for (text, seed) in [("0x07", UInt64(7)), ("12345", 12_345), (" 0xFF ", 255)] {
            let settings = try Self.fromEnvironment(["ZOOMCHECK_SEED": text])
            #expect(settings.seed == Seed(seed))
            let run = Self.passing.run(RunConfiguration(settings: settings))
            guard case let .passed(report) = run.result else {
                Issue.record("\(run.render())")
                continue
            }
            #expect(report.seed == Seed(seed))
        }
    }

    @Test(
        """
        Without ZOOMCHECK_SEED the seed is the fixed default, 100 cases; ZOOMCHECK_SEED=random draws a fresh one, \
        once per call
        """) func seedPolicy() throws
    {
        let fixed = try Self.fromEnvironment([:])
        #expect(fixed.seed == Seed.default)
        #expect(fixed.seed == Seed(0x2010_0122))
        #expect(fixed.caseCount == 100)
        #expect(fixed == RunSettings())
        // Two fresh 64-bit seeds are equal with probability 2⁻⁶⁴.
        let first = try Self.fromEnvironment(["ZOOMCHECK_SEED": "random"]).seed
        let second = try Self.fromEnvironment(["ZOOMCHECK_SEED": " Random "]).seed
        #expect(first != second)
        // A seed kept from a flag still wins over random.
        let kept = try Self.fromEnvironment(
            ["ZOOMCHECK_SEED": "random"], defaults: RunSettings(seed: Seed(9)), keeping: .seed)
        #expect(kept.seed == Seed(9))
    }

    @Test("One reader of a case count: digits alone, at least the run's minimum, what is wrong in words otherwise")
    func caseCountParsing() throws {
        #expect(RunSettings.caseCount(parsing: " 12 ", minimum: 1) == .success(12))
        #expect(RunSettings.caseCount(parsing: "0", minimum: 0) == .success(0))
        #expect(RunSettings.caseCount(parsing: "0", minimum: 1) == .failure(.belowMinimum(0, minimum: 1)))
        #expect(RunSettings.caseCount(parsing: "-3", minimum: 1) == .failure(.notAWholeNumber("-3", minimum: 1)))
        let huge = "99999999999999999999"
        #expect(RunSettings.caseCount(parsing: huge, minimum: 1) == .failure(.tooLarge(huge)))
        #expect(RunSettings.CaseCountProblem.belowMinimum(0, minimum: 1).text == "must be at least 1, not 0")
        // The entry point's minimum applies to the environment too, checked once, where it is read.
        #expect(throws: PropertyCheckError.invalidEnvironment(variable: "ZOOMCHECK_CASES", value: "0")) {
            try RunSettings.fromEnvironment(
                defaults: RunSettings(), minimumCaseCount: 1, environment: ["ZOOMCHECK_CASES": "0"])
        }
        #expect(
            try RunSettings.fromEnvironment(defaults: RunSettings(), environment: ["ZOOMCHECK_CASES": "0"]).caseCount
                == 0)
        #expect(RunSettings(caseCount: -1).caseCountProblem(minimum: 0) == .belowMinimum(-1, minimum: 0))
    }

    @Test("A report leaves out the engine's internals unless ZOOMCHECK_VERBOSE asks; an unnamed input says so")
    func internalsOnlyWhenVerbose() throws {
        let property = Property("below 1.5", Gen.double(in: 0...10)) { x in try ensure(x < 1.5, "\(x)") }
        let report = try #require(property.run(RunConfiguration(settings: RunSettings(seed: Seed(1)))).result.failure)
        let plain = report.render(verbose: false)
        #expect(!plain.contains("minimal choices") && !plain.contains("at choice") && !plain.contains("shrinking:"))
        #expect(plain.contains("    an unnamed double: fails from 1.5, holds at 1.4999999999999998"), "\(plain)")
        #expect(plain.contains("  minimal counterexample: 2.0") && plain.contains("  replay: "), "\(plain)")
        let full = report.render()
        #expect(full.contains("  minimal choices: [") && full.contains("double at choice 0: fails from 1.5"))
        #expect(
            try RunSettings.fromEnvironment(defaults: RunSettings(), environment: ["ZOOMCHECK_VERBOSE": "1"])
                .reportsInternals)
        #expect(try !RunSettings.fromEnvironment(defaults: RunSettings(), environment: [:]).reportsInternals)
    }

    @Test("An invalid ZOOMCHECK_SEED or ZOOMCHECK_CASES is a typed error naming it") func invalidEnvironment() {
        #expect(throws: PropertyCheckError.invalidEnvironment(variable: "ZOOMCHECK_SEED", value: "0xZZ")) {
            try Self.fromEnvironment(["ZOOMCHECK_SEED": "0xZZ"])
        }
        for text in ["-3", "+5", "", "1e3", "twelve"] {
            #expect(throws: PropertyCheckError.invalidEnvironment(variable: "ZOOMCHECK_CASES", value: text)) {
                try Self.fromEnvironment(["ZOOMCHECK_CASES": text])
            }
        }
    }

    @Test("A negative case count in the settings makes the run misconfigured") func negativeCaseCount() {
        let run = Self.passing.run(RunConfiguration(settings: RunSettings(caseCount: -3)))
        #expect(
            run.result
                == .misconfigured(
                    propertyName: "always passes", error: .invalidConfiguration("caseCount must be at least 0, not -3"))
        )
    }

    @Test("ZOOMCHECK_CASES wins over the code's count unless a flag kept it; the run uses the count as it is")
    func caseCountPrecedence() throws {
        func generated(_ settings: RunSettings) -> Int? {
            guard case let .passed(report) = Self.passing.run(RunConfiguration(settings: settings)).result else {
                return nil
            }
            return report.generatedCases
        }
        let code = RunSettings(seed: Seed(1), caseCount: 10)
        #expect(generated(try Self.fromEnvironment(["ZOOMCHECK_CASES": " 50 "], defaults: code)) == 50)
        #expect(
            generated(try Self.fromEnvironment(["ZOOMCHECK_CASES": "50"], defaults: code, keeping: .caseCount)) == 10)
        #expect(generated(code) == 10)
        #expect(generated(RunSettings(seed: Seed(1))) == RunSettings.defaultCaseCount)
    }

    @Test("ZOOMCHECK_BOUNDARIES turns boundary search off; ZOOMCHECK_OBSERVE names a directory unless a flag kept one")
    func boundariesAndObservations() throws {
        for text in ["off", " OFF ", "0"] {
            #expect(try !Self.fromEnvironment(["ZOOMCHECK_BOUNDARIES": text]).searchesBoundaries)
        }
        #expect(try Self.fromEnvironment(["ZOOMCHECK_BOUNDARIES": "on"]).searchesBoundaries)
        // `false` and `no` left the search on; an unknown word was ignored.
        for text in ["false", "No", "FALSE "] {
            #expect(try !Self.fromEnvironment(["ZOOMCHECK_BOUNDARIES": text]).searchesBoundaries, "\(text)")
        }
        for text in ["true", "yes", "1", ""] {
            #expect(try Self.fromEnvironment(["ZOOMCHECK_BOUNDARIES": text]).searchesBoundaries, "\(text)")
        }
        #expect(throws: PropertyCheckError.invalidEnvironment(variable: "ZOOMCHECK_BOUNDARIES", value: "maybe")) {
            try Self.fromEnvironment(["ZOOMCHECK_BOUNDARIES": "maybe"])
        }
        #expect(
            PropertyCheckError.invalidEnvironment(variable: "ZOOMCHECK_SEED", value: "\u{1B}[2J\n").description
                == #"environment variable ZOOMCHECK_SEED has an invalid value "\u{1B}[2J\n""#)
        #expect(try Self.fromEnvironment(["ZOOMCHECK_OBSERVE": ""]).observationDirectory == nil)
        #expect(try Self.fromEnvironment(["ZOOMCHECK_OBSERVE": "/tmp/o"]).observationDirectory == "/tmp/o")
        let kept = RunSettings(observationDirectory: "/tmp/flag")
        #expect(
            try Self.fromEnvironment(["ZOOMCHECK_OBSERVE": "/tmp/o"], defaults: kept, keeping: .observationDirectory)
                .observationDirectory == "/tmp/flag")
    }

    @Test("Explicit example values run first and are reported without shrinking") func exampleValues() {
        let property = Property("not 7", Gen.int(in: 0...5), examples: [1, 7]) { x in try ensure(x != 7, "x is 7") }
        let report = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1)))).result.failure
        #expect(report?.origin == .example(2))
        #expect(report?.casesBeforeFailure == 1)
        #expect(report?.minimalCounterexample == "7")
        #expect(report?.shrinkStop == .notShrinkable)
        #expect(report?.minimalChoices == nil)
    }

    @Test("Choice examples then regressions replay before generation, and are shrunk") func replayedChoices() {
        let property = Property("below 500", Gen.int(in: 0...600)) { x in try ensure(x < 500, "\(x) ≥ 500") }
        let configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(1), caseCount: 0), examples: [[3]], regressions: [[10], [599]])
        let report = property.run(configuration).result.failure
        #expect(report?.origin == .regression(2))
        #expect(report?.casesBeforeFailure == 2)
        #expect(report?.originalCounterexample == "599")
        #expect(report?.minimalCounterexample == "500")
        #expect(report?.minimalChoices == [500])
    }

    @Test("Labels from generators and checks are counted once per case") func labels() {
        let property = Property("labelled", Gen.int(in: 0...99).labelled { x in x < 50 ? ["low", "low"] : ["high"] }) {
            x, context in context.label("even", when: x % 2 == 0)
        }
        let run = property.run(RunConfiguration(settings: RunSettings(seed: Seed(3), caseCount: 1_000)))
        guard case let .passed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        let counts = Dictionary(uniqueKeysWithValues: report.labelCounts.map { ($0.label, $0.count) })
        #expect(counts["low", default: 0] + counts["high", default: 0] == 1_000)
        #expect((400...600).contains(counts["even", default: 0]))
        #expect(run.render().contains("% low ("))
    }

    @Test("Coverage fails when a class is confidently under-produced, and passes otherwise") func coverage() {
        let generator = Gen.int(in: 0...99).labelled { x in x < 10 ? ["small"] : [] }
        let demanding = Property(
            "small half the time", generator, coverage: [CoverageRequirement("small", minimumShare: 0.5)]
        ) { _ in }
        let run = demanding.run(RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 500)))
        guard case let .coverageFailed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.shortfalls.map(\.requirement.label) == ["small"])
        #expect(run.render().contains("required 50.0%"))
        let modest = Property("small sometimes", generator, coverage: [CoverageRequirement("small", minimumShare: 0.1)])
        { _ in }
        #expect(modest.run(RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 500))).result.isSuccess)
    }

    @Test("The coverage test tolerates small samples and shares just under the minimum") func smallSamples() {
        let requirement = CoverageRequirement("x", minimumShare: 0.1)
        #expect(!requirement.isViolated(count: 0, total: 10))
        #expect(!requirement.isViolated(count: 9, total: 100))
        #expect(requirement.isViolated(count: 20, total: 1_000))
        #expect(!requirement.isViolated(count: 0, total: 0))
    }

    @Test("A filter that rejects too much makes the run give up with a typed error") func gaveUp() {
        let property = Property("impossible", Gen.int(in: 0...100).filter("negative", budget: 3) { $0 < 0 }) { _ in }
        let run = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 20)))
        guard case let .gaveUp(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.error == .filterBudgetExhausted(filter: "negative", attemptsPerValue: 3, discardedCases: 21))
        #expect(run.render().contains("filter \"negative\" rejected all 3 attempts"))
    }

    /// A program that broke the protocol failed its first case, then every
    /// later case was discarded (its requests refused unasked) and the run gave up "after 1
    /// passing cases", the failure lost.
    @Test("A failure, then every later case discarded (its case too, checked again): the failure, not giving up")
    func failureThenDiscards() {
        final class Stopped: @unchecked Sendable {
            let lock = NSLock()
            var stopped = false
            /// Fails the first check, then discards every check, the first case's again included.
            func check() throws {
                try lock.withLock {
                    if stopped { throw CaseDiscarded("the implementation stopped for good") }
                    stopped = true
                    throw PropertyFailure("broke the protocol")
                }
            }
        }
        let stopped = Stopped()
        let property = Property("stops", Gen.int(in: 0...100)) { _ in try stopped.check() }
        let run = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 5)))
        guard case let .failed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.minimalMessage == "broke the protocol")
        #expect(report.shrinkStop.description == "not shrunk: the failing case was discarded when checked again")
        #expect(report.shrinkSteps == 0)
        #expect(report.boundaries.isEmpty)
        #expect(
            report.notes == [
                "not shrunk: checked again, the failing case was discarded (the implementation stopped for good)",
                "the run stopped after 11 discarded cases, for the same reason",
            ])
    }

    @Test("A thrown error other than PropertyFailure fails the case with its description") func otherErrors() {
        let property = Property("throws", Gen.int(in: 0...10)) { x in if x > 3 { throw Boom() } }
        let report = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1)))).result.failure
        #expect(report?.minimalCounterexample == "4")
        #expect(report?.minimalMessage == "threw PropertyCheckTests.RunnerTests.Boom()")
    }

    @Test("A custom pretty-printer and replay command appear in the report") func customRendering() {
        let property = Property("hex", Gen.int(in: 0...1000), describe: { "0x" + String($0, radix: 16) }) { x in
            try ensure(x < 255, "too big")
        }
        let configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(1)),
            replayCommand: .template("ZOOMCHECK_SEED={seed} zoomcheck check --property {quotedName}"))
        let text = property.run(configuration).render()
        #expect(text.contains("minimal counterexample: 0xff"))
        #expect(text.hasSuffix("replay: ZOOMCHECK_SEED=0x0000000000000001 zoomcheck check --property 'hex'"))
    }

    @Test("A failure that does not reproduce is reported unshrunk") func notReproducible() {
        final class Once: @unchecked Sendable {
            let lock = NSLock()
            var fired = false
            func fire() -> Bool {
                lock.withLock {
                    defer { fired = true }
                    return !fired
                }
            }
        }
        let once = Once()
        let property = Property("flaky", Gen.int(in: 0...10)) { _ in
            if once.fire() { throw PropertyFailure("first call fails") }
        }
        let report = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1)))).result.failure
        #expect(report?.shrinkStop == .notReproducible)
    }

    @Test("Properties run concurrently on different threads give the same reports as sequential runs")
    func concurrency() async {
        let configuration = StandardShrinks.configuration(seed: 4)
        let sequential = StandardShrinks.all.map { $0.run(configuration).result.render() }
        let concurrent = await withTaskGroup(of: (Int, String).self) { group in
            for (index, standard) in StandardShrinks.all.enumerated() {
                group.addTask { (index, standard.run(configuration).result.render()) }
            }
            var rendered = [String](repeating: "", count: sequential.count)
            for await (index, text) in group { rendered[index] = text }
            return rendered
        }
        #expect(concurrent == sequential)
    }
}

@Suite("Pinned cases", .tags(.engine)) struct PinnedCaseTests {
    /// Fails only for values above 990 of 0...1000: rarely drawn in one case.
    static let rare = Property("below 991", Gen.int(in: 0...1000)) { (value: Int) in
        if value > 990 { throw PropertyFailure("\(value) > 990") }
    }

    @Test("A pinned case is replayed when every generated case passed, so a finding reproduces at one case")
    func replayedAfterGeneration() throws {
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 1), savesFailures: false)
        let plain = Self.rare.run(configuration)
        #expect(plain.result.failure == nil, "one generated case does not find it")
        configuration.pinnedCases = [[1000]]
        let pinned = try #require(Self.rare.run(configuration).result.failure)
        #expect(pinned.origin == .pinned(1))
        #expect(pinned.minimalCounterexample == "991")
    }

    @Test("A failure found by generation is reported as such; the pinned case is not needed") func generationFirst()
        throws
    {
        var configuration = RunConfiguration(
            settings: RunSettings(seed: Seed(1), caseCount: 10_000), savesFailures: false)
        configuration.pinnedCases = [[1000]]
        let report = try #require(Self.rare.run(configuration).result.failure)
        guard case .generated = report.origin else {
            Issue.record("origin \(report.origin)")
            return
        }
        #expect(report.minimalCounterexample == "991")
    }
}
