/// One kind of command of a ``StateMachine``: when it may run, what arguments it takes, how
/// it runs on the system, how it changes the model, and how it reads as Swift code.
///
/// Built with ``command(_:precondition:arguments:code:run:update:)`` (a command with
/// arguments) or ``command(_:precondition:code:run:update:)`` (one without); the argument
/// type is erased so that commands with different arguments sit in one list.
public struct StateMachineCommand<Model: Sendable, System>: Sendable {
    /// The command's name, for labels and reports.
    public let name: String
    /// Whether the command may run in a state of the model.
    public let precondition: @Sendable (Model) -> Bool
    /// Draws the arguments for the model's state and binds them into a step.
    let drawStep: @Sendable (Model, ChoiceSource) throws(GenerationRejection) -> StateMachineStep<Model, System>

    /// A command with arguments of type `Arguments`.
    ///
    /// - Parameters:
    ///   - name: The command's name.
    ///   - precondition: When the command may run (default: always). Judged on the model.
    ///   - arguments: The arguments' generator for a state of the model; simplest values first.
    ///   - code: The step as Swift code, e.g. `"stack.push(\(value))"`.
    ///   - run: Acts on the system and checks postconditions, given the model *before* the
    ///     step; throws (``ensure(_:_:fileID:line:)``) when a postcondition fails.
    ///   - update: The model's transition (pure: no access to the system).
    public static func command<Arguments: Sendable>(
        _ name: String, precondition: @escaping @Sendable (Model) -> Bool = { _ in true },
        arguments: @escaping @Sendable (Model) -> Gen<Arguments>, code: @escaping @Sendable (Arguments) -> String,
        run: @escaping @Sendable (inout System, Model, Arguments) throws -> Void,
        update: @escaping @Sendable (inout Model, Arguments) -> Void = { _, _ in }
    ) -> StateMachineCommand {
        StateMachineCommand(name: name, precondition: precondition) { model, source throws(GenerationRejection) in
            let value = try source.draw(arguments(model))
            return StateMachineStep(
                commandName: name, code: code(value), run: { system, model in try run(&system, model, value) },
                update: { model in update(&model, value) })
        }
    }

    /// A command without arguments.
    public static func command(
        _ name: String, precondition: @escaping @Sendable (Model) -> Bool = { _ in true }, code: String,
        run: @escaping @Sendable (inout System, Model) throws -> Void,
        update: @escaping @Sendable (inout Model) -> Void = { _ in }
    ) -> StateMachineCommand {
        command(
            name, precondition: precondition, arguments: { _ in Gen.constant(()) }, code: { _ in code },
            run: { system, model, _ in try run(&system, model) }, update: { model, _ in update(&model) })
    }
}

/// One step of a generated sequence: a command with its arguments bound.
public struct StateMachineStep<Model: Sendable, System>: Sendable {
    /// The command's name.
    public let commandName: String
    /// The step as Swift code.
    public let code: String
    /// Runs the step on the system given the model before it; throws when a postcondition fails.
    let run: @Sendable (inout System, Model) throws -> Void
    /// The model's transition.
    let update: @Sendable (inout Model) -> Void
}
