import PropertyCheck
import PropertyCheckBenchmarks
import PropertyCheckTesting
import Testing
import TestSupport

/// Shrink results beyond the standard list, pinned the same way.
@Suite("Shrinker", .tags(.engine)) struct ShrinkerTests {
    static let configuration = RunConfiguration(settings: RunSettings(seed: Seed(99), caseCount: 10_000))

    @Test("Shrinking works through map") func throughMap() async {
        let property = Property("doubled below 100", Gen.int(in: 0...1000).map { $0 * 2 }) { x in
            try ensure(x < 100, "\(x) ≥ 100")
        }
        await expectFailure(property, minimalCounterexample: 100, Self.configuration)
    }

    @Test("Shrinking works through filter") func throughFilter() async {
        let property = Property("even below 10", Gen.int(in: 0...1000).filter("even") { $0 % 2 == 0 }) { x in
            try ensure(x < 10, "\(x) ≥ 10")
        }
        await expectFailure(property, minimalCounterexample: 10, Self.configuration)
    }

    @Test("oneOf shrinks toward its first alternative") func throughOneOf() async {
        let property = Property("at most 50", Gen.oneOf(.int(in: 0...100), .int(in: 200...300))) { x in
            try ensure(x <= 50, "\(x) > 50")
        }
        await expectFailure(property, minimalCounterexample: 51, Self.configuration)
    }

    @Test("A double in a negative range shrinks to the integer nearest zero that fails") func negativeRange() async {
        let property = Property("at least -7", Gen.double(in: -10...(-5))) { x in try ensure(x >= -7, "\(x) < -7") }
        await expectFailure(property, minimalCounterexample: -8.0, Self.configuration)
    }

    @Test("A non-finite failure shrinks to +infinity, the simplest non-finite value") func nonFinite() async {
        let property = Property("finite", Gen.double(in: 0...1, includeNonFinite: true)) { x in
            try ensure(x.isFinite, "\(x) is not finite")
        }
        await expectFailure(property, minimalCounterexample: .infinity, Self.configuration)
    }

    @Test("Full-range integers shrink toward zero from either side") func fullRangeIntegers() async {
        let above = Property("at most 12345", Gen.int(in: Int.min...Int.max)) { x in
            try ensure(x <= 12_345, "\(x) > 12345")
        }
        await expectFailure(above, minimalCounterexample: 12_346, Self.configuration)
        let below = Property("at least -5", Gen.int(in: Int.min...Int.max)) { x in try ensure(x >= -5, "\(x) < -5") }
        await expectFailure(below, minimalCounterexample: -6, Self.configuration)
    }

    @Test("An array of Bools containing true shrinks to [true]") func bools() async {
        let property = Property("all false", Gen.array(of: Gen.bool, count: 0...30)) { flags in
            try ensure(!flags.contains(true), "\(flags) contains true")
        }
        await expectFailure(property, minimalCounterexample: [true], Self.configuration)
    }

    @Test("Coordinates shrink to the simplest out-of-bounds pair") func coordinates() async {
        let property = Property(
            "latitudes below 80", Gen.array(of: .zip(.double(in: -90...90), .double(in: -180...180)), count: 1...10)
        ) { coordinates in for (latitude, _) in coordinates { try ensure(latitude < 80, "latitude \(latitude) ≥ 80") } }
        let run = await property.run(Self.configuration)
        #expect(run.minimalCounterexample?.count == 1)
        #expect(run.minimalCounterexample?.first?.0 == 80)
        #expect(run.minimalCounterexample?.first?.1 == 0)
    }

    @Test("Each pass's attempts and accepted steps add up to the report's, and the trace shows them") func passCounts()
        async throws
    {
        let run = await StandardShrinks.arraySumAtLeast100.run(Self.configuration)
        let report = try #require(run.result.failure)
        #expect(!run.shrinkPasses.isEmpty)
        #expect(run.shrinkPasses.map(\.attempts).reduce(0, +) == report.shrinkAttempts)
        #expect(run.shrinkPasses.map(\.accepted).reduce(0, +) == report.shrinkSteps)
        for count in run.shrinkPasses {
            #expect(count.accepted == run.shrinkTrace.filter { $0.pass == count.pass }.count)
            #expect(count.attempts >= count.accepted)
        }
        let trace = run.renderShrinkTrace()
        #expect(trace.hasPrefix("shrink steps (\(report.shrinkSteps)):"))
        for count in run.shrinkPasses {
            #expect(trace.contains("\n  \(count.pass): \(count.attempts), \(count.accepted)"))
        }
        #expect(await StandardShrinks.arraySumAtLeast100.run(Self.configuration).shrinkPasses == run.shrinkPasses)
    }

    @Test("The shrink step limit stops shrinking and is reported") func stepLimit() async {
        var configuration = Self.configuration
        configuration.shrinkStepLimit = 2
        let run = await StandardShrinks.integerAtLeast1000.run(configuration)
        #expect(run.result.failure?.shrinkStop == .stepLimit)
        #expect(run.result.failure?.shrinkSteps == 2)
        #expect(run.shrinkTrace.count == 2)
    }

    @Test("A zero time limit stops shrinking at once and is reported") func timeLimit() async {
        var configuration = Self.configuration
        configuration.shrinkTimeLimit = .zero
        let run = await StandardShrinks.integerAtLeast1000.run(configuration)
        #expect(run.result.failure?.shrinkStop == .timeLimit)
        #expect(run.minimalCounterexample == run.originalCounterexample)
    }
}
