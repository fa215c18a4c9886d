import Foundation
import MercatorCore
import PropertyCheck
import PropertyCheckBenchmarks
import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck bench`: speed figures, never pass/fail.
    package static let bench = ZoomCheckCommand(
        name: "bench", summary: "Measure engine, shrinker, conversion and catalogue speed",
        help: CommandHelp(
            overview: "Measure engine, shrinker, conversion and catalogue speed.", usage: "zoomcheck bench [--quick]",
            options: BenchCommand.options,
            details: """
                Prints speed figures (build with -c release for meaningful numbers): the property
                engine's cases per second (one double; arrays of 10 coordinates; P1's latitude
                round trip, beside a bare loop over the same check, with the ratio), the time and
                steps of each standard shrink, nanoseconds per conversion for each
                implementation, and the whole catalogue's cases per second. Then figures side
                by side, measured in the same run: the catalogue through `exec:zoomcheck eval`
                and through the Python example adapter (skipped, saying why, without
                python3), each with window 1 and 256 (the default) and beside the corrected
                core in process, and `exec:zoomcheck eval` with a window of 8 on threads; the
                fit family beside the rest; the failing runs on seed with boundary search
                beside without it. P1 also runs through the loop that keeps scores and
                through the observed loop expectProperty uses, beside the plain engine. A
                figure taken while the load average exceeded the number of cores is marked
                [busy]. Figures only: the command never fails on a time.

                EXIT STATUS: 0, 64 for a usage error, 74 when the output cannot be written.
                """
        ).text, run: BenchCommand.run)
}

/// The `bench` command: engine, conversion and catalogue speed figures.
enum BenchCommand {
    static let options = [OptionSpec("--quick", "Use smaller counts (a quick look, not a measurement).")]

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let quick = try CommandArguments.parse(arguments, options: options).orUsageError().has("--quick")
        var options = EngineBenchmark.Options()
        if quick { options.throughputCases = 100_000 }
        for figure in EngineBenchmark.run(options) { io.output.writeIgnoringFailure(figure.render() + "\n") }
        for line in RoundTripBenchmark.run(cases: options.throughputCases, repetitions: options.throughputRepetitions) {
            io.output.writeIgnoringFailure(line + "\n")
        }
        for line in ConversionBenchmark.run(iterations: quick ? 200_000 : 2_000_000) {
            io.output.writeIgnoringFailure(line + "\n")
        }
        let started = ContinuousClock.now
        let cpuBefore = PeerBenchmark.processorSeconds()
        let outcomes = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: quick ? 1_000 : 10_000))
            .runAll(ZoomCatalogue.all, against: [.corrected, .seed])
        let cpu = PeerBenchmark.processorSeconds() - cpuBefore
        let seconds = Swift.max((ContinuousClock.now - started).seconds, 1e-9)
        let cases = outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)
        io.output.writeIgnoringFailure(
            """
            catalogue (corrected and seed, as zoomcheck check runs it): \(outcomes.count) runs, \(cases) cases in \
            \(String(format: "%.2f", seconds)) s wall, \(String(format: "%.2f", cpu)) s CPU \
            (\(Int(Double(cases) / seconds)) cases/s)
            """ + PeerBenchmark.busyNote() + "\n")
        let peers = PeerBenchmark.run(cases: quick ? 300 : 2_000, catalogueCases: quick ? 1_000 : 10_000)
        for line in peers { io.output.writeIgnoringFailure(line + "\n") }
        return ExitStatus.success
    }
}
