/// A generated run of a ``StateMachine``: its steps, in order, ready to execute and to print.
///
/// Skipped steps (a precondition that no longer held on replay) are not in ``steps``.
public struct CommandSequence<Model: Sendable, System>: Sendable, CustomStringConvertible {
    /// The machine the steps belong to.
    public let machine: StateMachine<Model, System>
    /// The steps that run, in order.
    public let steps: [StateMachineStep<Model, System>]

    /// The number of commands.
    public var count: Int { steps.count }

    /// The commands' names, in order (for tests and labels).
    public var commandNames: [String] { steps.map(\.commandName) }

    /// The sequence as Swift code: the machine's setup, then one line per command.
    public var code: String { ([machine.setupCode] + steps.map(\.code)).joined(separator: "\n") }

    /// The commands on one line, separated by `; ` (without the setup): for pins and tables.
    public var oneLine: String { steps.isEmpty ? "(no commands)" : steps.map(\.code).joined(separator: "; ") }

    /// ``code``.
    public var description: String { code }
}
