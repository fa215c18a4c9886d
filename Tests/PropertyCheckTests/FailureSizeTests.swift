import PropertyCheck
import PropertyCheckTesting
import Testing
import TestSupport

/// A failure's size (``FailureSize``): shrinking keeps a noticeable failure noticeable, the
/// generation loop looks past a failure nobody could see for one they can, and the report
/// prints the size.
@Suite("Failure sizes", .tags(.engine)) struct FailureSizeTests {
    static let configuration = RunConfiguration(settings: RunSettings(seed: Seed(99), caseCount: 1_000))

    /// Fails above 10, by x / 1000 "pt", noticeable from 1 pt: failures in (10, 1000) are
    /// real but invisible, the way a high-zoom defect leaves a rounding-sized residue at low zoom.
    static func property(_ range: ClosedRange<Double>) -> Property<Double> {
        Property("at most 10", Gen.double(in: range)) { x in
            try ensure(x <= 10, "\(x) > 10", size: FailureSize(x / 1000, unit: "pt", noticeableFrom: 1))
        }
    }

    @Test("Shrinking a noticeable failure stops at the smallest noticeable one, not at the smallest failing input")
    func shrinkingKeepsItNoticeable() async {
        let run = await expectFailure(Self.property(0...1e6), minimalCounterexample: 1000, Self.configuration)
        let report = run.result.failure
        #expect(report?.minimalSize == FailureSize(1, unit: "pt", noticeableFrom: 1))
        #expect(report?.render().contains("    size: 1.0 pt\n") == true)
    }

    @Test("Without sizes the same property shrinks to the smallest failing input (the rule is the size's doing)")
    func withoutSizes() async {
        let property = Property("at most 10", Gen.double(in: 0...1e6)) { x in try ensure(x <= 10, "\(x) > 10") }
        await expectFailure(property, minimalCounterexample: 11, Self.configuration)
    }

    @Test("An invisible first failure is kept while generation looks on for a noticeable one, which is shrunk instead")
    func generationLooksOn() async throws {
        // 10…1000 fails invisibly (90% of the range), 1000…1100 noticeably: at this seed the
        // first failing case is invisible.
        let property = Self.property(0...1100)
        let firstFailure = try #require(Self.firstGeneratedFailure(property))
        #expect(firstFailure < 1000, "the premise: the first failing case is invisible")
        let run = await expectFailure(property, minimalCounterexample: 1000, Self.configuration)
        let report = try #require(run.result.failure)
        #expect(report.minimalSize?.isNoticeable == true)
        guard case .generated(let index) = report.origin else {
            Issue.record("origin \(report.origin)")
            return
        }
        #expect(index > 1, "shrunk from a later, noticeable case")
    }

    @Test(
        "A case window gives the same report: the invisible failure set aside, the noticeable one shrunk",
        arguments: [2, 3, 16]) func windows(_ window: Int) throws
    {
        var configuration = Self.configuration
        configuration.caseWindow = window
        let windowed = Self.property(0...1100).run(configuration).result.failure
        let single = Self.property(0...1100).run(Self.configuration).result.failure
        #expect(windowed != nil)
        #expect(windowed == single)
    }

    @Test("When every failure is invisible, the first one is shrunk and its size says so") func onlyInvisible()
        async throws
    {
        let property = Self.property(0...900)
        let run = await expectFailure(property, minimalCounterexample: 11, Self.configuration)
        let report = try #require(run.result.failure)
        #expect(report.minimalSize?.isNoticeable == false)
        #expect(report.render().contains("size: 0.011 pt, below the 1.0 pt a reader notices"))
        let firstFailure = try #require(Self.firstGeneratedFailure(property))
        #expect(report.originalCounterexample == "\(firstFailure)", "the run's first failure, not a later one")
    }

    @Test("A NaN or infinite amount is noticeable; the amount is kept as a magnitude") func nonFiniteAmounts() {
        #expect(FailureSize(.nan, unit: "pt", noticeableFrom: 0.5).isNoticeable)
        #expect(FailureSize(-.infinity, unit: "pt", noticeableFrom: 0.5).isNoticeable)
        #expect(FailureSize(-2, unit: "pt", noticeableFrom: 0.5).amount == 2)
        #expect(
            FailureSize(0.25, unit: "pt", noticeableFrom: 0.5).judged == "0.25 pt, below the 0.5 pt a reader notices")
        #expect(FailureSize(0.0019312, unit: "screen pt", noticeableFrom: 0.5).description == "0.00193 screen pt")
        #expect(FailureSize(12345.6, unit: "px", noticeableFrom: 0.5).description == "12300.0 px")
    }

    /// The first generated value the property fails on, from the same seed: the original
    /// counterexample of the same check without a size, which stops at its first failure.
    static func firstGeneratedFailure(_ property: Property<Double>) -> Double? {
        let sizeless = Property("first failure", property.generator) { x in try ensure(x <= 10, "\(x) > 10") }
        return sizeless.run(configuration).result.failure.flatMap { Double($0.originalCounterexample) }
    }
}
