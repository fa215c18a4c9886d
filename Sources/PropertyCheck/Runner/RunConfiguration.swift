import Foundation

/// How a property is run: case count, seed, shrink limits, extra cases, replay command.
///
/// Precedence for the case count: an explicit ``caseCount`` wins, then the environment
/// variable `ZOOMCHECK_CASES` (for nightly runs), then ``defaultCaseCount``. For the seed:
/// an explicit ``seed`` wins, then `ZOOMCHECK_SEED` (decimal or `0x` hex, for replay; the word
/// `random` for a fresh seed from `SystemRandomNumberGenerator`), then ``fallbackSeed``, which
/// is ``Seed/default`` unless set to nil. A run is therefore reproducible by default — the
/// same cases on every run and machine, as with Hypothesis's `derandomize` — and explores
/// new cases only when asked (`ZOOMCHECK_SEED=random`, a nightly profile). Reports always
/// print the seed used.
public struct RunConfiguration: Sendable {
    /// Cases generated when neither the call nor the environment says otherwise.
    public static let defaultCaseCount = 100

    /// The default ``coverageFalseFailureRate``.
    public static let defaultCoverageFalseFailureRate = 1e-9

    /// The largest probability that a run whose generator meets every coverage requirement
    /// of the property fails its coverage (see ``CoverageRequirement``): each of the
    /// property's `m` requirements is tested at this rate divided by `m`.
    public var coverageFalseFailureRate = RunConfiguration.defaultCoverageFalseFailureRate

    /// Generated cases to run; `nil` defers to the environment, then the default.
    public var caseCount: Int?
    /// The seed; `nil` defers to the environment, then ``fallbackSeed``.
    public var seed: UInt64?
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
    /// Choice sequences replayed after generation when every generated case passed: the
    /// pinned minimal case of a documented finding, so that the finding reproduces at any
    /// case count (a run of 1 case included) while a full run still finds it by generation.
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
    /// Whether a failure's minimal case gets the boundary of each numeric input (see
    /// ``InputBoundary``): evaluations spent only on a failure, after shrinking. Also off
    /// when `ZOOMCHECK_BOUNDARIES` is `0` or `off`.
    public var searchesBoundaries = true
    /// Most property evaluations boundary search spends on one input (a 64-bit bisection
    /// needs at most 64, after at most 3 probes for a passing value).
    public var boundaryEvaluationsPerInput = 80
    /// Most property evaluations boundary search spends on one failure, all inputs together.
    public var boundaryEvaluationLimit = 1_000
    /// Share of the case budget spent hill-climbing when the property reports scores
    /// (``CaseContext/target(_:label:)``): the first `1 − share` of the cases are random, the
    /// rest targeted. Between 0 and 1; properties that report no score generate every case.
    public var targetingShare = 0.5
    /// Environment consulted for `ZOOMCHECK_SEED`/`ZOOMCHECK_CASES`; `nil` reads the process's.
    public var environment: [String: String]?
    /// The case count when neither `caseCount` nor `ZOOMCHECK_CASES` gives one.
    public var fallbackCaseCount = RunConfiguration.defaultCaseCount
    /// The seed when neither `seed` nor `ZOOMCHECK_SEED` gives one (``Seed/default``); nil: a
    /// fresh seed from the system's generator (always printed in failure reports).
    public var fallbackSeed: UInt64? = Seed.default.rawValue
    /// Settings resolved already (by `zoomcheck check`, or a caller that resolved them once
    /// for many runs): used as they are, in place of ``caseCount``, ``seed``, the environment
    /// and the fallbacks, which are then not read. ``searchesBoundaries`` still applies.
    public var settings: RunSettings?
    /// Where and how the run writes its observations (see ``RunObservation``); nil: into the
    /// ``RunSettings/observationDirectory`` of the run's settings (`ZOOMCHECK_OBSERVE` unless
    /// resolved already), if any.
    public var observation: RunObservation?

    /// A configuration; every argument has a default.
    public init(
        caseCount: Int? = nil, seed: UInt64? = nil, shrinkStepLimit: Int = 2_000, shrinkAttemptLimit: Int = 200_000,
        shrinkTimeLimit: Duration = .seconds(30), examples: [ChoiceSequence] = [], regressions: [ChoiceSequence] = [],
        regressionStore: RegressionStore? = nil, savesFailures: Bool = true, discardLimit: Int? = nil,
        replayCommand: ReplayCommand = .swiftTest, caseTimeLimit: Duration? = nil, environment: [String: String]? = nil
    ) {
        self.caseTimeLimit = caseTimeLimit
        self.caseCount = caseCount
        self.seed = seed
        self.shrinkStepLimit = shrinkStepLimit
        self.shrinkAttemptLimit = shrinkAttemptLimit
        self.shrinkTimeLimit = shrinkTimeLimit
        self.examples = examples
        self.regressions = regressions
        self.regressionStore = regressionStore
        self.savesFailures = savesFailures
        self.discardLimit = discardLimit
        self.replayCommand = replayCommand
        self.environment = environment
    }

    /// The values a run uses once precedence is applied.
    public struct Resolved: Sendable {
        /// Generated cases to run.
        public let caseCount: Int
        /// The seed of the run.
        public let seed: UInt64
        /// Most discarded cases before the run gives up.
        public let discardLimit: Int
        /// Whether boundary search runs after shrinking (configuration and environment).
        public var searchesBoundaries = true
        /// Where the run writes its observations; nil: it does not observe.
        public var observation: RunObservation?
    }

    /// Applies the precedence rules (explicit value, then the environment, then the fallback)
    /// through `RunSettings.resolve`, unless ``settings`` were resolved already; typed error for
    /// unusable environment values.
    public func resolve() throws(PropertyCheckError) -> Resolved {
        let settings: RunSettings
        if let given = self.settings {
            settings = given
        } else {
            settings = try RunSettings.resolve(
                seed: seed.map { Seed($0) }, caseCount: caseCount,
                environment: environment ?? ProcessInfo.processInfo.environment,
                fallbackSeed: fallbackSeed.map { Seed($0) }, fallbackCaseCount: fallbackCaseCount)
        }
        guard settings.caseCount >= 0 else {
            throw .invalidConfiguration("caseCount must not be negative (\(settings.caseCount))")
        }
        var resolved = Resolved(
            caseCount: settings.caseCount, seed: settings.seed.rawValue,
            discardLimit: discardLimit ?? Swift.max(10, settings.caseCount))
        resolved.searchesBoundaries = searchesBoundaries && settings.searchesBoundaries
        resolved.observation = observation ?? settings.observationDirectory.map { RunObservation(directory: $0) }
        return resolved
    }
}
