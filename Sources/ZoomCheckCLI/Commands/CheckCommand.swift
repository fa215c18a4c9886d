import ZoomProtocol
import Foundation
import MercatorCore
import PropertyCheck
import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck check`: the property catalogue against the implementations.
    package static let check = ZoomCheckCommand(
        name: "check", summary: "Run the property catalogue against the implementations (the CI gate)",
        help: CheckCommand.help, run: CheckCommand.run)
}

/// The `check` command: every property against every chosen implementation, in parallel,
/// judged against its expected verdict.
enum CheckCommand {
    /// Every option `check` accepts, in the order its help lists them.
    static let options: [OptionSpec] = [
        RunOption.impl, RunOption.property, RunOption.seed, RunOption.cases, RunOption.regressions,
        RunOption.execTimeout, RunOption.window, RunOption.gate, RunOption.libm, CheckOption.junit, CheckOption.json,
        CheckOption.html, RunOption.observe, CheckOption.shard, CheckOption.failFast, CheckOption.list,
        CheckOption.printPins, RunOption.verbose, CheckOption.markdown,
    ]

    /// Options that only matter when properties run (meaningless with --list).
    static let runOnly = [
        RunOption.impl, RunOption.libm, RunOption.seed, RunOption.cases, RunOption.regressions, RunOption.execTimeout,
        RunOption.window, RunOption.gate, CheckOption.junit, CheckOption.json, CheckOption.html, RunOption.observe,
        CheckOption.shard, CheckOption.printPins, CheckOption.failFast, RunOption.verbose,
    ].map(\.name)

    static let help = CommandHelp(
        overview: "Run the property catalogue against the implementations (the CI gate).",
        usage: "zoomcheck check [--impl <name> ...] [--property <name> ...] [<options>]", options: options,
        details: """
            Runs every property against the corrected core and the seed port (or the --impl
            given), through the same runner as the tests, spread over the machine's cores.
            Prints the verdicts (a row per property, a column per implementation), then each
            failure, leading with what is wrong: the failure, the minimal counterexample, how
            big the error is, and a one-line replay command naming zoomcheck as you ran it
            (zoomcheck when it is the one on PATH, swift run zoomcheck in its package). Lines
            are at most 100 columns wide, replay lines aside; --verbose adds cases and times,
            shrink counts and choice sequences.

            A documented finding of the seed code must fail with its pinned minimal
            counterexample (pins were recorded with the default seed; under another seed it
            must still fail, and its minimal counterexample is reported, not compared); a
            finding reproduces at any --cases, since its pinned case is replayed when no
            generated case fails. Anything not pinned must hold.

            Every property is a defect (any correct Web-Mercator zoom arithmetic holds it) or
            a convention (a rule of ZoomCheck's that other code may legitimately not keep).
            An exec: program is asked what it supports ({"op":"describe"}); a property that
            needs what it lacks, or that it answers `unsupported`, is not applicable. It runs
            in a process group of its own: on a timeout, and when zoomcheck exits, the whole
            group is stopped. When GITHUB_ACTIONS=true, failures are also printed as GitHub
            annotations.

            EXIT STATUS:
              0   no gated outcome is unexpected
              1   an implementation fails a gated property it should hold, or a finding
                  stops reproducing or changes its minimal counterexample
              5   nothing was checked: for some implementation no gated property
                  checked a single case (a program answering `unsupported` to everything,
                  a --property or --shard selection with nothing gated in it)
              64  usage error: an option, value or environment variable (ZOOMCHECK_SEED,
                  ZOOMCHECK_CASES) is wrong, --regressions is not a readable directory, or
                  --observe (ZOOMCHECK_OBSERVE) or --html names something that is not a
                  directory
              69  an exec: program cannot start (EX_UNAVAILABLE: the command line is
                  well-formed, but the program it names is not found, not executable, or
                  exits before answering its first request); nothing is checked
              74  the report, --junit, --json or --html could not be written
            """
    ).text

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: Self.options).orUsageError()
        if let conflict = conflict(in: parsed) { throw .usage(conflict) }
        if parsed.has(CheckOption.list) {
            var properties = ZoomCatalogue.all
            if parsed.has(RunOption.property) {
                properties = try CheckOptions.properties(parsed.all(RunOption.property)).orUsageError()
            }
            if parsed.has(CheckOption.markdown) {
                io.output.writeIgnoringFailure(CheckReport.propertiesTable(properties))
            } else {
                for property in properties {
                    io.output.writeIgnoringFailure(
                        """
                        \(property.name) [\(property.verdictClass), \(property.family)]\n  \
                        \(property.statement)\n  bound: \(property.bound)\n
                        """)
                }
            }
            return ExitStatus.success
        }
        let options = try CheckOptions.from(parsed, replayProgram: io.replayProgram).orUsageError()
        let outputs = try CheckOutputOptions.from(parsed).orUsageError()
        if let clash = outputClash(outputs, observationDirectory: options.settings.observationDirectory) {
            throw .usage(clash)
        }
        try checkThatProgramsStart(options, command: .check)
        let started = ContinuousClock.now
        let pairs = outputs.shard.select(options.properties, options.subjects, cost: options.runner.expectedCases)
        var notes = options.notes
        CacheEntries.warn(notes, command: "check", io: io)
        let outcomes: [CatalogueOutcome]
        if parsed.has(CheckOption.failFast) {
            outcomes = options.runner.runAll(pairs: pairs, stoppingAt: { $0.blocksItsGate })
            if outcomes.count < pairs.count {
                notes.append(
                    """
                    --fail-fast: stopped at the first gated failure; \(pairs.count - outcomes.count) of \
                    \(pairs.count) runs not started
                    """)
            }
        } else {
            outcomes = options.runner.runAll(pairs: pairs)
        }
        let run = CheckRun(
            header: CheckRun.Header(
                subjects: options.subjects, seed: options.seed, caseCount: options.settings.caseCount,
                shard: outputs.shard, notes: notes, elapsed: ContinuousClock.now - started), outcomes: outcomes)
        let display = ReplayDisplay(
            program: io.replayProgram, shown: io.shownReplayProgram ?? io.replayProgram, seed: options.seed,
            runDirectory: FileSystem.currentDirectory())
        if parsed.has(CheckOption.printPins) {
            io.output.writeIgnoringFailure(CatalogueExpectations.recordedSource(for: outcomes))
        } else if parsed.has(CheckOption.markdown) {
            io.output.writeIgnoringFailure(CheckReport.markdownTable(outcomes))
        } else {
            io.output.writeIgnoringFailure(
                TerminalText.sanitized(CheckReport.text(run, verbose: parsed.has(RunOption.verbose), replay: display)))
        }
        do { try outputs.write(run, replay: display, io: io) } catch { throw .io("zoomcheck check: \(error)\n") }
        try requireObservations(options.settings, command: .check)
        if run.fails { return ExitStatus.failure }
        let unchecked = NothingChecked.reasons(run)
        guard unchecked.isEmpty else {
            io.errors.writeIgnoringFailure(
                unchecked.map { "zoomcheck check: \($0) (exit \(ExitStatus.nothingChecked))\n" }.joined())
            return ExitStatus.nothingChecked
        }
        return ExitStatus.success
    }

    /// Options that make no sense together, or nil.
    static func conflict(in parsed: CommandArguments) -> String? {
        if parsed.has(CheckOption.printPins), parsed.has(CheckOption.markdown) {
            return "\(CheckOption.printPins.name) and \(CheckOption.markdown.name) both choose what to print; give one"
        }
        if parsed.has(CheckOption.list), let other = runOnly.first(where: parsed.has) {
            return """
                \(CheckOption.list.name) prints the catalogue and runs nothing, so \(other) has no effect with it; \
                drop one
                """
        }
        return nil
    }

    /// Why `--json` or `--junit` would be overwritten by another output of the run, or nil:
    /// it names the findings page (`--html DIR` writes `DIR/index.html`) or a `.jsonl` file
    /// in the `--observe` directory (an observation file's name), by its own spelling or
    /// through the symbolic links it leads through (the file a write would replace).
    /// (`--junit F --json F` is refused when the outputs are parsed.)
    static func outputClash(_ outputs: CheckOutputOptions, observationDirectory: String?) -> String? {
        for (option, path) in [(CheckOption.json.name, outputs.jsonPath), (CheckOption.junit.name, outputs.junitPath)] {
            guard let path else { continue }
            for file in CheckOutputOptions.spellings(path) {
                if let clash = outputClash(option, path, file: file, outputs, observationDirectory) { return clash }
            }
        }
        return nil
    }

    /// Why `option path`, which writes `file`, would be overwritten by the page or an
    /// observation, or nil.
    private static func outputClash(
        _ option: String, _ path: String, file: String, _ outputs: CheckOutputOptions, _ observationDirectory: String?
    ) -> String? {
        if let html = outputs.htmlDirectory, CheckOutputOptions.sameFile(file, html + "/index.html") {
            return "\(option) \(path) is the findings page --html \(html) writes: one would replace the other"
        }
        let parent = (file as NSString).deletingLastPathComponent
        if let observed = observationDirectory, file.hasSuffix(".jsonl"),
            CheckOutputOptions.sameFile(parent.isEmpty ? "." : parent, observed)
        {
            return """
                \(option) \(path) is in the observation directory \(observed), where a .jsonl file may be one an \
                observation replaces: give a path outside it, or another extension
                """
        }
        return nil
    }

    /// Fails the command with 74 when an observation file could not be written (a directory
    /// planted at its name, a full or read-only disk, no descriptor left): a lost output never
    /// passes. Each file is named, with why.
    static func requireObservations(_ settings: RunSettings, command: ZoomCheckCommand) throws(CommandError) {
        guard let directory = settings.observationDirectory else { return }
        let losses = RunObservation.takeLosses(in: directory)
        guard !losses.isEmpty else { return }
        throw .io(
            losses.map { "zoomcheck \(command.name): \(ProgramText.escaped($0)) (its observations are lost)\n" }
                .joined())
    }

    /// Asks every exec: program to describe itself; one that cannot start stops the command
    /// (status 69) before anything runs, reported once.
    static func checkThatProgramsStart(_ options: CheckOptions, command: ZoomCheckCommand) throws(CommandError) {
        for program in options.programs {
            if let problem = program.problem() {
                throw .unavailable(cannotStart(problem, command: program.command, in: command))
            }
        }
    }

    /// What `command` prints when the exec: program `programCommand` cannot start.
    static func cannotStart(_ problem: String, command programCommand: String, in command: ZoomCheckCommand) -> String {
        """
        zoomcheck \(command.name): the exec: program cannot start: \(problem).
          command: /bin/sh -c \(ReplayCommand.shellQuoted(programCommand))
        Nothing was checked. Check the path (relative paths are resolved from \
        \(FileSystem.currentDirectory())) and that the program reads requests on standard input.

        """
    }
}
