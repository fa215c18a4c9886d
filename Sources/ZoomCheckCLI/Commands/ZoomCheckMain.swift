import ZoomProtocol
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import PropertyCheck

/// Entry point of the `zoomcheck` command: dispatches to one `ZoomCheckCommand`.
///
/// `zoomcheck COMMAND [ARGUMENTS]`; `zoomcheck help [COMMAND]`, `--help` and `-h` print help
/// on standard output and exit 0. A missing or unknown command, or arguments a command
/// rejects, print a message and the usage on standard error and exit 64.
package enum ZoomCheckMain {
    /// Every command, in the order `help` lists them. Add new commands here.
    package static let commands: [ZoomCheckCommand] = [
        .check, .diff, .probe, .replay, .test, .report, .corpus, .eval, .bench,
    ]

    /// The version `--version` prints.
    package static let version = "2.1.0"

    /// Runs `zoomcheck` on the process's standard streams: SIGPIPE is ignored process-wide
    /// (a closed reader is EPIPE, reported as 74, never death by signal 141), so is SIGXFSZ
    /// (a file past `ulimit -f` is EFBIG, 74, never death by signal 153), and a closed
    /// standard descriptor is held by a read-only `/dev/null`, so that nothing zoomcheck
    /// opens (a pipe to an exec: program, a regressions file) can take its place and
    /// receive the report, and writing the report fails as it should (EBADF, exit 74).
    package static func run(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // Past `ulimit -f`, a write fails with EFBIG (an output is lost: exit 74, its
        // temporary file removed) instead of SIGXFSZ ending zoomcheck without a word.
        signal(SIGXFSZ, SIG_IGN)
        // The terminating signals must reach zoomcheck (it stops its exec: programs' process
        // groups and removes its temporary files on them), even if the parent started it
        // with them blocked; threads started later inherit this mask. An inherited SIG_IGN
        // (nohup) is kept. Installed now, so that SIGQUIT ends zoomcheck from the start.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in ExitCleanup.signals { sigaddset(&handled, signal) }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        ExitCleanup.installHandlers()
        // Temporary files that stay open across calls (observation files) are removed too.
        TemporaryFile.setExitTracking { path in
            let slot = ExitCleanup.removeOnExit(path)
            return { ExitCleanup.forget(slot) }
        }
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", O_RDONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
        return run(arguments, io: .standard())
    }

    /// Runs `zoomcheck` with `arguments` (the first is the program name) on `io`.
    ///
    /// Whatever the command, if its standard output could not be written (a full disk,
    /// a closed descriptor, a reader that went away), the exit status is 74 and standard
    /// error says why: a report that was lost never passes.
    package static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        let output = RecordingSink(io.output)
        var recorded = io
        recorded.output = output
        let status = dispatch(Array(arguments.dropFirst()), io: recorded)
        if let failure = output.failure {
            if !output.reported { io.errors.writeIgnoringFailure("zoomcheck: \(failure): the output is incomplete\n") }
            return ExitStatus.ioFailure
        }
        return status
    }

    static func dispatch(_ words: [String], io: CommandIO) -> Int32 {
        guard let first = words.first else { return usageError("missing command", io: io) }
        if first == "--version" {
            io.output.writeIgnoringFailure("zoomcheck \(version)\n")
            return ExitStatus.success
        }
        if isHelpFlag(first) || first == "help" {
            let topic = words.dropFirst().first
            guard let topic, !isHelpFlag(topic) else {
                io.output.writeIgnoringFailure(usage)
                return ExitStatus.success
            }
            guard let command = command(named: topic) else {
                return usageError(
                    "unknown command '\(topic)'" + Suggestion.didYouMean(topic, among: commands.map(\.name)), io: io)
            }
            io.output.writeIgnoringFailure(command.help)
            return ExitStatus.success
        }
        guard let command = command(named: first) else {
            let message =
                first.hasPrefix("-") ? "unknown option '\(first)' (give a command first)" : "unknown command '\(first)'"
            return usageError(
                message + Suggestion.didYouMean(first, among: commands.map(\.name) + ["--help", "--version"]), io: io)
        }
        let rest = Array(words.dropFirst())
        let options = rest.prefix { $0 != "--" }
        if options.contains(where: isHelpFlag) {
            io.output.writeIgnoringFailure(command.help)
            return ExitStatus.success
        }
        if options.contains("--version") {
            io.output.writeIgnoringFailure("zoomcheck \(version)\n")
            return ExitStatus.success
        }
        if command.startsPrograms, let problem = DescriptorLimit.problem() {
            io.errors.writeIgnoringFailure("zoomcheck \(command.name): \(problem)\n")
            return ExitStatus.osError
        }
        do { return try command.run(rest, io) } catch {
            switch error {
            case .usage(let message): return usageError(message, command: command, io: io)
            case .data(let message), .unavailable(let message), .io(let message), .couldNotRun(let message):
                io.errors.writeIgnoringFailure(message)
                return error.status
            }
        }
    }

    /// The command called `name`, or nil.
    package static func command(named name: String) -> ZoomCheckCommand? { commands.first { $0.name == name } }

    /// The text of `zoomcheck help`: overview, usage, options and the command list.
    package static var usage: String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
        }
        return """
            OVERVIEW: Verifies the map-zoom arithmetic of MKMapView+ZoomLevel and its corrected core.

            USAGE: zoomcheck <subcommand> [<options>]
                   zoomcheck help [<subcommand>]

            OPTIONS:
              --version   Show the version.
              -h, --help  Show help information.

            SUBCOMMANDS:
            \(list.joined(separator: "\n"))

            See 'zoomcheck help <subcommand>' for detailed help.

            """
    }

    /// Reports a usage error on standard error: `zoomcheck COMMAND: MESSAGE`, the command's
    /// usage line and where its help is; returns 64.
    @discardableResult package static func usageError(
        _ message: String, command: ZoomCheckCommand? = nil, io: CommandIO
    ) -> Int32 {
        let prefix = command.map { "zoomcheck \($0.name)" } ?? "zoomcheck"
        let usageLine =
            command.flatMap { $0.help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") } }.map(String.init)
            ?? "USAGE: zoomcheck <subcommand> [<options>]"
        let helpCommand = command.map { "zoomcheck help \($0.name)" } ?? "zoomcheck help"
        // The message may quote what was typed: escaped, it cannot start or rewrite a line.
        io.errors.writeIgnoringFailure(
            """
            \(prefix): error: \(ProgramText.escaped(message))
            \(usageLine)
              See '\(helpCommand)' for more information.

            """)
        return ExitStatus.usage
    }

    private static func isHelpFlag(_ word: String) -> Bool { word == "--help" || word == "-h" }
}
