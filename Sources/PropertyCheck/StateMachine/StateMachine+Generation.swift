/// Generating command sequences through the choice sequence.
extension StateMachine {
    /// Sequences of at most `maxCommands` commands whose preconditions hold.
    ///
    /// Encoding, per step (one span, so deleting it removes exactly one command): a Bool
    /// "one more command?" (0 stops, so zero padding ends the sequence), the command's index
    /// in ``commands`` (so lowering it moves toward earlier, simpler commands), then the
    /// arguments' choices. While generating, the target length is drawn as an array's is
    /// (`Gen.drawTargetLength`), and the command is uniform among those whose precondition
    /// holds; when none holds the sequence ends. On replay a step whose command's
    /// precondition fails is skipped: it draws no arguments and is not in the sequence.
    ///
    /// - Precondition: `maxCommands >= 0`.
    public func sequences(maxCommands: Int) -> Gen<CommandSequence<Model, System>> {
        precondition(maxCommands >= 0, "maxCommands must not be negative")
        let machine = self
        let lastIndex = UInt64(commands.count - 1)
        return Gen { source throws(GenerationRejection) in
            let target =
                source.mode == .generate
                ? Gen<Int>.drawTargetLength(source, minimum: 0, maximum: maxCommands, spread: UInt64(maxCommands)) : 0
            var model = machine.initialModel
            var steps: [StateMachineStep<Model, System>] = []
            var drawn = 0
            while drawn < maxCommands {
                let start = source.beginSpan()
                let enabled = machine.commands.indices.filter { machine.commands[$0].precondition(model) }
                let more = try source.choose(maximum: 1, kind: .boolean) { _ in
                    drawn < target && !enabled.isEmpty ? 1 : 0
                }
                if more == 0 { break }
                let index = try source.choose(maximum: lastIndex, kind: .integer) { rng in
                    UInt64(enabled[Int(rng.nextThrough(UInt64(enabled.count - 1)))])
                }
                drawn += 1
                let command = machine.commands[Int(index)]
                if command.precondition(model) {
                    let step = try command.drawStep(model, source)
                    step.update(&model)
                    steps.append(step)
                }
                source.endSpan(start)
            }
            return CommandSequence(machine: machine, steps: steps)
        }
    }
}
