/// Everything a run produced: the verdict, the typed counterexamples, the shrink trace and
/// timings (kept out of the verdict so that reports stay byte-identical between runs).
public struct PropertyRun<Value: Sendable>: Sendable {
    /// The verdict and its report.
    public let result: PropertyResult
    /// The failing value as first found, if a case failed.
    public let originalCounterexample: Value?
    /// The shrunk failing value, if a case failed (the headline's, when the run found
    /// several distinct failures).
    public let minimalCounterexample: Value?
    /// The shrunk value of each other distinct failure, in the order of
    /// ``PropertyReport/otherFailures`` (empty when the run found one failure or none).
    public var otherMinimalCounterexamples: [Value] = []
    /// The accepted shrink steps, in order.
    public let shrinkTrace: [ShrinkStep]
    /// How long the phases took.
    public let timing: RunTiming
    /// Each shrink pass that evaluated a candidate, in the order a round runs them, with its
    /// attempts and accepted steps (empty when nothing was shrunk).
    public var shrinkPasses: [ShrinkPassCount] = []

    /// The human-readable report (same as `result.render(verbose:)`).
    public func render(verbose: Bool = true) -> String { result.render(verbose: verbose) }

    /// The shrink trace: each accepted step, then each pass's attempts and accepted steps.
    /// Empty when nothing was shrunk.
    ///
    /// ```
    /// shrink steps (2):
    ///   1. delete spans: [3]  [1 3]
    ///   2. lower integers: [1]  [1 1]
    /// shrink passes (attempts, accepted):
    ///   delete spans: 4, 1
    ///   lower integers: 9, 1
    /// ```
    public func renderShrinkTrace() -> String {
        guard !shrinkTrace.isEmpty || !shrinkPasses.isEmpty else { return "" }
        var lines = ["shrink steps (\(shrinkTrace.count)):"]
        lines += shrinkTrace.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("shrink passes (attempts, accepted):")
        lines += shrinkPasses.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// How one shrink pass fared over a whole shrink.
public struct ShrinkPassCount: Sendable, Equatable, CustomStringConvertible {
    /// The pass, as named in ``ShrinkStep/pass``.
    public let pass: String
    /// Candidates it had evaluated (each one property evaluation).
    public let attempts: Int
    /// Candidates it adopted (the steps of the trace it made).
    public let accepted: Int

    /// `lower integers: 9, 1` (attempts, accepted).
    public var description: String { "\(pass): \(attempts), \(accepted)" }
}

/// One accepted shrink step.
public struct ShrinkStep: Sendable, Equatable, CustomStringConvertible {
    /// The pass that made the step, e.g. `"lower integers"`.
    public let pass: String
    /// The choices after the step.
    public let choices: ChoiceSequence
    /// The value after the step, pretty-printed.
    public let value: String

    /// `pass: value  [choices]`.
    public var description: String { "\(pass): \(value)  [\(choices)]" }
}

/// Wall-clock durations of a run's phases; never part of a report.
public struct RunTiming: Sendable, Equatable {
    /// Replaying examples and regressions, and generating cases until a failure or the end.
    public var generation: Duration
    /// Shrinking the failure (zero when nothing failed).
    public var shrinking: Duration
    /// Cases checked during generation (replayed and generated).
    public var casesChecked: Int
    /// Saved counterexamples (and explicit choice sequences) replayed before generation, a
    /// failing one included: a run whose saved counterexample fails at once has checked that
    /// case, though ``casesChecked`` (the passing cases) is 0.
    public var casesReplayed = 0
    /// Searching the failure's boundaries after shrinking (zero when nothing failed or the
    /// search is off).
    public var boundaries: Duration = .zero
}
