import Foundation
import PropertyCheck
import PropertyCheckBenchmarks
import PropertyCheckTesting
import Testing
import TestSupport

@Suite("Swift Testing glue", .tags(.engine)) struct TestingGlueTests {
    static let configuration = RunConfiguration(settings: RunSettings(seed: Seed(1)))
    static let belowThousand = StandardShrinks.integerAtLeast1000

    @Test("expectProperty records nothing for a passing property") func passing() async {
        let run = await expectProperty(Property("passes", Gen.int(in: 0...10)) { _ in }, Self.configuration)
        #expect(run.result.isSuccess)
    }

    @Test("expectProperty records an issue with the report for a failing property") func failing() async {
        await withKnownIssue {
            await expectProperty(Self.belowThousand, Self.configuration)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("minimal counterexample: 1000") }
        }
    }

    @Test("expectFailure records nothing when the minimal counterexample matches") func expectedFailure() async {
        let run = await expectFailure(Self.belowThousand, minimalCounterexample: 1000, Self.configuration)
        #expect(run.minimalCounterexample == 1000)
    }

    @Test("expectFailure records an issue when the minimal counterexample differs") func wrongMinimum() async {
        await withKnownIssue {
            await expectFailure(Self.belowThousand, minimalCounterexample: 999, Self.configuration)
        } matching: { issue in
            // The headline says what is wrong; the comment is the report.
            String(describing: issue.kind).contains("is 1000, not 999")
                && issue.comments.contains { $0.rawValue.contains("minimal counterexample: 1000") }
        }
    }

    @Test("expectFailure records an issue when the property passes") func unexpectedPass() async {
        await withKnownIssue {
            await expectFailure(
                Property("passes", Gen.int(in: 0...10)) { _ in }, minimalCounterexample: 3, Self.configuration)
        } matching: { issue in
            String(describing: issue.kind).contains("but it did not fail")
        }
    }

    // What the glue costs is a measurement, so it is not here: `zoomcheck bench` prints the row
    // "P1 through the observed loop expectProperty runs" beside the plain engine in the same run.

    /// P1's latitude round trip in double precision, a check that costs tens of nanoseconds.
    static let property = Property("glue: latitude round trip", Gen.double(in: -85...85)) { latitude in
        let radians = latitude * .pi / 180
        let psi = Foundation.log(Foundation.tan(.pi / 4 + radians / 2))
        let back = (2 * Foundation.atan(Foundation.exp(psi)) - .pi / 2) * 180 / .pi
        try ensure(abs(back - latitude) <= 1e-9, "\(latitude) came back as \(back)")
    }

    /// The plain engine's run (a synchronous function, so the synchronous `run` is the one called).
    static func plainRun(_ configuration: RunConfiguration) -> PropertyRun<Double> { property.run(configuration) }

    @Test("expectProperty and Property.run check the same 2,000 cases, and both pass") func glueBesidePlain() async {
        let configuration = RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 2_000))
        let plain = Self.plainRun(configuration)
        let glue = await expectProperty(Self.property, configuration)
        #expect(plain.result.isSuccess && glue.result.isSuccess)
        #expect(plain.timing.casesChecked == glue.timing.casesChecked && glue.timing.casesChecked == 2_000)
    }
}
