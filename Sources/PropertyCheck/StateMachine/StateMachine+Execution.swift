/// Running command sequences, and the property that does.
extension StateMachine {
    /// Runs `sequence` on a fresh system, checking postconditions and invariants.
    ///
    /// - Throws: ``PropertyFailure`` naming the step (1-based, with its code) and the
    ///   postcondition or invariant that failed, or the invariant that failed before any
    ///   command, signed as the postcondition's or invariant's own failure (each is a
    ///   clause); ``CaseDiscarded`` from a command or invariant, and any error from
    ///   ``makeSystem`` (a system that cannot be built: an implementation that cannot
    ///   express the session, say), pass through unchanged.
    public func execute(_ sequence: CommandSequence<Model, System>) throws {
        var system = try makeSystem()
        var model = initialModel
        try checkInvariants(system, model, after: nil)
        for (offset, step) in sequence.steps.enumerated() {
            do { try step.run(&system, model) } catch let discarded as CaseDiscarded { throw discarded } catch {
                throw PropertyFailure(
                    "step \(offset + 1) `\(step.code)`: postcondition failed: \(Self.message(of: error))",
                    signature: FailureSignature(of: error))
            }
            step.update(&model)
            try checkInvariants(system, model, after: (offset + 1, step))
        }
    }

    /// Checks every invariant; `after` is the step just run (nil: before the first command).
    private func checkInvariants(
        _ system: System, _ model: Model, after: (number: Int, step: StateMachineStep<Model, System>)?
    ) throws {
        for invariant in invariants {
            do { try invariant.check(system, model) } catch let discarded as CaseDiscarded { throw discarded } catch {
                let place = after.map { "after step \($0.number) `\($0.step.code)`" } ?? "before the first command"
                throw PropertyFailure(
                    "\(place): invariant \"\(invariant.name)\" failed: \(Self.message(of: error))",
                    signature: FailureSignature(of: error))
            }
        }
    }

    private static func message(of error: any Error) -> String {
        (error as? PropertyFailure)?.message ?? String(describing: error)
    }

    /// A property over sequences of at most `maxCommands` commands: it fails when a
    /// postcondition or an invariant does, and its report prints the minimal sequence as
    /// Swift code (``CommandSequence/code``) with the step that failed. Runs with the
    /// ordinary runner, shrinker, regressions and replay; each case is labelled with the
    /// names of the commands it ran.
    public func property(_ name: String, maxCommands: Int, coverage: [CoverageRequirement] = []) -> Property<
        CommandSequence<Model, System>
    > {
        let machine = self
        return Property(name, sequences(maxCommands: maxCommands), coverage: coverage, describe: { $0.code }) {
            sequence, context in
            for commandName in Set(sequence.commandNames).sorted() { context.label(commandName) }
            try machine.execute(sequence)
        }
    }
}
