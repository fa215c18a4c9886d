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
        RunOption.cases.withHelp("Cases to generate, 1 or more\n(default: ZOOMCHECK_CASES, else 10000)."),
        RunOption.regressions.withHelp("Saved counterexamples, replayed first (default as for check)."),
        RunOption.execTimeout,
        RunOption.observe.withHelp(
            "Also write what every case did as JSON lines, as check does\n(default: ZOOMCHECK_OBSERVE)."),
        RunOption.verbose.withHelp("Also print every shrink step and pass, shrink counts and choice\nsequences."),
    ]

    static let help = CommandHelp(
        overview: "Re-run one property with a seed and show every shrink step.",
        usage: "zoomcheck replay --property <name> [--impl <name>] --seed <seed> [<options>]", options: options,
        details: """
            Re-runs one property against one implementation with the seed a failure report
            printed, and prints the failure: what is wrong, the minimal counterexample, how big
            the error is, where the first failing case came from and what it was, whether the
            failure reproduced, and the expected verdict (--verbose: every shrink step too).
            The same seed gives the same cases and the same minimal counterexample on every
            machine, in debug and release.

            EXIT STATUS: 0 when the outcome is the expected one, 1 otherwise, 64 for a usage
            error, 69 when an exec: program cannot start, 74 when the output cannot be written.
            """
    ).text

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let options = try CommandArguments.parse(arguments, options: Self.options).flatMap {
            parsed -> Result<CheckOptions, UsageMessage> in
            guard parsed.value(RunOption.property) != nil else {
                return .failure(UsageMessage("replay needs --property NAME (the property the failure report named)"))
            }
            guard parsed.value(RunOption.seed) != nil else {
                return .failure(UsageMessage("replay needs --seed S (the seed the failure report printed)"))
            }
            guard parsed.value(RunOption.impl) != "all", parsed.value(RunOption.impl) != "controls",
                parsed.value(RunOption.impl) != "mutants"
            else {
                return .failure(UsageMessage("replay takes one implementation, not '\(parsed.value(RunOption.impl)!)'"))
            }
            return CheckOptions.from(parsed, replayProgram: io.replayProgram)
        }.orUsageError()
        try CheckCommand.checkThatProgramsStart(options, command: .replay)
        // The implementation given, or without --impl the corrected core: check's default
        // selection is the corrected core, then the seed.
        let outcome = options.runner.run(options.properties[0], against: options.subjects[0])
        let verbose =
            (try? CommandArguments.parse(arguments, options: Self.options).get())?.has(RunOption.verbose) == true
        let shown = io.shownReplayProgram ?? io.replayProgram
        let replay = { (line: String) in ReplayProgram.line(line, program: io.replayProgram, shown: shown) }
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
        try CheckCommand.requireObservations(options.settings, command: .replay)
        return outcome.isExpected ? ExitStatus.success : ExitStatus.failure
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
        case .passed?: return "replay: \(subject) holds with this seed and case count: no failure to reproduce"
        default: return "replay: \(subject) gave no verdict"
        }
    }
}
