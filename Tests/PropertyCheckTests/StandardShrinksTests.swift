import PropertyCheck
import PropertyCheckBenchmarks
import PropertyCheckTesting
import Testing
import TestSupport

/// Pins the minimal counterexamples of the eight classic standard failing properties, for several
/// seeds, and prints the shrink steps taken for each.
@Suite("Standard shrinks", .tags(.engine)) struct StandardShrinksTests {
    static let seeds = SharedInputs.seeds

    static func configuration(_ seed: UInt64) -> RunConfiguration { StandardShrinks.configuration(seed: seed) }

    @Test("An integer in 0...10000 failing at x ≥ 1000 shrinks to 1000", arguments: seeds) func integer(seed: UInt64)
        async
    { await expectFailure(StandardShrinks.integerAtLeast1000, minimalCounterexample: 1000, Self.configuration(seed)) }

    @Test("An array failing when its sum is ≥ 100 shrinks to [100]", arguments: seeds) func arraySum(seed: UInt64) async
    { await expectFailure(StandardShrinks.arraySumAtLeast100, minimalCounterexample: [100], Self.configuration(seed)) }

    @Test("An array failing when it differs from its reverse shrinks to [0, 1]", arguments: seeds) func palindrome(
        seed: UInt64
    ) async {
        await expectFailure(
            StandardShrinks.arrayNotPalindrome, minimalCounterexample: [0, 1], Self.configuration(seed))
    }

    @Test("A pair failing when a + b ≥ 50 shrinks to (0, 50)", arguments: seeds) func pair(seed: UInt64) async {
        await expectFailure(
            StandardShrinks.pairSumAtLeast50, minimalCounterexample: (0, 50), by: ==, Self.configuration(seed))
    }

    @Test("A double failing at x ≥ 1.5 shrinks to exactly 2", arguments: seeds) func doubleAtLeast(seed: UInt64) async {
        await expectFailure(StandardShrinks.doubleAtLeast1point5, minimalCounterexample: 2.0, Self.configuration(seed))
    }

    @Test("A double failing inside (1.45, 1.55) shrinks to exactly 1.5", arguments: seeds) func doubleWindow(
        seed: UInt64
    ) async {
        let run = await expectFailure(
            StandardShrinks.doubleNear1point5, minimalCounterexample: 1.5, Self.configuration(seed))
        #expect(run.minimalCounterexample?.bitPattern == (1.5).bitPattern)
    }

    @Test("A double in -180...180 failing at |x| > 179 shrinks to +180", arguments: seeds) func doubleBeyond(
        seed: UInt64
    ) async {
        let run = await expectFailure(
            StandardShrinks.doubleBeyond179, minimalCounterexample: 180.0, Self.configuration(seed))
        #expect(run.minimalCounterexample?.sign == .plus)
    }

    @Test("A flatMap of n then n elements failing at an element > 10 shrinks to [11]", arguments: seeds) func flatMap(
        seed: UInt64
    ) async {
        await expectFailure(
            StandardShrinks.flatMapElementAbove10, minimalCounterexample: [11], Self.configuration(seed))
    }

    @Test("Every standard shrink prints its steps and reaches its expected minimum") func printSteps() async {
        for standard in StandardShrinks.all {
            let (result, _) = standard.run(Self.configuration(1))
            guard let report = result.failure else {
                Issue.record("\(standard.name) did not fail")
                continue
            }
            print(result.render())
            #expect(report.minimalCounterexample == standard.expectedMinimal, "\(standard.name)")
        }
        for trace in [
            await StandardShrinks.integerAtLeast1000.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.arraySumAtLeast100.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.arrayNotPalindrome.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.pairSumAtLeast50.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.doubleAtLeast1point5.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.doubleNear1point5.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.doubleBeyond179.run(Self.configuration(1)).shrinkTrace,
            await StandardShrinks.flatMapElementAbove10.run(Self.configuration(1)).shrinkTrace,
        ] {
            print("shrink steps:")
            for (number, step) in trace.enumerated() { print("  \(number + 1). \(step)") }
            #expect(!trace.isEmpty)
        }
    }
}

/// The antimeridian fit across 500 seeds, and the reordering and moving passes (every
/// standard shrink across six seeds is `ShrinkQualityTests`).
@Suite("Standard shrinks of the new generators and passes", .tags(.engine)) struct NewStandardShrinksTests {
    /// Seeds the antimeridian pin is measured over.
    static let antimeridianSeeds: ClosedRange<UInt64> = 1...500

    @Test("The antimeridian fit reaches one canonical minimum in 500 of 500 seeds") func antimeridianFiveHundredSeeds()
    {
        var minima: [String: Int] = [:]
        for seed in Self.antimeridianSeeds {
            let run = StandardShrinks.antimeridianFit.run(StandardShrinksTests.configuration(seed))
            minima[run.result.failure?.minimalCounterexample ?? "did not fail", default: 0] += 1
        }
        print("antimeridian fit, \(Self.antimeridianSeeds.count) seeds: \(minima.sorted { $0.value > $1.value })")
        #expect(minima == ["[(0.0, 170.0), (0.0, -180.0)]": Self.antimeridianSeeds.count])
    }

    @Test("Reordering: an array that must hold a 1 and a 0 shrinks to [0, 1] whatever order it was found in")
    func reorder() {
        let property = Property("no 0 and 1 together", Gen.array(of: .int(in: 0...9), count: 0...10)) { xs in
            try ensure(!(xs.contains(0) && xs.contains(1)), "\(xs) holds 0 and 1")
        }
        for seed in StandardShrinksTests.seeds {
            #expect(property.run(StandardShrinksTests.configuration(seed)).minimalCounterexample == [0, 1])
        }
    }

    @Test("Moving amounts between doubles: a sum that must reach 100 shrinks to (0, 100)") func moveDoubles() {
        let property = Property("sum below 100", Gen.zip(.double(in: 0...100), .double(in: 0...100))) { a, b in
            try ensure(a + b < 100, "\(a) + \(b) ≥ 100")
        }
        for seed in StandardShrinksTests.seeds {
            let minimal = property.run(StandardShrinksTests.configuration(seed)).minimalCounterexample
            #expect(minimal?.0 == 0 && minimal?.1 == 100, "seed \(seed)")
        }
    }
}
