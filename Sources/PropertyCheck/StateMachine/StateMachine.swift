/// A stateful, model-based property: commands with preconditions, a model, and invariants.
///
/// A state machine describes how to drive a *system under test* (any type, often a class)
/// through a sequence of commands while a *model* (a small value) predicts what the system
/// should be. The engine generates command sequences from the same choice sequence as every
/// other generator, so the ordinary shrinker makes counterexamples shorter (fewer
/// commands), simpler (earlier commands in ``commands``) and with simpler arguments; the
/// report prints the minimal sequence as Swift code a user could paste.
///
/// ```swift
/// let counter = StateMachine<Int, Counter>(
///     initialModel: 0,
///     system: { Counter() },
///     setupCode: "let counter = Counter()",
///     commands: [
///         .command("increment", code: "counter.increment()",
///                  run: { counter, _ in counter.increment() }, update: { $0 += 1 }),
///     ],
///     invariants: [
///         StateMachineInvariant("value matches the model") { counter, model in
///             try ensure(counter.value == model, "value \(counter.value), model \(model)")
///         },
///     ])
/// counter.property("counter", maxCommands: 10).run()
/// ```
///
/// Order of one step: the command's precondition is judged on the model; its arguments are
/// drawn (from a generator that may depend on the model); ``StateMachineCommand`` `run`
/// acts on the system and checks its postconditions against the model *before* the step;
/// the model is updated; every invariant is checked. The invariants are also checked once
/// before the first command.
///
/// Preconditions during shrinking and replay: a step whose command's precondition does not
/// hold for the model reached at that point (an earlier step was deleted, say) is *skipped*
/// deterministically — it draws no arguments and does nothing — and is left out of the
/// rendered code; since the shrinker prefers shorter choice sequences, it then deletes it.
/// Every replay therefore runs only commands whose preconditions hold.
///
/// Everything must be deterministic: the system's and the model's behaviour may depend only
/// on the commands and their arguments (no clocks, no `Double.random`, no hashing order).
public struct StateMachine<Model: Sendable, System>: Sendable {
    /// The model before the first command.
    public let initialModel: Model
    /// Makes a fresh system under test for each sequence; throwing fails the case.
    public let makeSystem: @Sendable () throws -> System
    /// The Swift code that creates the system, printed before the commands (one or more lines).
    public let setupCode: String
    /// The commands, simplest first: the shrinker moves steps toward earlier commands.
    public let commands: [StateMachineCommand<Model, System>]
    /// Checked before the first command and after every command.
    public let invariants: [StateMachineInvariant<Model, System>]

    /// A machine.
    ///
    /// - Precondition: `commands` is not empty (a programming error, not user input).
    public init(
        initialModel: Model, system makeSystem: @escaping @Sendable () throws -> System, setupCode: String,
        commands: [StateMachineCommand<Model, System>], invariants: [StateMachineInvariant<Model, System>] = []
    ) {
        precondition(!commands.isEmpty, "a StateMachine needs at least one command")
        self.initialModel = initialModel
        self.makeSystem = makeSystem
        self.setupCode = setupCode
        self.commands = commands
        self.invariants = invariants
    }
}

/// A claim about the system and the model that holds after every command.
public struct StateMachineInvariant<Model: Sendable, System>: Sendable {
    /// A short name, printed when the invariant fails ("value matches the model").
    public let name: String
    /// Throws (``ensure(_:_:fileID:line:)``, ``PropertyFailure``) when the claim does not hold.
    public let check: @Sendable (System, Model) throws -> Void

    /// An invariant called `name`.
    public init(_ name: String, check: @escaping @Sendable (System, Model) throws -> Void) {
        self.name = name
        self.check = check
    }
}
