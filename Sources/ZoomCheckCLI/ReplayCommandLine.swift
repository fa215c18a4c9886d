import MercatorCore
import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck replay`: one property, one implementation, one seed, with the shrink steps.
    public static let replay = ZoomCheckCommand(
        name: "replay", summary: "Re-run one property with a seed and show every shrink step",
        help: ReplayCommandLine.help, run: ReplayCommandLine.run)
}

/// The `replay` command: what an engineer runs after a failure report.
enum ReplayCommandLine {
    static let help = """
        usage: zoomcheck replay --property NAME [--impl NAME] --seed S [--cases N] [--regressions DIR]

        Re-runs one property against one implementation (default corrected) with the seed a
        failure report printed, and prints the full report: the original and the minimal
        counterexample, each shrink step, and the expected verdict. The same seed gives the
        same cases and the same minimal counterexample on every machine, in debug and
        release. Exit status: 0 when the outcome is the expected one, 1 otherwise, 64 for a
        usage error.

        """

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        let options: CheckOptions
        let parsed = CommandArguments.parse(arguments, valued: CheckOptions.valued, flags: []).flatMap { parsed -> Result<CheckOptions, UsageMessage> in
            guard parsed.all("--property").count == 1 else { return .failure(UsageMessage("replay needs exactly one --property")) }
            guard parsed.value("--seed") != nil else { return .failure(UsageMessage("replay needs --seed (the seed the failure report printed)")) }
            guard parsed.all("--impl").count <= 1, parsed.value("--impl") != "all" else { return .failure(UsageMessage("replay takes one --impl")) }
            return CheckOptions.from(parsed)
        }
        switch parsed {
        case .failure(let message): return ZoomCheckMain.usageError(message.text, command: .replay, io: io)
        case .success(let value): options = value
        }
        // Without --impl, replay the corrected core (check's default is corrected and seed).
        let implementation = arguments.contains("--impl") ? options.implementations[0] : BuiltInImplementations.corrected
        let outcome = options.runner.run(options.properties[0], against: implementation)
        var lines = [outcome.report()]
        if let steps = outcome.run?.shrinkSteps, !steps.isEmpty {
            lines.append("shrink steps (\(steps.count)):")
            lines += steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        }
        lines.append("expected: \(outcome.expected); observed: \(outcome.observed.map(\.description) ?? "no verdict") — \(outcome.isExpected ? "as expected" : "UNEXPECTED")")
        io.output.writeIgnoringFailure(lines.joined(separator: "\n") + "\n")
        return outcome.isExpected ? ExitStatus.success : ExitStatus.failure
    }
}
