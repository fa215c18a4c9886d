/// The best case targeted search found for one score label (see ``CaseContext/target(_:label:)``).
public struct TargetResult: Sendable, Equatable, CustomStringConvertible {
    /// The label the check reported the score under.
    public let label: String
    /// The largest score seen, in the property's own units.
    public let score: Double
    /// The case that reached it, pretty-printed.
    public let counterexample: String
    /// Choices rebuilding that case (replay them to get the value back).
    public let choices: ChoiceSequence
    /// The evaluation (1-based, random cases first, then targeted ones) at which the score
    /// was first reached.
    public let evaluation: Int

    /// `"label": score at case (evaluation n)`.
    public var description: String { "\"\(label)\": \(score) at \(counterexample) (evaluation \(evaluation))" }
}
