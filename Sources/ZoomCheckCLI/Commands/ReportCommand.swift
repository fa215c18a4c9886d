import PropertyCheck
import ZoomProperties

extension ZoomCheckCommand {
    /// `zoomcheck report`: the numeric edge cases of the seed code, measured.
    package static let report = ZoomCheckCommand(
        name: "report", summary: "Measure and print the seed code's numeric edge cases",
        help: CommandHelp(
            overview: "Measure and print the seed code's numeric edge cases.",
            usage: "zoomcheck report [--html <dir>] [--svg <dir>] [--markdown]", options: ReportCommand.options,
            details: """
                Measures the numeric edge cases of the documents' code and prints them: how far
                the single-precision latitude path strays (by 5° band, where it starts, where it
                is worst, whether it stays monotonic and symmetric); where the zoom round trip
                breaks for each viewport width; the viewport width from which zoom 0 spans more
                than 360°; the centre latitudes from which low zooms reach past the pole; the
                seed512/tile256 agreement; and the fit's thresholds. Every figure here is also
                asserted by a test (FindingsSurveyTests). Files are written to a temporary file
                and renamed.

                EXIT STATUS: 0; 64 for a usage error; 74 when a file or the output cannot be
                written.
                """
        ).text, run: ReportCommand.run)
}

/// The `report` command: `FindingsReport` on standard output.
enum ReportCommand {
    static let options: [OptionSpec] = [
        OptionSpec(
            "--html", "dir",
            """
            Also write DIR/index.html: the findings page of the seed port's\nrun (as check --html writes it), \
            then a plot of each survey,\nits caption, threshold and command.
            """), OptionSpec("--svg", "dir", "Also write each plot as DIR/NAME.svg."),
        OptionSpec("--markdown", "Print the findings as a Markdown list (the README's) instead\nof text."),
    ]

    /// Where the plots live, relative to the package root (CI/regenerate.sh rewrites the
    /// path for Documentation/findings.md, one level down).
    static let readmeFigureDirectory = "Documentation/figures"
    /// The plot the README shows.
    static let readmeFigure = "single-precision-error"

    static func run(_ arguments: [String], io: CommandIO) throws(CommandError) -> Int32 {
        let parsed = try CommandArguments.parse(arguments, options: options).orUsageError()
        let html = parsed.value("--html"), svg = parsed.value("--svg")
        let needsFigures = html != nil || svg != nil || parsed.flags.contains("--markdown")
        let figures = needsFigures ? FindingsFigures.all() : []
        let text = FindingsReport.render()
        do {
            if let html {
                try AtomicFile.write(page(figures: figures, text: text), to: html + "/index.html", regularOnly: true)
                // On standard error, so that standard output stays the report alone.
                io.errors.writeIgnoringFailure("zoomcheck report: wrote \(html)/index.html\n")
            }
            if let svg {
                try writePlots(figures.map { ($0.id, $0.plot.render() + "\n") }, into: svg)
                io.errors.writeIgnoringFailure("zoomcheck report: wrote \(figures.count) figures to \(svg)/\n")
            }
        } catch { throw .io("zoomcheck report: \(error)\n") }
        if parsed.flags.contains("--markdown") {
            io.output.writeIgnoringFailure(
                FindingsSurveys.markdown(figures, figureDirectory: readmeFigureDirectory, shownFigure: readmeFigure))
        } else {
            io.output.writeIgnoringFailure(text.joined(separator: "\n") + "\n")
        }
        return ExitStatus.success
    }

    /// Writes each plot as `DIRECTORY/ID.svg`. The names are zoomcheck's, inside a directory
    /// the user gave, so a path there that is not a regular file (a FIFO, a device) is refused
    /// as the page's `index.html` is, never written through: a FIFO would wait for a reader
    /// forever.
    static func writePlots(_ plots: [(id: String, svg: String)], into directory: String) throws(AtomicFile.WriteError) {
        for plot in plots { try AtomicFile.write(plot.svg, to: directory + "/\(plot.id).svg", regularOnly: true) }
    }

    /// The findings page of the seed port: its run of the catalogue with the pinned seed and
    /// case count (the run Documentation/findings.md's tables show), rendered as `check
    /// --html` renders any run, with the surveys after it.
    static func page(figures: [FindingsFigure], text: [String]) -> String {
        let settings = RunSettings.catalogueDefaults
        let subject = CatalogueSubject.seed
        let started = ContinuousClock.now
        let outcomes = CatalogueRunner(settings: settings).runAll(ZoomCatalogue.all, against: [subject])
        let run = CheckRun(
            header: CheckRun.Header(
                subjects: [subject], seed: settings.seed, caseCount: settings.caseCount,
                elapsed: ContinuousClock.now - started), outcomes: outcomes)
        let directory = FileSystem.currentDirectory()
        let display = ReplayDisplay(
            program: "zoomcheck", shown: "zoomcheck", seed: settings.seed, runDirectory: directory)
        let frame = CheckPage.Frame(
            title: "ZoomCheck: the numeric edge cases of the MKMapView zoom-level code",
            introduction: FindingsSurveys.introduction, writtenBy: "zoomcheck report --html DIR",
            sections: FindingsSurveys.htmlSections(figures, textReport: text))
        return CheckPage.html(run, replay: display, frame: frame)
    }
}
