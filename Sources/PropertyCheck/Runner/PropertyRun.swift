/// Everything a run produced: the verdict, the typed counterexamples, the shrink trace and
/// timings (kept out of the verdict so that reports stay byte-identical between runs).
public struct PropertyRun<Value: Sendable>: Sendable {
    /// The verdict and its report.
    public let result: PropertyResult
    /// The failing value as first found, if a case failed.
    public let originalCounterexample: Value?
    /// The shrunk failing value, if a case failed.
    public let minimalCounterexample: Value?
    /// The accepted shrink steps, in order.
    public let shrinkTrace: [ShrinkStep]
    /// How long the phases took.
    public let timing: RunTiming

    /// The human-readable report (same as `result.render()`).
    public func render() -> String { result.render() }
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
    /// Searching the failure's boundaries after shrinking (zero when nothing failed or the
    /// search is off).
    public var boundaries: Duration = .zero
}
