import Foundation
import MercatorCore
import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck check`: the property catalogue against the implementations.
    public static let check = ZoomCheckCommand(
        name: "check", summary: "Run the property catalogue against the implementations (the CI gate)",
        help: CheckCommand.help, run: CheckCommand.run)
}

/// The `check` command: every property against every chosen implementation, in parallel,
/// judged against its expected verdict.
enum CheckCommand {
    static let help = """
        usage: zoomcheck check [--impl NAME]... [--property NAME]... [--seed S] [--cases N]
                               [--regressions DIR] [--exec-timeout SECONDS] [--gate defects|all]
                               [--junit PATH] [--json PATH] [--shard K/N]
                               [--list] [--print-pins] [--markdown]

        Runs every property of the catalogue against the corrected core and the seed port
        (or the --impl given: corrected, seed, seed-21, seed-mappoint, all, or exec:COMMAND
        for a program that speaks the JSON-lines protocol on stdin/stdout), through the same
        runner as the tests, spread over the machine's cores. Prints a line per property
        with the verdict per implementation, then a report for each failure: the seed,
        the original and minimal counterexamples and a one-line replay command.

        A property fails as expected when it is a documented finding of the seed code and its
        minimal counterexample is the pinned one (pins were recorded with the default seed;
        under another seed a finding must still fail, but its minimal counterexample is
        reported, not compared). Anything not pinned must hold.

        Every property is a defect (any correct Web-Mercator zoom arithmetic holds it) or a
        convention (a rule of ZoomCheck's that other code may legitimately not keep); the
        report keeps them apart. An exec: program is asked what it supports and which
        conventions it keeps ({"op":"describe"}); a property that needs what it lacks, or
        that it answers `unsupported`, is not applicable. Its counterexamples go to
        --regressions, or to ~/.cache/zoomcheck/regressions, never into the checkout.

        Exit status: 0 when no gated outcome is unexpected; 1 when an implementation fails a
        gated property it should hold, a finding stops reproducing, or its minimal
        counterexample changes; 64 for a usage error (including a malformed ZOOMCHECK_SEED or
        ZOOMCHECK_CASES). The gate covers both classes for the shipped implementations and
        defects only for exec: programs, unless --gate says otherwise.

          --seed S        run seed, decimal or 0x-hex (default: ZOOMCHECK_SEED, else 0x20100122)
          --cases N       cases per property (default: ZOOMCHECK_CASES, else 10000)
          --regressions   directory of saved counterexamples, replayed first
                          (default: Corpus/regressions when present)
          --exec-timeout  seconds an exec: program may take to answer one request (default 10)
          --gate          defects or all: the classes that fail the run (default: all for the
                          shipped implementations, defects for exec: programs)
          --junit PATH    also write the results as JUnit XML (one test case per property and
                          implementation; not applicable = skipped; expected findings pass)
          --json PATH     also write the results as JSON, schema zoomcheck.check/1 (README)
          --shard K/N     run only shard K of N: the runs (property × implementation, in
                          order) whose index is K − 1 modulo N; the N shards together are
                          exactly the unsharded run
          When GITHUB_ACTIONS=true, failures are also printed as GitHub annotations.
          --list          list the properties with their statements and bounds, and exit
          --print-pins    print the Swift source of the expected verdicts observed
          --markdown      print the README findings table instead of the report (with --list:
                          the table of properties, their classes, statements and bounds)

        """

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        let parsed: CommandArguments
        let options: CheckOptions
        switch CommandArguments.parse(arguments, valued: CheckOptions.valued.union(CheckOutputOptions.valued), flags: ["--list", "--print-pins", "--markdown"]) {
        case .failure(let message): return ZoomCheckMain.usageError(message.text, command: .check, io: io)
        case .success(let value): parsed = value
        }
        switch CheckOptions.from(parsed) {
        case .failure(let message): return ZoomCheckMain.usageError(message.text, command: .check, io: io)
        case .success(let value): options = value
        }
        if parsed.flags.contains("--list"), parsed.flags.contains("--markdown") {
            io.output.writeIgnoringFailure(CheckReport.propertiesTable(options.properties))
            return ExitStatus.success
        }
        if parsed.flags.contains("--list") {
            for property in options.properties {
                io.output.writeIgnoringFailure("\(property.name) [\(property.verdictClass), \(property.family)]\n  \(property.statement)\n  bound: \(property.bound)\n")
            }
            return ExitStatus.success
        }
        let outputs: CheckOutputOptions
        switch CheckOutputOptions.from(parsed) {
        case .failure(let message): return ZoomCheckMain.usageError(message.text, command: .check, io: io)
        case .success(let value): outputs = value
        }
        let started = ContinuousClock.now
        let outcomes = options.runner.runAll(pairs: outputs.shard.select(options.properties, options.implementations))
        let elapsed = ContinuousClock.now - started
        if parsed.flags.contains("--print-pins") {
            io.output.writeIgnoringFailure(ExpectedVerdicts.swiftSource(for: outcomes) + "\n")
        } else if parsed.flags.contains("--markdown") {
            io.output.writeIgnoringFailure(CheckReport.markdownTable(outcomes))
        } else {
            io.output.writeIgnoringFailure(CheckReport.text(outcomes, implementations: options.implementations, seed: options.seed, elapsed: elapsed,
                                                            gate: options.gateScope(for:), blocks: options.blocks, shard: outputs.shard))
        }
        do {
            try outputs.write(outcomes, options: options, elapsed: elapsed, io: io)
        } catch {
            io.errors.writeIgnoringFailure("zoomcheck check: \(error)\n")
            return ExitStatus.ioFailure
        }
        return outcomes.contains(where: options.blocks) ? ExitStatus.failure : ExitStatus.success
    }
}
