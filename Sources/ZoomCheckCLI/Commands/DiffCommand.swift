import Foundation
import PropertyCheck
import ZoomProperties
import ZoomProtocol

extension ZoomCheckCommand {
    /// `zoomcheck diff`: two implementations asked the same requests, their disagreements shrunk.
    package static let diff = ZoomCheckCommand(
        name: "diff", summary: "Compare two implementations on the same requests and shrink each disagreement",
        help: DiffCommand.help, run: DiffCommand.run)
}

/// The `diff` command: every selected property's cases sent to two implementations; a case
/// where they disagree (``CataloguePair``) is a failure of "the two answer alike", shrunk and
/// replayed by the engine like any other.
enum DiffCommand {
    static let json = OptionSpec("--json", "path", "Also write the comparison as JSON, schema zoomcheck.diff/1.")
    static let html = OptionSpec(
        "--html", "path",
        """
        Also write the comparison as a self-contained HTML page: each
        disagreement's minimal request, both answers side by side, the
        reference's side, its replay line and a picture.
        """)

    static let options: [OptionSpec] = [
        RunOption.impl.withHelp(
            """
            An implementation, given twice: the first and the second, as check
            takes them (corrected, seed, a panel name, exec:COMMAND); the
            first's generators draw the cases.
            """), RunOption.property.withHelp("A property of the catalogue to compare on\n(default: every one)."),
        RunOption.seed, RunOption.cases, RunOption.execTimeout,
        RunOption.libm.withHelp("portable or platform, as check takes it (default portable)."), json, html,
        RunOption.choices, RunOption.verbose,
    ]

    static let help = CommandHelp(
        overview: "Compare two implementations on the same requests and shrink each disagreement.",
        usage: "zoomcheck diff --impl <first> --impl <second> [--property <name> ...] [<options>]", options: options,
        details: """
            Sends each property's generated requests (the catalogue's generators for the
            first implementation, the same seed) to both, one case at a time, and reports
            where they disagree by more than two correct programs may: the property holds
            for one and fails for the other; or both fail it, differently: two answers to
            the same request further apart than the sum of the budgets the catalogue allows
            each against the reference (a whole pixel at the zoom plus the rounding budget,
            for projected positions, unprojected coordinates, longitude spans and zoom
            readings), or refusals with different codes where the protocol fixes the code.
            Where both hold they agree. Each disagreement is shrunk to a minimal request,
            says which side the reference (the corrected core and the catalogue's
            properties) agrees with, and has a replay line that reruns exactly it. A
            documented finding of the seed ports is replayed as check replays it. Nothing
            is saved; --window does not apply (one request at a time).

            EXIT STATUS (as check's; in a `git bisect run` script, map 69 to 125):
              0   the two agree on every property compared
              1   they disagree on some property
              5   nothing was compared (every property not applicable to one of them)
              64  usage error (not exactly two --impl, an unknown name, a bad value)
              69  an exec: program cannot start
              74  the report, --json or --html could not be written (the file named;
                  a file is replaced whole or not at all)
            """
    ).text

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: Self.options).orUsageError()
        let options = try DiffOptions.from(parsed, replayProgram: io.replayProgram).orUsageError()
        for program in options.programs {
            if let problem = program.problem() {
                throw .unavailable(CheckCommand.cannotStart(problem, command: program.command, in: .diff))
            }
        }
        let started = ContinuousClock.now
        let outcomes = options.runner.compareAll(options.properties, options.pair)
        let elapsed = ContinuousClock.now - started
        let display = ReplayDisplay(
            program: io.replayProgram, shown: io.shownReplayProgram ?? io.replayProgram,
            seed: options.runner.settings.seed, runDirectory: FileSystem.currentDirectory())
        let verbose = parsed.has(RunOption.verbose)
        io.output.writeIgnoringFailure(
            TerminalText.sanitized(
                text(outcomes, options: options, elapsed: elapsed, verbose: verbose, replay: display.text)))
        if let path = parsed.value(json) {
            let document = DiffJSON.document(
                outcomes, pair: options.pair, settings: options.runner.settings, elapsed: elapsed)
            do { try AtomicFile.write(document.rendered(), to: path) } catch { throw .io("zoomcheck diff: \(error)\n") }
        }
        if let path = parsed.value(html) {
            let page = DiffPage.html(outcomes, options: options, replay: display)
            do { try AtomicFile.write(page, to: path) } catch { throw .io("zoomcheck diff: \(error)\n") }
            // On standard error, so that standard output stays the report alone.
            io.errors.writeIgnoringFailure("zoomcheck diff: wrote \(path)\n")
        }
        if outcomes.contains(where: \.differs) { return ExitStatus.failure }
        guard outcomes.contains(where: \.agrees) else {
            io.errors.writeIgnoringFailure(
                """
                zoomcheck diff: nothing was compared: no property applies to both \
                (exit \(ExitStatus.nothingChecked))

                """)
            return ExitStatus.nothingChecked
        }
        return ExitStatus.success
    }

    /// The word for one property's comparison.
    static func verdict(_ outcome: PairOutcome) -> String {
        if outcome.differs { return "DIFFER" }
        if outcome.agrees { return "agree" }
        return "n/a"
    }

    /// The text report: the header, a line per property, then each disagreement with its
    /// minimal request, which side the reference agrees with, and its replay line.
    static func text(
        _ outcomes: [PairOutcome], options: DiffOptions, elapsed: Duration, verbose: Bool, replay: (String) -> String
    ) -> String {
        let pair = options.pair, settings = options.runner.settings
        var lines = options.notes.flatMap { ReportLayout.wrap($0, lead: "", hanging: "    ") }
        lines.append("zoomcheck diff: \(pair.firstName) against \(pair.secondName)")
        lines += ReportLayout.wrap(
            "seed \(settings.seed.abbreviated), \(settings.caseCount) cases per property; the cases are drawn by "
                + "\(pair.firstName)'s generators; the reference is the corrected core", lead: "  ", hanging: "  ")
        let width = outcomes.map(\.property.name.count).max() ?? 0
        for outcome in outcomes {
            let name = outcome.property.name.padding(toLength: width, withPad: " ", startingAt: 0)
            var line = "  \(name)  \(verdict(outcome))"
            if !outcome.differs, let reason = outcome.notCompared { line += ": \(reason)" }
            lines += ReportLayout.wrap(line, lead: "", hanging: String(repeating: " ", count: width + 6))
        }
        for outcome in outcomes {
            guard let report = outcome.run?.result.failure else { continue }
            let all = [report] + report.otherFailures
            lines.append("")
            lines.append(
                "DIFFER \(outcome.property.name) [\(outcome.property.verdictClass)]"
                    + (all.count > 1 ? ": \(all.count) distinct disagreements" : ""))
            for (index, one) in all.enumerated() {
                if all.count > 1 { lines.append("  disagreement \(index + 1) of \(all.count):") }
                let indent = all.count > 1 ? "    " : "  "
                lines += ReportLayout.oneFailure(one, indent: indent, verbose: verbose, showsOrigin: verbose)
                if index < outcome.disagreements.count {
                    let agreement = outcome.disagreements[index].referenceAgreesWith
                    lines += ReportLayout.wrap(
                        agreement.words(pair.firstName, pair.secondName), lead: indent + "reference agrees with: ",
                        hanging: indent + "  ")
                }
                lines.append(ReportLayout.replay(replay(one.replayCommand), indent: indent))
            }
        }
        let differ = outcomes.filter(\.differs).count, agree = outcomes.filter(\.agrees).count
        let rest = outcomes.count - differ - agree
        lines.append("")
        lines.append(
            "\(outcomes.count) \(outcomes.count == 1 ? "property" : "properties"): \(differ) differ, \(agree) agree, "
                + "\(rest) not compared, in " + String(format: "%.2f s", elapsed.seconds))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What `diff` compares, decided once from the command line and the environment through the
/// options `check` and `replay` share (``CheckOptions/Run``).
struct DiffOptions {
    /// The properties compared: those selected that both sides' gates hold.
    let properties: [CatalogueProperty]
    /// The properties selected and not compared: outside a side's gate.
    var leftOut: [CatalogueProperty] = []
    let pair: CataloguePair
    let runner: CatalogueRunner
    let notes: [String]
    let programs: [CheckOptions.ProgramStart]

    static func from(
        _ arguments: CommandArguments, environment: [String: String] = ProcessInfo.processInfo.environment,
        replayProgram: String = CommandIO.packageReplayProgram
    ) -> Result<DiffOptions, UsageMessage> {
        let words = arguments.all(RunOption.impl)
        guard words.count == 2 else {
            return .failure(
                UsageMessage(
                    "diff compares two implementations: give --impl twice (the first and the second), not "
                        + (words.isEmpty ? "none" : words.map { "'\($0)'" }.joined(separator: ", "))))
        }
        for option in [DiffCommand.json, DiffCommand.html] {
            if let path = arguments.value(option), path.isEmpty {
                return .failure(UsageMessage("\(option.name) needs a file path"))
            }
        }
        if let json = arguments.value(DiffCommand.json), let html = arguments.value(DiffCommand.html),
            CheckOutputOptions.sameFile(json, html)
        {
            return .failure(
                UsageMessage(
                    "--json and --html name the same file (\(json), \(html)): the second would overwrite the first; "
                        + "give two paths"))
        }
        do throws(UsageMessage) {
            let run = try CheckOptions.Run.from(
                arguments, environment: environment, location: .standard(), replayProgram: replayProgram)
            let properties = try CheckOptions.properties(arguments.all(RunOption.property)).get()
            var made = run.made
            var subjects: [CatalogueSubject] = []
            for word in words {
                let selected = try CheckOptions.selection([word], libm: run.libm, program: run.program).get()
                guard selected.count == 1, let one = selected[0...].first else {
                    throw UsageMessage("diff compares two implementations, and '\(word)' selects \(selected.count)")
                }
                var subject = run.subject(one.subject, commandLineName: one.commandLineName, into: &made)
                subject.regressions = .nowhere
                subjects.append(subject)
            }
            var runner = run.runner
            runner.choiceExamples = try ReplayOptions.choiceExamples(arguments)
            // Two correct programs may differ on a convention either one leaves undeclared
            // (an exec: program's default gate): compared are the properties both gates hold.
            let compared = properties.filter { property in
                subjects.allSatisfy { property.isGated($0.gate, declared: $0.declaredConventions) }
            }
            var notes = CheckOptions.libmNotes(run.libm)
            if compared.count < properties.count {
                notes.append(
                    """
                    not compared: \(properties.count - compared.count) convention \
                    \(properties.count - compared.count == 1 ? "property" : "properties") outside a side's gate \
                    (a convention it does not declare, which a correct program may depart from)
                    """)
            }
            var pair = CataloguePair(subjects[0], subjects[1])
            let programs = subjects.contains { $0.command != nil }
            pair.replayLine = replayLine(
                program: replayProgram, implementations: words,
                arguments: run.replay.arguments
                    + (run.libm == .portable ? [] : [RunOption.libm.name, run.libm.rawValue]),
                workingDirectory: programs ? run.replay.workingDirectory : nil)
            // What making the subjects noted about regressions does not apply: diff saves nothing.
            var options = DiffOptions(
                properties: compared, pair: pair, runner: runner, notes: notes, programs: made.programs)
            options.leftOut = properties.filter { property in !compared.contains { $0.name == property.name } }
            return .success(options)
        } catch { return .failure(error) }
    }

    /// `program diff --impl FIRST --impl SECOND --property P --seed S --cases N`, then
    /// `--choices C` for one case, then the run's other settings; in a subshell that changes
    /// to `workingDirectory` first when one is given (an exec: command's relative paths).
    static func replayLine(program: String, implementations: [String], arguments: [String], workingDirectory: String?)
        -> @Sendable (String, Seed, Int, ChoiceSequence?) -> String
    {
        { property, seed, caseCount, choices in
            let all =
                ["diff"] + implementations.flatMap { [RunOption.impl.name, $0] } + [
                    RunOption.property.name, property, RunOption.seed.name, seed.description, RunOption.cases.name,
                    String(caseCount),
                ] + (choices.map { [RunOption.choices.name, $0.description] } ?? []) + arguments
            let line = ([program] + all.map(ReplayCommand.shellQuotedIfNeeded)).joined(separator: " ")
            return workingDirectory.map { "(cd \(ReplayCommand.shellQuotedIfNeeded($0)) && \(line))" } ?? line
        }
    }
}

/// `zoomcheck diff --json PATH`: the comparison as a versioned JSON document.
///
/// Schema `zoomcheck.diff/1` (Documentation/cli.md, "Two versions side by side: zoomcheck
/// diff"). A new optional member keeps the version; removing or changing the meaning of one
/// makes it `/2`.
enum DiffJSON {
    static let schema = "zoomcheck.diff/1"

    static func document(_ outcomes: [PairOutcome], pair: CataloguePair, settings: RunSettings, elapsed: Duration)
        -> JSONValue
    {
        func side(_ subject: CatalogueSubject, _ name: String) -> JSONValue {
            .object([
                ("name", .string(name)), ("command", .optional(subject.command)),
                ("capabilities", CheckResultsJSON.capabilities(subject.implementation.capabilities)),
            ])
        }
        let results: [JSONValue] = outcomes.map { outcome in
            let reports = outcome.run?.result.failure.map { [$0] + $0.otherFailures } ?? []
            let disagreements: [JSONValue] = reports.enumerated().map { index, report in
                var members = CheckResultsJSON.failureMembers(report)
                if index < outcome.disagreements.count {
                    let found = outcome.disagreements[index]
                    members.append(("kind", .string(found.kind.rawValue)))
                    members.append(("referenceAgreesWith", .string(found.referenceAgreesWith.rawValue)))
                }
                return .object(members)
            }
            return .object([
                ("property", .string(outcome.property.name)),
                ("class", .string(outcome.property.verdictClass.rawValue)),
                (
                    "verdict",
                    .string(DiffCommand.verdict(outcome) == "DIFFER" ? "differ" : DiffCommand.verdict(outcome))
                ), ("notComparedReason", .optional(outcome.differs ? nil : outcome.notCompared)),
                ("cases", .integer(outcome.run.map(DiffJSON.cases) ?? 0)),
                (
                    "pins",
                    .array(
                        outcome.run.map { run in ([run.pin].compactMap { $0 } + run.otherPins).map { .string($0) } }
                            ?? [])
                ), ("disagreements", .array(disagreements)),
            ])
        }
        return .object([
            ("schema", .string(schema)), ("seed", .string(settings.seed.description)),
            ("casesPerProperty", .integer(settings.caseCount)), ("first", side(pair.first, pair.firstName)),
            ("second", side(pair.second, pair.secondName)), ("reference", .string(pair.reference.name)),
            ("results", .array(results)),
            (
                "summary",
                .object([
                    ("properties", .integer(outcomes.count)), ("differ", .integer(outcomes.filter(\.differs).count)),
                    ("agree", .integer(outcomes.filter(\.agrees).count)),
                    ("seconds", .number((elapsed.seconds * 1000).rounded() / 1000)),
                ])
            ),
        ])
    }

    /// The cases a comparison checked: generated and replayed, before a disagreement or in all.
    static func cases(_ run: CatalogueRun) -> Int {
        switch run.result {
        case .passed(let report): report.generatedCases + report.replayedCases
        case .failed(let report): report.casesBeforeFailure + 1
        default: 0
        }
    }
}
