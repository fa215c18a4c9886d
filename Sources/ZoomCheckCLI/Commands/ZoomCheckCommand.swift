/// One subcommand of `zoomcheck`: its name, its help text and what it does.
///
/// To add a command, define `extension ZoomCheckCommand { public static let name = ... }`
/// in a file of its own (`CheckCommand.swift`) and list it in `ZoomCheckMain.commands`.
package struct ZoomCheckCommand: Sendable {
    /// The word after `zoomcheck` (`eval`).
    package var name: String
    /// One line for the command list of `zoomcheck help`.
    package var summary: String
    /// The full help of `zoomcheck help NAME`: usage lines, then a description.
    package var help: String
    /// Runs the command with the arguments after its name; returns the exit status of a
    /// command that did its job (0, 1 or 5), and throws why it could not.
    ///
    /// `--help`/`-h` are answered by the dispatcher and never reach `run`, which also prints
    /// a thrown `CommandError` and maps it to its exit status.
    var run: @Sendable (_ arguments: [String], _ io: CommandIO) throws(CommandError) -> Int32

    /// Whether the command starts `exec:` programs and writes output files, and so needs
    /// ``DescriptorLimit/needed`` open files (checked before it runs).
    var startsPrograms: Bool { ["check", "probe", "replay", "bench"].contains(name) }

    init(
        name: String, summary: String, help: String,
        run: @escaping @Sendable (_ arguments: [String], _ io: CommandIO) throws(CommandError) -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.help = help
        self.run = run
    }
}
