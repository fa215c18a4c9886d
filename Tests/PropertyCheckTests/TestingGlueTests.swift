import PropertyCheck
import PropertyCheckBenchmarks
import PropertyCheckTesting
import Testing
import TestSupport

@Suite("Swift Testing glue", .tags(.engine)) struct TestingGlueTests {
    static let configuration = RunConfiguration(seed: 1, environment: [:])
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
}
