import MercatorCore
import PropertyCheck

/// The session state machines of the catalogue: one per claim, implementation and convention.
enum SessionMachine {
    /// Most commands in a session: enough for several save/restore cycles around a fit,
    /// a resize and a pan, and short enough to keep a catalogue run fast.
    static let maxCommands = 10

    /// The machine checking `check` on `implementation` in `convention`. The commands are
    /// listed simplest first (the shrinker moves toward them): the read and restore the
    /// claim is about, then set centre, resize, pan and fit (when the implementation fits).
    static func machine(_ check: SessionCheck, _ implementation: any ZoomImplementation, _ convention: ZoomConvention)
        -> StateMachine<SessionModel, MapViewSession>
    {
        let capabilities = implementation.capabilities
        let save =
            check == .restoreKeepsTheLevel || check == .regionStaysValid
            ? SessionCommands.saveLevel : SessionCommands.saveZoom
        var commands = [
            save, SessionCommands.restore(check),
            SessionCommands.setCenter(fractional: capabilities.fractionalZooms, served: capabilities.servedZooms),
            SessionCommands.resize, SessionCommands.pan,
        ]
        if capabilities.supports(.fit) { commands.append(SessionCommands.fit) }
        if check == .restoreKeepsTheFit { commands = [SessionCommands.fit] + commands.filter { $0.name != "fit" } }
        return StateMachine(
            initialModel: SessionModel(convention: convention),
            system: { try MapViewSession(implementation, convention: convention) },
            setupCode: SessionCode.setup(implementation, convention), commands: commands,
            invariants: check == .regionStaysValid ? [SessionChecks.regionIsValid] : [])
    }

    /// Runs `sequence`'s commands in a session of `implementation` (held to its declaration or
    /// not: a session asks the implementation itself, as the generator's machine does), in the
    /// sequence's convention: the sequence's own machine when `implementation` is the one it was
    /// drawn for, another's when `zoomcheck diff` asks the second of a pair the same commands.
    static func execute(
        _ sequence: CommandSequence<SessionModel, MapViewSession>, against implementation: any ZoomImplementation
    ) throws {
        let machine = sequence.machine
        let base = (implementation as? DeclaredSupport)?.base ?? implementation
        guard let convention = machine.initialModel.convention, base is RecordingImplementation else {
            return try machine.execute(sequence)
        }
        try StateMachine(
            initialModel: machine.initialModel, system: { try MapViewSession(base, convention: convention) },
            setupCode: machine.setupCode, commands: machine.commands, invariants: machine.invariants
        ).execute(sequence)
    }

    /// Sessions of `implementation`: a convention it takes, then the commands.
    static func sessions(_ check: SessionCheck, _ implementation: any ZoomImplementation) -> Gen<
        CommandSequence<SessionModel, MapViewSession>
    > {
        let conventions = ZoomAndViewportGen.conventions(for: implementation)
        let machines = conventions.map { machine(check, implementation, $0).sequences(maxCommands: maxCommands) }
        return Gen.oneOf(machines)
    }

    /// A session on one line, as Swift a user can paste: the setup, then the commands,
    /// separated by `; ` (reports, pins and the findings tables' one-line cells).
    static func code(_ sequence: CommandSequence<SessionModel, MapViewSession>) -> String {
        sequence.steps.isEmpty ? sequence.machine.setupCode : sequence.machine.setupCode + "; " + sequence.oneLine
    }
}
