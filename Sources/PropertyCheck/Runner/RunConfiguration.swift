import Foundation

/// How a property is run: its ``RunSettings`` (seed, case count, boundary search,
/// observations), shrink limits, extra cases, the replay command.
///
/// A configuration is used as it is: the engine never reads the environment. The entry points
/// that do (`expectProperty`, `expectCatalogue`, `Property.run()`, `zoomcheck check`) apply
/// `ZOOMCHECK_SEED`, `ZOOMCHECK_CASES`, `ZOOMCHECK_BOUNDARIES` and `ZOOMCHECK_OBSERVE` to the
/// settings they are given, once per run (see ``RunSettings``). A run is therefore
/// reproducible by default (``Seed/default``: the same cases on every run and machine, as with
/// Hypothesis's `derandomize`) and explores new cases only when asked (`ZOOMCHECK_SEED=random`,
/// a nightly profile). Reports always print the seed used.
public struct RunConfiguration: Sendable {
    /// The seed, case count, boundary search and observation directory of the run.
    public var settings: RunSettings

    /// The default ``coverageFalseFailureRate``.
    public static let defaultCoverageFalseFailureRate = 1e-9

    /// The largest probability that a run whose generator meets every coverage requirement
    /// of the property fails its coverage (see ``CoverageRequirement``): each of the
    /// property's `m` requirements is tested at this rate divided by `m`.
    public var coverageFalseFailureRate = RunConfiguration.defaultCoverageFalseFailureRate
    /// Most shrink steps (accepted simplifications) before shrinking stops.
    public var shrinkStepLimit: Int
    /// Most property evaluations while shrinking.
    public var shrinkAttemptLimit: Int
    /// Wall-clock bound on shrinking, a safety net: a run that hits it says so in its report,
    /// and its minimal case may then differ between machines.
    public var shrinkTimeLimit: Duration
    /// Choice sequences replayed before generation (after the property's own examples).
    public var examples: [ChoiceSequence]
    /// Saved counterexamples replayed before generation, after ``examples``.
    public var regressions: [ChoiceSequence]
    /// Choice sequences replayed after generation unless it found ``distinctFailureLimit``
    /// distinct failures: the pinned minimal cases of a documented finding (its headline's,
    /// then its other distinct failures'), so that the finding reproduces at any case count
    /// (a run of 1 case included) while a full run still finds it by generation. A pinned case
    /// of a kind generation found already is checked, not shrunk again.
    public var pinnedCases: [ChoiceSequence] = []
    /// Where regressions are loaded from (and the minimal failure saved to); `nil` for none.
    public var regressionStore: RegressionStore?
    /// Whether a failure's minimal choices are appended to ``regressionStore``.
    public var savesFailures: Bool
    /// Most discarded cases (see `Gen.filter`) before the run gives up; `nil` means as many
    /// as the case count (at least 10).
    public var discardLimit: Int?
    /// The replay command printed at the end of reports.
    public var replayCommand: ReplayCommand
    /// Longest a check may take on one case; a check still running then fails the case
    /// ("did not finish") and is abandoned — it runs on a thread of its own, so a hang
    /// costs that thread, not the test process — and the case is shrunk like any failure.
    /// `nil` (the default): no limit, and checks run inline, the fastest way.
    public var caseTimeLimit: Duration?
    /// Generated cases checked at once, on as many threads or in a ``caseBatch`` (at least 1,
    /// the default: each case inline, in turn). For a check that waits on something else — a
    /// program behind a pipe with room for many requests — a window keeps that many requests
    /// in flight. Cases are still drawn in order from the seed and judged in order, so a
    /// run's cases, verdict, counts and shrunk counterexample are the same for every window;
    /// shrinking, replays and the targeted phase stay one case at a time. The check must be
    /// safe to call from several threads at once (on threads), and its cases independent of
    /// each other. Ignored with a ``caseTimeLimit`` or an `async` check.
    public var caseWindow = 1
    /// How a ``caseWindow`` above 1 is checked: nil (the default), on as many threads; a
    /// ``CaseBatching``, on the runner's thread, each case suspended at its first question
    /// without an answer yet and checked again once the window's questions are answered
    /// together. The same cases and verdicts either way.
    public var caseBatch: (any CaseBatching)?
    /// The default ``distinctFailureLimit``: a few, so that a property broken in several
    /// ways shows each way without a run spending long on shrinking.
    public static let defaultDistinctFailureLimit = 4
    /// Most distinct failures a run reports (at least 1; see ``FailureSignature``). After the
    /// first failure is shrunk the run goes on generating, within its case budget, and shrinks
    /// each later failure of a kind not found yet, keeping its kind, until this many are found;
    /// the first stays the headline. 1 reports the first failure only, as a run did before.
    public var distinctFailureLimit = RunConfiguration.defaultDistinctFailureLimit
    /// Most property evaluations boundary search spends on one input (a 64-bit bisection
    /// needs at most 64, after at most 3 probes for a passing value).
    public var boundaryEvaluationsPerInput = 80
    /// Most property evaluations boundary search spends on one failure, all inputs together.
    public var boundaryEvaluationLimit = 1_000
    /// Share of the case budget spent hill-climbing when the property reports scores
    /// (``CaseContext/target(_:label:)``): the first `1 − share` of the cases are random, the
    /// rest targeted. Between 0 and 1; properties that report no score generate every case.
    public var targetingShare = 0.5
    /// Where and how the run writes its observations (see ``RunObservation``); nil: into the
    /// ``RunSettings/observationDirectory`` of the run's settings, if any.
    public var observation: RunObservation?

    /// A configuration running with `settings`; every other argument has a default.
    public init(
        settings: RunSettings, shrinkStepLimit: Int = 2_000, shrinkAttemptLimit: Int = 200_000,
        shrinkTimeLimit: Duration = .seconds(30), examples: [ChoiceSequence] = [], regressions: [ChoiceSequence] = [],
        regressionStore: RegressionStore? = nil, savesFailures: Bool = true, discardLimit: Int? = nil,
        replayCommand: ReplayCommand = .swiftTest, caseTimeLimit: Duration? = nil
    ) {
        self.settings = settings
        self.caseTimeLimit = caseTimeLimit
        self.shrinkStepLimit = shrinkStepLimit
        self.shrinkAttemptLimit = shrinkAttemptLimit
        self.shrinkTimeLimit = shrinkTimeLimit
        self.examples = examples
        self.regressions = regressions
        self.regressionStore = regressionStore
        self.savesFailures = savesFailures
        self.discardLimit = discardLimit
        self.replayCommand = replayCommand
    }

    /// Most discarded cases before the run gives up: ``discardLimit``, else as many as the
    /// case count (at least 10).
    var effectiveDiscardLimit: Int { discardLimit ?? Swift.max(10, settings.caseCount) }

    /// Where the run writes its observations: ``observation``, else the settings' directory.
    var effectiveObservation: RunObservation? {
        observation ?? settings.observationDirectory.map { RunObservation(directory: $0) }
    }

    /// Why the configuration cannot run, or nil.
    var problem: PropertyCheckError? {
        if let problem = settings.caseCountProblem(minimum: 0) {
            return .invalidConfiguration("caseCount \(problem.text)")
        }
        if distinctFailureLimit < 1 {
            return .invalidConfiguration("distinctFailureLimit must be at least 1 (\(distinctFailureLimit))")
        }
        return nil
    }
}
