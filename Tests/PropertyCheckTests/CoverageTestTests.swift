import Testing
import TestSupport
@testable import PropertyCheck

/// The coverage test (`CoverageRequirement.judge`): its portable logarithm, the Chernoff bound
/// against exact binomial tails, its monotonicity, and that few cases prove nothing.
@Suite("Coverage test", .tags(.engine)) struct CoverageTestTests {
    @Test("The portable logarithm agrees with known values to a few ulps") func logarithm() {
        let known: [(Double, Double)] = [
            (2, 0.693_147_180_559_945_3), (10, 2.302_585_092_994_046), (3, 1.098_612_288_668_109_8),
            (0.5, -0.693_147_180_559_945_3), (1e-12, -27.631_021_115_928_547), (1, 0),
        ]
        for (x, expected) in known {
            #expect(abs(CoverageMath.log(x) - expected) <= 4 * expected.magnitude.ulp, "ln \(x)")
        }
        #expect(CoverageMath.log(0) == -.infinity)
        #expect(CoverageMath.log(-1).isNaN)
    }

    /// ln P(X ≤ k) for Bin(n, p), exact (mpmath-free: Python's lgamma sum, to 1e-12), beside the
    /// bound's exponent −n·D(k/n ‖ p): the bound is never below the exact tail.
    @Test(
        "The Chernoff bound is never below the exact binomial tail",
        arguments: [
            (1_000, 10, 0.05, -26.602_188_236_028_315), (10_000, 0, 1.0 / 96, -104.712_998_672_953_66),
            (10_000, 150, 0.016_15, -1.649_088_020_311_686), (500, 50, 0.5, -186.738_894_904_204_98),
            (100, 0, 0.05, -5.129_329_438_755_057),
        ]) func boundAboveExactTail(cases: Int, count: Int, share: Double, exactLogTail: Double)
    {
        let bound = CoverageMath.tailExponent(successes: count, trials: cases, share: share)
        #expect(bound.isLowerTail)
        #expect(bound.value >= exactLogTail)
        // and close to it: the bound loses at most a few nats here.
        #expect(bound.value - exactLogTail < 3)
    }

    @Test("k = 0 gives n·ln(1 − p), less the margin") func zeroHits() {
        let bound = CoverageMath.tailExponent(successes: 0, trials: 10_000, share: 0.02)
        let exact = 10_000 * CoverageMath.log(0.98)
        #expect(bound.value >= exact && bound.value - exact < 1e-6)
    }

    @Test("More hits never make the proof of a shortfall stronger") func monotone() {
        var previous = -Double.infinity
        for count in 0..<200 {
            let bound = CoverageMath.tailExponent(successes: count, trials: 10_000, share: 0.02)
            #expect(bound.isLowerTail)
            #expect(bound.value >= previous)
            previous = bound.value
        }
        // and more cases at the same share make it stronger
        var last = 0.0
        for cases in stride(from: 100, through: 100_000, by: 900) {
            let bound = CoverageMath.tailExponent(successes: cases / 100, trials: cases, share: 0.02).value
            #expect(bound <= last)
            last = bound
        }
    }

    @Test("With the in-process default of 100 cases nothing is proven, even with no hit at all") func fewCases() {
        for share in [0.005, 0.02, 0.05, 0.1] {
            let row = CoverageRequirement("x", minimumShare: share).judge(count: 0, cases: 100, significance: 1e-9)
            #expect(row.status == .unproven)
        }
        #expect(
            CoverageRequirement("x", minimumShare: 0.5).judge(count: 0, cases: 0, significance: 1e-9).status
                == .unproven)
    }

    @Test("A share proven above the minimum is met, one proven below is under-covered, one near it unproven")
    func verdicts() {
        let requirement = CoverageRequirement.cover("x", atLeast: 0.05)
        #expect(requirement.judge(count: 1_000, cases: 10_000, significance: 1e-12).status == .met)
        #expect(requirement.judge(count: 100, cases: 10_000, significance: 1e-12).status == .underCovered)
        #expect(requirement.judge(count: 480, cases: 10_000, significance: 1e-12).status == .unproven)
        // A required share of 0 is always met; of 1, any miss is under-covered.
        #expect(CoverageRequirement("x", minimumShare: 0).judge(count: 3, cases: 10, significance: 1e-9).status == .met)
        #expect(
            CoverageRequirement("x", minimumShare: 1).judge(count: 9, cases: 10, significance: 1e-9).status
                == .underCovered)
    }

    @Test("The run tests each requirement at its share of the false-failure rate (Bonferroni)") func bonferroni() {
        let generator = Gen.int(in: 0...99).labelled { x in x < 10 ? ["small"] : ["large"] }
        let property = Property(
            "two strata", generator,
            coverage: [
                CoverageRequirement("small", minimumShare: 0.05), CoverageRequirement("large", minimumShare: 0.5),
            ]
        ) { _ in }
        let run = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 2_000)))
        guard case let .passed(report) = run.result else {
            Issue.record("\(run.render())")
            return
        }
        #expect(report.coverage.map(\.label) == ["small", "large"])
        #expect(report.coverage.allSatisfy { abs($0.logSignificance - CoverageMath.log(1e-9 / 2)) < 1e-12 })
        #expect(report.coverage.allSatisfy { $0.status == .met })
        #expect(run.render().contains("coverage:"))
    }
}
