import PropertyCheck

/// How the text report and the findings page print replay lines.
///
/// The lines a run builds replay from anywhere — the running binary's absolute path, the
/// seed's sixteen digits, a `(cd DIR && …)` first for an `exec:` program — and `--json`, JUnit
/// and the annotations keep them so. The text report names zoomcheck as the user ran it, with
/// the seed's short form; the page also names paths relative to the directory the run was
/// made in, and says once which directory that is.
struct ReplayDisplay {
    /// The program the lines are built with: the running binary's absolute path.
    var program: String
    /// How the user ran it (`ReplayProgram.shown`: `zoomcheck`, `swift run zoomcheck`, a path).
    var shown: String
    /// The run's seed.
    var seed: Seed
    /// The directory the run was made in.
    var runDirectory: String

    /// A line for the text report: the program as the user ran it, the short seed.
    func text(_ line: String) -> String { ReplayProgram.line(line, program: program, shown: shown, seed: seed) }

    /// Where the text report's lines must be run from — the run's directory, when they name
    /// zoomcheck by `swift run` or a relative path — or nil: anywhere.
    var textDirectory: String? { ReplayProgram.dependsOnDirectory(shown) ? runDirectory : nil }

    /// A line for the page, to run from ``runDirectory``: as ``text(_:)``, without the
    /// `(cd RUN-DIRECTORY && …)` around it, and with a `--regressions` path inside that
    /// directory written relative to it. A program's own command is left as its user wrote it.
    func page(_ line: String) -> String {
        var line = text(line)
        let opening = "(cd \(ReplayCommand.shellQuotedIfNeeded(runDirectory)) && "
        if line.hasPrefix(opening), line.hasSuffix(")") { line = String(line.dropFirst(opening.count).dropLast()) }
        let words = ReportLayout.shellWords(line)
        if let index = words.firstIndex(of: "--regressions"), index + 1 < words.count,
            words[index + 1].hasPrefix(runDirectory + "/")
        {
            let relative = String(words[index + 1].dropFirst(runDirectory.count + 1))
            line = line.replacingOccurrences(
                of: " --regressions \(words[index + 1])", with: " --regressions \(relative)")
        }
        return line
    }
}
