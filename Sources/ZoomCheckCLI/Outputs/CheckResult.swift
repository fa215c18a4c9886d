import ZoomProtocol
import MercatorCore
import PropertyCheck
import ZoomProperties

/// One property against one implementation, as the machine-readable outputs report it
/// (`--json`, `--junit`, GitHub annotations): every field a CI system or a script needs,
/// taken from the outcome once (the run's seed is its header's, ``CheckRun/Header``).
struct CheckResult {
    /// What was observed.
    enum Verdict: String {
        case holds, fails
        case notApplicable = "not-applicable"
        /// Every case passed but a required stratum is proven under-covered (not a
        /// counterexample: the generator does not reach what the property must be tried on).
        case underCovered = "under-covered"
        /// The property could not run (a configuration problem) or gave up.
        case error
    }

    let property: CatalogueProperty
    let implementation: String
    /// The full command of an `exec:` program; nil for the others.
    let command: String?
    let verdict: Verdict
    let expected: ExpectedVerdict
    let asExpected: Bool
    /// Whether the run's gate covers this property's class for this implementation.
    let gated: Bool
    /// Whether this result fails the run.
    let blocks: Bool
    /// Passing cases checked: replayed and generated.
    let cases: Int
    /// Saved counterexamples replayed before generation, a failing one included: a property
    /// whose saved counterexample failed at once checked it, though ``cases`` is 0.
    let replayed: Int
    /// Cases a passing run discarded, `unsupported` answers included (0 for the others).
    let discarded: Int
    /// Cases the implementation answered `unsupported` (discarded, not judged).
    let unsupported: Int
    let notApplicableReason: String?
    /// The failure report, when a case failed.
    let failure: PropertyReport?
    /// Beside a degenerate minimal case, the nearest failure that is not degenerate.
    let nonDegenerate: NonDegenerateFailure?
    let pin: String?
    let shrinkSteps: Int
    let milliseconds: Int
    /// The whole text report of the outcome (engine report, then expectation).
    let report: String
    /// The coverage table: a row per required stratum (empty when a case failed or the run
    /// did not finish, or the property requires none).
    let coverage: [CoverageRow]

    init(_ outcome: CatalogueOutcome) {
        property = outcome.property
        implementation = outcome.implementationName
        command = outcome.subject.command
        // Under-covered whether or not it gates the subject (`blocks` says whether it does).
        verdict =
            if outcome.isUnderCovered { .underCovered } else {
                switch outcome.observed {
                case .holds?: .holds
                case .fails?: .fails
                case .notApplicable?: .notApplicable
                case nil: .error
                }
            }
        if case .notApplicable(let reason)? = outcome.observed {
            notApplicableReason = reason
        } else {
            notApplicableReason = nil
        }
        expected = outcome.expected
        asExpected = outcome.isExpected
        gated = outcome.isGated(outcome.gate, declared: outcome.declaredConventions)
        blocks = outcome.blocksItsGate
        cases = outcome.run?.timing.casesChecked ?? 0
        replayed = outcome.run?.timing.casesReplayed ?? 0
        discarded = outcome.run?.discarded.cases ?? 0
        unsupported = outcome.run?.unsupportedCases ?? 0
        failure = outcome.run?.result.failure
        nonDegenerate = outcome.run?.nonDegenerate
        pin = outcome.run?.pin
        shrinkSteps = failure?.shrinkSteps ?? 0
        milliseconds =
            outcome.run.map { Int((($0.timing.generation + $0.timing.shrinking).seconds * 1000).rounded()) } ?? 0
        report = outcome.report()
        coverage = outcome.run?.result.coverage ?? []
    }

    /// A one-line summary of the result for annotations and JUnit messages.
    var headline: String {
        switch verdict {
        case .holds: return asExpected ? "holds" : "holds, but a documented finding was expected (\(expected))"
        case .fails:
            let minimal =
                failure.map {
                    "minimal counterexample \($0.minimalCounterexample): \($0.minimalMessage)"
                        + ($0.minimalSize.map { " (\($0.judged))" } ?? "")
                } ?? "failed"
            return asExpected ? "documented finding reproduced: \(minimal)" : minimal
        case .notApplicable: return "not applicable: \(notApplicableReason ?? "")"
        case .underCovered:
            let rows = coverage.filter { $0.status == .underCovered }.map(\.summary)
            return "under-covered: " + rows.joined(separator: "; ")
        case .error: return "could not run"
        }
    }

    /// The expected verdict as a word, and its pin.
    var expectedWord: String {
        switch expected {
        case .holds: "holds"
        case .fails: "fails"
        case .notApplicable: "not-applicable"
        }
    }

    var expectedPin: String? {
        if case .fails(let pin) = expected { return pin }
        return nil
    }

    /// Where a failing case came from, as a label: `generated case 51`, `saved counterexample
    /// 1` (replayed before generation), `pinned case 1`, `targeted case 3`, `example 2`.
    static func origin(_ report: PropertyReport) -> String {
        switch report.origin {
        case .generated(let index): "generated case \(index)"
        case .regression(let index): "saved counterexample \(index)"
        case .pinned(let index): "pinned case \(index)"
        case .targeted(let index): "targeted case \(index)"
        case .example(let index): "example \(index)"
        case .choiceExample(let index): "choice example \(index)"
        }
    }
}
