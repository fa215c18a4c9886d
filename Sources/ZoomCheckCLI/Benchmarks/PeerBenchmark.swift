import Foundation
import MercatorCore
import PropertyCheck
import ZoomProperties
import ZoomProtocol

/// `bench`'s side-by-side figures: each measured beside its peer in the same run, so that
/// the ratio means something on a shared machine — the catalogue through `exec:zoomcheck
/// eval` (one request per round trip, and with the default window) and through the Python
/// example adapter, each beside the corrected core in process; the fit family beside the
/// rest of the catalogue; failing runs with boundary search beside without. A figure taken
/// while the load average exceeded the core count is flagged as busy.
enum PeerBenchmark {
    /// The catalogue's cases per second against `implementation`, and the cases run.
    static func catalogueSpeed(_ subject: CatalogueSubject, cases: Int) -> (
        casesPerSecond: Double, cases: Int, seconds: Double
    ) {
        let started = ContinuousClock.now
        let outcomes = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: cases)).runAll(
            ZoomCatalogue.all, against: [subject])
        let seconds = Swift.max((ContinuousClock.now - started).seconds, 1e-9)
        let checked = outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)
        return (Double(checked) / seconds, checked, seconds)
    }

    /// The window of the threaded `exec:` figure: as many cases in flight as threads a
    /// machine runs without thrashing, which is what a window on threads was made for.
    static let threadedWindow = 8

    /// The lines of every side-by-side figure: `cases` per property through programs,
    /// `catalogueCases` (the run's own count) for boundary search, whose failing runs include
    /// the generated cases before a pinned failure is replayed.
    static func run(cases: Int, catalogueCases: Int) -> [String] {
        var lines: [String] = []
        let inProcess = catalogueSpeed(.corrected, cases: cases)
        lines.append(figure("catalogue in process (corrected)", inProcess))
        if let binary = FileSystem.executablePath() {
            let command = ReplayCommand.shellQuoted(binary) + " eval"
            for window in [1, ExternalImplementation.defaultWindow] {
                let external = catalogueSpeed(
                    CatalogueSubject(ExternalImplementation(command: command, window: window)), cases: cases)
                lines.append(
                    figure("catalogue through exec:zoomcheck eval, window \(window)", external, beside: inProcess))
            }
            // The window driver's other form: the same program, its window's cases on threads
            // (no batch), each thread waiting on its own request.
            var threaded = CatalogueSubject(ExternalImplementation(command: command, window: threadedWindow))
            threaded.requestBatch = nil
            lines.append(
                figure(
                    "catalogue through exec:zoomcheck eval, window \(threadedWindow) on threads",
                    catalogueSpeed(threaded, cases: cases), beside: inProcess))
        } else {
            lines.append("exec:zoomcheck eval: skipped (the running binary's path is unknown)")
        }
        lines.append(contentsOf: python(cases: cases, inProcess: inProcess))
        lines.append(contentsOf: fitFamily(cases: cases))
        lines.append(boundarySearch(cases: catalogueCases))
        return lines
    }

    /// The properties that fail on seed, run with boundary search and without it (in process,
    /// one property at a time, alternating, best of three each): what boundary search adds
    /// to a failing run.
    static func boundarySearch(cases: Int) -> String {
        func runner(_ boundaries: Bool) -> CatalogueRunner {
            CatalogueRunner(settings: RunSettings(caseCount: cases, searchesBoundaries: boundaries))
        }
        let failing = ZoomCatalogue.all.filter {
            if case .failed? = runner(false).run($0, against: .seed).run?.result { return true }
            return false
        }
        var with = Double.infinity, without = Double.infinity
        for _ in 0..<3 {
            for boundaries in [true, false] {
                let started = ContinuousClock.now
                for property in failing { _ = runner(boundaries).run(property, against: .seed) }
                let seconds = (ContinuousClock.now - started).seconds
                if boundaries { with = Swift.min(with, seconds) } else { without = Swift.min(without, seconds) }
            }
        }
        return """
            boundary search: the \(failing.count) properties failing on seed in \(String(format: "%.3f", with)) s \
            with it, \(String(format: "%.3f", without)) s without (\
            \(String(format: "%.2f", with / Swift.max(without, 1e-9)))×, target ≤ 1.2×)
            """ + busyNote()
    }

    /// CPU seconds (user and system) this process has used so far.
    static func processorSeconds() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

    /// The Python example adapter beside in-process, or why it was skipped.
    static func python(cases: Int, inProcess: (casesPerSecond: Double, cases: Int, seconds: Double)) -> [String] {
        let search = RegressionsLocation.Search.standard()
        let roots =
            [search.workingDirectory] + (search.binary.map { [($0 as NSString).deletingLastPathComponent] } ?? [])
        guard
            let root = roots.lazy.compactMap({
                RegressionsLocation.packageRoot(above: $0, holding: "Examples/python-adapter")
            }).first
        else {
            return [
                "Python adapter: skipped (Examples/python-adapter not found above the working directory or the binary)"
            ]
        }
        let command = "python3 " + ReplayCommand.shellQuoted(root + "/Examples/python-adapter/zoomcheck_adapter.py")
        if let problem = ExternalImplementation(command: command).startProblem {
            return ["Python adapter: skipped (python3 cannot run it: \(problem))"]
        }
        return [1, ExternalImplementation.defaultWindow].map { window in
            figure(
                "catalogue through the Python adapter, window \(window)",
                catalogueSpeed(
                    CatalogueSubject(ExternalImplementation(command: command, window: window)), cases: cases),
                beside: inProcess)
        }
    }

    /// The fit family's cases per second beside the rest of the catalogue's (corrected and
    /// seed, in process, one property at a time so the times do not overlap).
    static func fitFamily(cases: Int) -> [String] {
        var fit = (cases: 0, seconds: 0.0), rest = (cases: 0, seconds: 0.0)
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: cases))
        for property in ZoomCatalogue.all {
            for subject in [CatalogueSubject.corrected, .seed] {
                let started = ContinuousClock.now
                let checked = runner.run(property, against: subject).run?.timing.casesChecked ?? 0
                let seconds = (ContinuousClock.now - started).seconds
                if property.family == .fit {
                    fit.cases += checked
                    fit.seconds += seconds
                } else {
                    rest.cases += checked
                    rest.seconds += seconds
                }
            }
        }
        let fitSpeed = Double(fit.cases) / Swift.max(fit.seconds, 1e-9),
            restSpeed = Double(rest.cases) / Swift.max(rest.seconds, 1e-9)
        let share = fit.seconds / Swift.max(fit.seconds + rest.seconds, 1e-9)
        return [
            """
            fit family: \(fit.cases) cases in \(String(format: "%.2f", fit.seconds)) s (\(Int(fitSpeed)) cases/s, \
            \(Int((share * 100).rounded()))% of the catalogue's time)
            """ + """
                 beside the rest: \(rest.cases) cases in \(String(format: "%.2f", rest.seconds)) s \
                (\(Int(restSpeed)) cases/s)
                """ + busyNote()
        ]
    }

    /// One catalogue figure, with its ratio to `peer` when given.
    static func figure(
        _ label: String, _ speed: (casesPerSecond: Double, cases: Int, seconds: Double),
        beside peer: (casesPerSecond: Double, cases: Int, seconds: Double)? = nil
    ) -> String {
        var line = """
            \(label): \(speed.cases) cases in \(String(format: "%.2f", speed.seconds)) s \
            (\(Int(speed.casesPerSecond)) cases/s)
            """
        if let peer {
            line += """
                ; in process is \
                \(String(format: "%.2f", peer.casesPerSecond / Swift.max(speed.casesPerSecond, 1e-9)))× faster
                """
        }
        return line + busyNote()
    }

    /// ` [busy: load 3.1 on 2 cores]` when the 1-minute load average exceeds the core count
    /// (the figure then says more about the other work than about ZoomCheck), else nothing.
    static func busyNote() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
            let load = text.split(separator: " ").first.flatMap({ Double($0) })
        else { return "" }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return load > Double(cores) ? " [busy: load \(String(format: "%.1f", load)) on \(cores) cores]" : ""
    }
}
