import PropertyCheck
import PropertyCheckBenchmarks
import Testing
import TestSupport

/// The standard shrinks as a quality suite: every standard shrink problem must shrink to the
/// canonical minimum it declares (`StandardShrinks.Case.expectedMinimal`, the minimum
/// `zoomcheck bench` reports "as expected"), under each of six seeds. A change to the shrinker
/// that leaves any problem short of its minimum fails here; how long shrinking takes is
/// `zoomcheck bench`'s figure, never asserted.
@Suite("Shrink quality", .tags(.engine)) struct ShrinkQualityTests {
    /// A standard shrink problem as a test argument, named by its property.
    struct Problem: CustomTestStringConvertible, Sendable {
        let standard: StandardShrinks.Case
        var testDescription: String { standard.name }
    }

    @Test(
        "Each standard shrink problem fails and reaches its canonical minimum under each of six seeds",
        arguments: StandardShrinks.all.map(Problem.init)) func reachesCanonicalMinimum(_ problem: Problem)
    {
        for seed in StandardShrinksTests.seeds {
            let (result, _) = problem.standard.run(StandardShrinksTests.configuration(seed))
            guard let report = result.failure else {
                Issue.record("\(problem.standard.name), seed \(seed): did not fail")
                continue
            }
            #expect(
                report.minimalCounterexample == problem.standard.expectedMinimal,
                "\(problem.standard.name), seed \(seed): \(result.render())")
        }
    }

    @Test("No standard shrink problem is dropped: twenty, each with a distinct name and a stated minimum")
    func everyProblem() {
        let names = StandardShrinks.all.map(\.name)
        #expect(names.count == 20)
        #expect(Set(names).count == names.count)
        #expect(StandardShrinks.all.allSatisfy { !$0.expectedMinimal.isEmpty })
    }
}
