import PropertyCheck
import Testing
import TestSupport

/// Targeted search: `CaseContext.target` scores, hill-climbed within the case budget.
@Suite("Targeted search", .tags(.engine)) struct TargetSearchTests {
    static let peak = 37.123456789

    /// A property over 0...100 whose score peaks sharply at `peak`; fails within `width` of it.
    static func narrowPeak(failingWithin width: Double = 0) -> Property<Double> {
        Property("narrow peak", Gen.double(in: 0...100)) { (x: Double, context: CaseContext) in
            context.target(-abs(x - peak), label: "closeness")
            try ensure(abs(x - peak) >= width, "\(x) is within \(width) of the peak")
        }
    }

    static func configuration(cases: Int, share: Double, seed: UInt64 = 3) -> RunConfiguration {
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(seed), caseCount: cases))
        configuration.targetingShare = share
        return configuration
    }

    static func best(_ run: PropertyRun<some Sendable>) -> TargetResult? {
        guard case .passed(let report) = run.result else { return nil }
        return report.targets.first
    }

    @Test("A narrow peak: targeting lands within 1e-12 of it in 1 000 cases, random search not within 1e-3")
    func narrowPeak() throws {
        let targeted = try #require(Self.best(Self.narrowPeak().run(Self.configuration(cases: 1_000, share: 0.5))))
        let random = try #require(Self.best(Self.narrowPeak().run(Self.configuration(cases: 1_000, share: 0))))
        #expect(targeted.label == "closeness")
        #expect(-targeted.score < 1e-12)
        #expect(-random.score > 1e-3)
        // The reported case is the value that scored it.
        #expect(abs((Double(targeted.counterexample) ?? 0) - Self.peak) == -targeted.score)
    }

    @Test("An integer peak and a quadratic: the exact maximiser, deterministically") func integerPeak() throws {
        let property = Property("integer peak", Gen.int(in: 0...1_000_000)) { (n: Int, context: CaseContext) in
            context.target(-Double((n - 777_777) * (n - 777_777)))
        }
        let first = property.run(Self.configuration(cases: 400, share: 0.5))
        let best = try #require(Self.best(first))
        #expect(best.counterexample == "777777")
        #expect(best.score == 0)
        #expect(first.result == property.run(Self.configuration(cases: 400, share: 0.5)).result)
    }

    @Test("A failure only near the peak: random search misses it, targeting finds and shrinks it") func findsFailures()
        throws
    {
        let random = Self.narrowPeak(failingWithin: 1e-6).run(Self.configuration(cases: 1_000, share: 0))
        #expect(random.result.isSuccess)
        let targeted = Self.narrowPeak(failingWithin: 1e-6).run(Self.configuration(cases: 1_000, share: 0.5))
        let failure = try #require(targeted.result.failure)
        guard case .targeted = failure.origin else {
            Issue.record("origin \(failure.origin)")
            return
        }
        #expect(abs((targeted.minimalCounterexample ?? 0) - Self.peak) < 1e-6)
        #expect(failure.render().contains("targeted case"))
        #expect(failure.render().contains("replay: "))
    }

    @Test("Each label is maximised on its own; the report names the evaluations used") func twoLabels() throws {
        let property = Property("two", Gen.zip(Gen.double(in: -10...10), Gen.double(in: -10...10))) {
            (pair: (Double, Double), context: CaseContext) in
            context.target(-abs(pair.0 - 3), label: "x near 3")
            context.target(-abs(pair.1 + 4), label: "y near -4")
        }
        let run = property.run(Self.configuration(cases: 2_000, share: 0.5))
        guard case .passed(let report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.targets.map(\.label) == ["x near 3", "y near -4"])
        #expect(report.targets.allSatisfy { -$0.score < 1e-9 })
        #expect(report.generatedCases == 1_000 && report.targetedCases == 1_000)
        #expect(report.targets.allSatisfy { $0.evaluation <= 2_000 })
        #expect(run.render().contains("best \"x near 3\": "))
    }

    @Test("A property that reports no score generates every case and reports no target") func noTargets() throws {
        let run = Property("plain", Gen.double(in: 0...1)) { _ in }.run(Self.configuration(cases: 500, share: 0.5))
        guard case .passed(let report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.generatedCases == 500 && report.targetedCases == 0 && report.targets.isEmpty)
        #expect(!run.render().contains("best"))
    }
}

extension TargetSearchTests {
    @Test("A scored property with nothing to move (a constant) ends, using no more than its budget")
    func nothingToMove() throws {
        let property = Property("constant", Gen.constant(5)) { (n: Int, context: CaseContext) in
            context.target(Double(n))
        }
        let run = property.run(Self.configuration(cases: 100, share: 0.5))
        guard case .passed(let report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.targets.first?.score == 5)
        #expect(report.generatedCases + report.targetedCases <= 100)
    }
}
