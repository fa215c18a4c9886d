import PropertyCheck
import PropertyCheckBenchmarks
import PropertyCheckTesting
import Testing
import TestSupport

/// The usage example from the engine's hand-over notes, kept compiling and passing.
@Suite("Usage example", .tags(.engine)) struct UsageExampleTests {
    static let longitudes = Gen.double(in: -180...180).labelled { longitude in
        abs(longitude) > 170 ? ["near antimeridian"] : []
    }

    static let wrap = Property(
        "longitude wraps into [-180, 180)", longitudes,
        coverage: [CoverageRequirement("near antimeridian", minimumShare: 0.01)]
    ) { longitude, context in
        context.label("west", when: longitude < 0)
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360) - 180
        try ensure(wrapped >= -180 && wrapped < 180, "\(longitude) wraps to \(wrapped)")
    }

    @Test("A property with labels and coverage passes inside a @Test") func longitudeWraps() async {
        let run = await expectProperty(Self.wrap, RunConfiguration(settings: RunSettings(caseCount: 1_000)))
        print(run.render())
    }

    @Test("A documented defect is asserted with its minimal counterexample") func documentedDefect() async {
        await expectFailure(StandardShrinks.integerAtLeast1000, minimalCounterexample: 1000)
    }
}
