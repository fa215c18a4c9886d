/// The report of a failed property: what failed, how it was shrunk, how to replay it.
///
/// Holds no timings, so the same property and seed give an equal report and a
/// byte-identical ``render(verbose:)`` (timings live in ``PropertyRun/timing``).
public struct PropertyReport: Sendable, Equatable {
    /// Where the failing case came from.
    public enum Origin: Sendable, Equatable {
        /// The property's n-th explicit example value (1-based).
        case example(Int)
        /// The configuration's n-th explicit choice sequence (1-based).
        case choiceExample(Int)
        /// The n-th saved regression (1-based).
        case regression(Int)
        /// The n-th generated case (1-based).
        case generated(Int)
        /// The n-th pinned case, replayed after generation (1-based; see
        /// ``RunConfiguration/pinnedCases``).
        case pinned(Int)
        /// The n-th case of the targeted phase (1-based; see ``CaseContext/target(_:label:)``).
        case targeted(Int)
    }

    /// The property's name.
    public let propertyName: String
    /// The seed of the run.
    public let seed: Seed
    /// Where the failing case came from.
    public let origin: Origin
    /// Cases that passed before the failing one (examples and regressions included).
    public let casesBeforeFailure: Int
    /// The failing case as first found, pretty-printed.
    public let originalCounterexample: String
    /// Why the original case failed.
    public let originalMessage: String
    /// The shrunk case, pretty-printed.
    public let minimalCounterexample: String
    /// Why the shrunk case failed.
    public let minimalMessage: String
    /// Accepted shrink steps.
    public let shrinkSteps: Int
    /// Property evaluations spent shrinking.
    public let shrinkAttempts: Int
    /// Why shrinking stopped.
    public let shrinkStop: ShrinkStopReason
    /// Choices rebuilding the minimal case; `nil` for an explicit example value.
    public let minimalChoices: ChoiceSequence?
    /// The one-line command replaying this run; for one of ``otherFailures``, the command
    /// replaying its own minimal case when the run's ``ReplayCommand`` can select a case.
    public internal(set) var replayCommand: String
    /// Remarks such as a regression file that could not be written.
    public internal(set) var notes: [String]
    /// Where each numeric input of the minimal case stops failing (empty when boundary
    /// search is off, or the case has no numeric draw).
    public var boundaries: [InputBoundary] = []
    /// Property evaluations spent on ``boundaries``.
    public var boundaryEvaluations = 0
    /// Of ``boundaryEvaluations``, those that checked the property; the others reused the
    /// outcome of a choice sequence the shrink (or the search itself) had already checked.
    public var boundaryChecks = 0
    /// How large the minimal case's failure is, when the property says (see ``FailureSize``).
    public var minimalSize: FailureSize?
    /// The run's other distinct failures (see ``FailureSignature``), in the order found, each
    /// shrunk on its own and keeping its kind, with its own report; this report is the first
    /// failure found, the headline. Empty when the run found one kind of failure.
    public var otherFailures: [PropertyReport] = []

    /// The human-readable report; ends with the replay command.
    ///
    /// `verbose` (the default) includes the engine's internals: the shrink counts, the
    /// minimal choice sequence, and the boundary of an input no generator named by its place
    /// in that sequence (`double at choice 2`). Without it, such an input is "an unnamed
    /// double" and the counts and choices are left out (``RunSettings/reportsInternals``).
    public func render(verbose: Bool = true) -> String {
        var lines = ["Property \"\(propertyName)\" failed on \(originText) after \(casesBeforeFailure) passing cases."]
        lines.append("  seed: \(seed)")
        lines.append("  original counterexample: \(ReportText.indented(originalCounterexample, by: "    "))")
        lines.append("    failure: \(ReportText.indented(originalMessage, by: "      "))")
        lines.append("  minimal counterexample: \(ReportText.indented(minimalCounterexample, by: "    "))")
        lines.append("    failure: \(ReportText.indented(minimalMessage, by: "      "))")
        if let minimalSize { lines.append("    size: \(minimalSize.judged)") }
        if verbose {
            lines.append("  shrinking: \(shrinkSteps) steps, \(shrinkAttempts) attempts, \(shrinkStop.description)")
            if let minimalChoices {
                lines.append("  minimal choices: [\(minimalChoices)]")
            } else {
                lines.append("  minimal choices: none (an explicit example value is not shrunk)")
            }
        }
        if !boundaries.isEmpty {
            lines.append(
                """
                  boundaries (each numeric input moved alone toward a passing value; \(boundaryEvaluations) \
                evaluations):
                """)
            for boundary in boundaries {
                let text = "\(boundary)"
                lines.append(
                    "    "
                        + (verbose
                            ? text : text.replacing(/(integer|double|float) at choice [0-9]+/) { "an unnamed \($0.1)" })
                )
            }
        }
        for note in notes { lines.append("  note: \(note)") }
        lines.append("  replay: \(replayCommand)")
        for (offset, other) in otherFailures.enumerated() {
            lines.append("  distinct failure \(offset + 2) of \(otherFailures.count + 1):")
            lines += other.render().split(separator: "\n").dropFirst().map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    var originText: String {
        switch origin {
        case let .example(index): "explicit example \(index)"
        case let .choiceExample(index): "explicit choice example \(index)"
        case let .regression(index): "saved regression \(index)"
        case let .generated(index): "generated case \(index)"
        case let .pinned(index): "pinned minimal case \(index) (replayed after the generated cases)"
        case let .targeted(index): "targeted case \(index) (hill-climbing toward larger scores)"
        }
    }
}

/// Why the shrinker stopped.
public enum ShrinkStopReason: Sendable, Equatable, CustomStringConvertible {
    /// No pass could simplify further: the case is locally minimal.
    case fixpoint
    /// ``RunConfiguration/shrinkStepLimit`` was reached.
    case stepLimit
    /// ``RunConfiguration/shrinkAttemptLimit`` was reached.
    case attemptLimit
    /// ``RunConfiguration/shrinkTimeLimit`` was reached.
    case timeLimit
    /// The failure did not reproduce when replayed (the property is not deterministic).
    case notReproducible
    /// The failing case was discarded when checked again (``CaseDiscarded``: an
    /// implementation that stopped answering for good): reported as found.
    case notRechecked
    /// Nothing to shrink (an explicit example value).
    case notShrinkable

    /// A phrase for reports.
    public var description: String {
        switch self {
        case .fixpoint: "stopped at a fixpoint"
        case .stepLimit: "stopped at the step limit"
        case .attemptLimit: "stopped at the attempt limit"
        case .timeLimit: "stopped at the time limit (result may vary between machines)"
        case .notReproducible: "not shrunk: the failure did not reproduce on replay"
        case .notRechecked: "not shrunk: the failing case was discarded when checked again"
        case .notShrinkable: "not shrunk: explicit example value"
        }
    }
}
