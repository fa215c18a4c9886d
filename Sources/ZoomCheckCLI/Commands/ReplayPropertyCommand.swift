import Foundation
import PropertyCheck
import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck replay`: one property, one implementation, one seed, with the shrink steps.
    package static let replay = ZoomCheckCommand(
        name: "replay", summary: "Re-run one property with a seed and show every shrink step",
        help: ReplayPropertyCommand.help, run: ReplayPropertyCommand.run)
}

/// The `replay` command: what an engineer runs after a failure report, re-running one property
/// (not to be confused with `ReplayCommand`, the line a report prints to get here).
enum ReplayPropertyCommand {
    static let options: [OptionSpec] = [
        RunOption.property.withHelp("The property to re-run (required).", repeatable: false),
        RunOption.impl.withHelp(
            "The implementation, as check takes it, exec: included\n(default corrected).", repeatable: false),
        RunOption.libm.withHelp("portable or platform, as check takes it (default portable)."),
        RunOption.seed.withHelp("The seed the failure report printed (required)."),
        RunOption.cases.withHelp(
            """
            Cases to generate, \(CatalogueRunner.minimumCaseCount) or more
            (default: \(RunSettings.caseCountVariable), else \(CatalogueRunner.defaultCaseCount)).
            """), RunOption.regressions.withHelp("Saved counterexamples, replayed first (default as for check)."),
        RunOption.execTimeout,
        RunOption.observe.withHelp(
            "Also write what every case did as JSON lines, as check does\n(default: ZOOMCHECK_OBSERVE)."),
        RunOption.choices,
        RunOption.verbose.withHelp("Also print every shrink step and pass, shrink counts and choice\nsequences."),
    ]

    static let help = CommandHelp(
        overview: "Re-run one property with a seed and show every shrink step.",
        usage: "zoomcheck replay --property <name> [--impl <name>] --seed <seed> [<options>]", options: options,
        details: """
            Re-runs one property against one implementation with the seed a failure report
            printed, and prints the failure: what is wrong, the minimal counterexample, how big
            the error is, where the first failing case came from and what it was, whether the
            failure reproduced, and the expected verdict (--verbose: every shrink step too),
            then the run's other distinct failures. With --choices (the replay line of a later
            distinct failure) that case is checked first, and a failure there ends the run.
            The same seed gives the same cases and the same minimal counterexamples on every
            machine, in debug and release.

            EXIT STATUS (every replay line keeps it, so that one is a `git bisect run`
            script as it is):
              0    the property holds with this seed and case count: nothing reproduced
              1    the failure reproduced (a documented finding too: it is a failure)
              125  it could not run: the exec: program cannot start, or the property
                   does not apply or gave no verdict (git bisect's "skip")
              64   usage error; 74 the output cannot be written
            The last line also says whether the outcome is the expected one.
            """
    ).text

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: Self.options).orUsageError()
        let options = try ReplayOptions.from(parsed, replayProgram: io.replayProgram).orUsageError()
        if let program = options.program, let problem = program.problem() {
            throw .couldNotRun(CheckCommand.cannotStart(problem, command: program.command, in: .replay))
        }
        CacheEntries.warn(options.notes, command: "replay", io: io)
        let outcome = options.runner.run(options.property, against: options.subject)
        let verbose = parsed.has(RunOption.verbose)
        let display = ReplayDisplay(
            program: io.replayProgram, shown: io.shownReplayProgram ?? io.replayProgram,
            seed: options.runner.settings.seed, runDirectory: FileSystem.currentDirectory())
        let replay = display.text
        var lines = options.notes.flatMap { ReportLayout.wrap($0, lead: "", hanging: "    ") }
        lines.append("\(outcome.property.name) @ \(outcome.implementationName) [\(outcome.property.verdictClass)]")
        if let report = outcome.run?.result.failure {
            lines += ReportLayout.failure(report, outcome: outcome, indent: "  ", verbose: verbose, replay: replay)
        } else {
            lines += ReportLayout.outcome(outcome, verbose: verbose, replay: replay).filter {
                !$0.hasPrefix("  expected: ") && !$0.hasPrefix("  observed: ")
            }
        }
        if verbose, let steps = outcome.run?.shrinkSteps, !steps.isEmpty {
            lines.append("shrink steps (\(steps.count)):")
            lines += steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        }
        if verbose, let passes = outcome.run?.shrinkPasses, !passes.isEmpty {
            // What each pass cost: a pass that spends many attempts for few steps shows here.
            lines.append("shrink passes (attempts, accepted):")
            lines += passes.map { "  \($0)" }
        }
        lines.append(reproduction(of: outcome))
        lines.append(
            """
            expected: \(outcome.expected); observed: \(outcome.observed.map(\.description) ?? "no verdict") — \
            \(outcome.isExpected ? "as expected" : "UNEXPECTED")
            """)
        io.output.writeIgnoringFailure(TerminalText.sanitized(lines.joined(separator: "\n") + "\n"))
        try CheckCommand.requireObservations(options.runner.settings, command: .replay)
        return status(of: outcome)
    }

    /// The replay line's exit status: 1 when a case failed (the failure reproduced), 0 when
    /// none did (the property holds with this seed and case count), ``ExitStatus/couldNotRun``
    /// when there is no verdict to tell (not applicable, gave up, could not start its run).
    static func status(of outcome: CatalogueOutcome) -> Int32 {
        switch outcome.run?.result {
        case .failed?: ExitStatus.failure
        case .passed?, .coverageFailed?: ExitStatus.success
        case .gaveUp?, .misconfigured?, nil: ExitStatus.couldNotRun
        }
    }

    /// What the replay found, in one line: the failure reproduced (with its minimal
    /// counterexample), or the property held with this seed and case count.
    static func reproduction(of outcome: CatalogueOutcome) -> String {
        let subject = "\(outcome.property.name) against \(outcome.implementationName)"
        switch outcome.run?.result {
        case .failed(let failure)?:
            return """
                replay: reproduced: \(subject) fails, minimal counterexample \(failure.minimalCounterexample)
                """
        case .passed?, .coverageFailed?:
            return "replay: \(subject) holds with this seed and case count: no failure to reproduce"
        default: return "replay: \(subject) gave no verdict: could not run (exit \(ExitStatus.couldNotRun))"
        }
    }
}

/// What `replay` runs: one property against one subject, with the run's settings, decided
/// once from the command line and the environment as `check` decides its own
/// (``CheckOptions/Run``).
struct ReplayOptions {
    let property: CatalogueProperty
    let subject: CatalogueSubject
    let runner: CatalogueRunner
    /// Lines for the report's header (as `check`'s).
    let notes: [String]
    /// The subject's program, when it is an `exec:` one, asked to start first.
    let program: CheckOptions.ProgramStart?

    /// The implementation replay runs without `--impl`: the corrected core (check's default
    /// selection is the corrected core, then the seed).
    static let defaultImplementation = "corrected"

    /// The case `--choices` names (the replay line of a later distinct failure), checked first,
    /// or none.
    static func choiceExamples(_ arguments: CommandArguments) throws(UsageMessage) -> [ChoiceSequence] {
        guard let text = arguments.value(RunOption.choices) else { return [] }
        guard let choices = ChoiceSequence(parsing: Substring(text)) else {
            throw UsageMessage(
                "\(RunOption.choices.name) takes decimal choices separated by spaces (as a replay line gives "
                    + "them), not '\(text)'")
        }
        return [choices]
    }

    static func from(
        _ arguments: CommandArguments, environment: [String: String] = ProcessInfo.processInfo.environment,
        location: RegressionsLocation.Search = .standard(), replayProgram: String = CommandIO.packageReplayProgram
    ) -> Result<ReplayOptions, UsageMessage> {
        guard let name = arguments.value(RunOption.property) else {
            return .failure(UsageMessage("replay needs --property NAME (the property the failure report named)"))
        }
        guard arguments.value(RunOption.seed) != nil else {
            return .failure(UsageMessage("replay needs --seed S (the seed the failure report printed)"))
        }
        let word = arguments.value(RunOption.impl) ?? defaultImplementation
        do throws(UsageMessage) {
            let run = try CheckOptions.Run.from(
                arguments, environment: environment, location: location, replayProgram: replayProgram)
            let property = try CheckOptions.property(named: name).get()
            let selected = try CheckOptions.selection([word], libm: run.libm, program: run.program).get()
            guard selected.count == 1, let one = selected.first else {
                throw UsageMessage("replay takes one implementation, not '\(word)'")
            }
            var made = run.made
            let subject = run.subject(one.subject, commandLineName: one.commandLineName, into: &made)
            // With --choices (the replay line of a later distinct failure) that case is checked
            // first, and a failure there ends the run.
            var runner = run.runner
            runner.choiceExamples = try ReplayOptions.choiceExamples(arguments)
            return .success(
                ReplayOptions(
                    property: property, subject: subject, runner: runner, notes: run.notes(made, subjects: [subject]),
                    program: made.programs.first))
        } catch { return .failure(error) }
    }
}
