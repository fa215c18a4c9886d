import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck report`: the numeric edge cases of the seed code, measured.
    public static let report = ZoomCheckCommand(
        name: "report", summary: "Measure and print the seed code's numeric edge cases",
        help: CommandHelp(
            overview: "Measure and print the seed code's numeric edge cases.",
            usage: "zoomcheck report",
            options: [],
            details: """
                Measures the numeric edge cases of the documents' code and prints them: how far
                the single-precision latitude path strays (by 5° band, where it starts, where it
                is worst, whether it stays monotonic and symmetric); where the zoom round trip
                breaks for each viewport width; the viewport width from which zoom 0 spans more
                than 360°; the centre latitudes from which low zooms reach past the pole; the
                seed512/tile256 agreement; and the fit's thresholds. Every figure here is also
                asserted by a test (FindingsSurveyTests).

                EXIT STATUS: 0, 64 for a usage error, 74 when the output cannot be written.
                """).text,
        run: ReportCommand.run)
}

/// The `report` command: `FindingsReport` on standard output.
enum ReportCommand {
    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        if case .failure(let message) = CommandArguments.parse(arguments, options: []) {
            return ZoomCheckMain.usageError(message.text, command: .report, io: io)
        }
        io.output.writeIgnoringFailure(FindingsReport.render().joined(separator: "\n") + "\n")
        return ExitStatus.success
    }
}
