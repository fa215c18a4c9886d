import Foundation
import PropertyCheck
import PropertyCheckBenchmarks
import Testing
import TestSupport

@Suite("Runner", .tags(.engine)) struct RunnerTests {
    struct Boom: Error {}

    static let passing = Property("always passes", Gen.int(in: 0...100)) { _ in }

    @Test("An explicit seed wins over ZOOMCHECK_SEED") func explicitSeedWins() {
        let run = Self.passing.run(RunConfiguration(seed: 5, environment: ["ZOOMCHECK_SEED": "7"]))
        guard case let .passed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.seed == 5)
    }

    @Test("ZOOMCHECK_SEED sets the seed, in hex or decimal") func environmentSeed() {
        for (text, seed) in [("0x07", UInt64(7)), ("12345", 12_345), (" 0xFF ", 255)] {
            let run = Self.passing.run(RunConfiguration(environment: ["ZOOMCHECK_SEED": text]))
            guard case let .passed(report) = run.result else {
                Issue.record("\(run.render())")
                continue
            }
            #expect(report.seed == seed)
        }
    }

    @Test(
        """
        Without a seed or ZOOMCHECK_SEED the seed is the fixed default, 100 cases; ZOOMCHECK_SEED=random draws a \
        fresh one
        """) func seedPolicy() throws
    {
        let fixed = try RunConfiguration(environment: [:]).resolve()
        #expect(fixed.seed == Seed.default.rawValue)
        #expect(fixed.seed == 0x2010_0122)
        #expect(fixed.caseCount == 100)
        // Two fresh 64-bit seeds are equal with probability 2⁻⁶⁴.
        let first = try RunConfiguration(environment: ["ZOOMCHECK_SEED": "random"]).resolve().seed
        let second = try RunConfiguration(environment: ["ZOOMCHECK_SEED": " Random "]).resolve().seed
        #expect(first != second)
        var opted = RunConfiguration(environment: [:])
        opted.fallbackSeed = nil
        #expect(try opted.resolve().seed != opted.resolve().seed)
        // An explicit seed still wins over random.
        #expect(try RunConfiguration(seed: 9, environment: ["ZOOMCHECK_SEED": "random"]).resolve().seed == 9)
    }

    @Test("An invalid ZOOMCHECK_SEED or ZOOMCHECK_CASES is a typed configuration error") func invalidEnvironment() {
        let badSeed = Self.passing.run(RunConfiguration(environment: ["ZOOMCHECK_SEED": "0xZZ"]))
        #expect(
            badSeed.result
                == .misconfigured(
                    propertyName: "always passes", error: .invalidEnvironment(variable: "ZOOMCHECK_SEED", value: "0xZZ")
                ))
        let badCount = Self.passing.run(RunConfiguration(environment: ["ZOOMCHECK_CASES": "-3"]))
        #expect(
            badCount.result
                == .misconfigured(
                    propertyName: "always passes", error: .invalidEnvironment(variable: "ZOOMCHECK_CASES", value: "-3"))
        )
    }

    @Test("An explicit case count wins over ZOOMCHECK_CASES, which wins over the default") func caseCountPrecedence() {
        func generated(_ configuration: RunConfiguration) -> Int? {
            guard case let .passed(report) = Self.passing.run(configuration).result else { return nil }
            return report.generatedCases
        }
        #expect(generated(RunConfiguration(caseCount: 10, seed: 1, environment: ["ZOOMCHECK_CASES": "50"])) == 10)
        #expect(generated(RunConfiguration(seed: 1, environment: ["ZOOMCHECK_CASES": "50"])) == 50)
        #expect(generated(RunConfiguration(seed: 1, environment: [:])) == RunConfiguration.defaultCaseCount)
    }

    @Test("Explicit example values run first and are reported without shrinking") func exampleValues() {
        let property = Property("not 7", Gen.int(in: 0...5), examples: [1, 7]) { x in try ensure(x != 7, "x is 7") }
        let report = property.run(RunConfiguration(seed: 1, environment: [:])).result.failure
        #expect(report?.origin == .example(2))
        #expect(report?.casesBeforeFailure == 1)
        #expect(report?.minimalCounterexample == "7")
        #expect(report?.shrinkStop == .notShrinkable)
        #expect(report?.minimalChoices == nil)
    }

    @Test("Choice examples then regressions replay before generation, and are shrunk") func replayedChoices() {
        let property = Property("below 500", Gen.int(in: 0...600)) { x in try ensure(x < 500, "\(x) ≥ 500") }
        let configuration = RunConfiguration(
            caseCount: 0, seed: 1, examples: [[3]], regressions: [[10], [599]], environment: [:])
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
        let run = property.run(RunConfiguration(caseCount: 1_000, seed: 3, environment: [:]))
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
        let run = demanding.run(RunConfiguration(caseCount: 500, seed: 1, environment: [:]))
        guard case let .coverageFailed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.shortfalls.map(\.requirement.label) == ["small"])
        #expect(run.render().contains("required 50.0%"))
        let modest = Property("small sometimes", generator, coverage: [CoverageRequirement("small", minimumShare: 0.1)])
        { _ in }
        #expect(modest.run(RunConfiguration(caseCount: 500, seed: 1, environment: [:])).result.isSuccess)
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
        let run = property.run(RunConfiguration(caseCount: 20, seed: 1, environment: [:]))
        guard case let .gaveUp(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.error == .filterBudgetExhausted(filter: "negative", attemptsPerValue: 3, discardedCases: 21))
        #expect(run.render().contains("filter \"negative\" rejected all 3 attempts"))
    }

    @Test("A thrown error other than PropertyFailure fails the case with its description") func otherErrors() {
        let property = Property("throws", Gen.int(in: 0...10)) { x in if x > 3 { throw Boom() } }
        let report = property.run(RunConfiguration(seed: 1, environment: [:])).result.failure
        #expect(report?.minimalCounterexample == "4")
        #expect(report?.minimalMessage == "threw PropertyCheckTests.RunnerTests.Boom()")
    }

    @Test("A custom pretty-printer and replay command appear in the report") func customRendering() {
        let property = Property("hex", Gen.int(in: 0...1000), describe: { "0x" + String($0, radix: 16) }) { x in
            try ensure(x < 255, "too big")
        }
        let configuration = RunConfiguration(
            seed: 1, replayCommand: .template("ZOOMCHECK_SEED={seed} zoomcheck check --property {quotedName}"),
            environment: [:])
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
        let report = property.run(RunConfiguration(seed: 1, environment: [:])).result.failure
        #expect(report?.shrinkStop == .notReproducible)
    }

    @Test("Properties run concurrently on different threads give the same reports as sequential runs")
    func concurrency() async {
        let configuration = RunConfiguration(caseCount: StandardShrinks.caseCount, seed: 4, environment: [:])
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
        var configuration = RunConfiguration(caseCount: 1, seed: 1, savesFailures: false)
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
        var configuration = RunConfiguration(caseCount: 10_000, seed: 1, savesFailures: false)
        configuration.pinnedCases = [[1000]]
        let report = try #require(Self.rare.run(configuration).result.failure)
        guard case .generated = report.origin else {
            Issue.record("origin \(report.origin)")
            return
        }
        #expect(report.minimalCounterexample == "991")
    }
}
