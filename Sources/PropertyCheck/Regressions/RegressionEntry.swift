/// One saved counterexample: the choices of a minimal failing case and the seed that found it.
public struct RegressionEntry: Sendable, Equatable {
    /// The seed of the run that found the failure (for the record; replay uses `choices`).
    public let seed: Seed
    /// The choices that rebuild the minimal failing case.
    public let choices: ChoiceSequence

    /// A saved counterexample.
    public init(seed: Seed, choices: ChoiceSequence) {
        self.seed = seed
        self.choices = choices
    }
}
