import Foundation
import GoldenCorpus

extension ZoomCheckCommand {
    /// `zoomcheck corpus`: verify golden corpus files.
    package static let corpus: ZoomCheckCommand = ZoomCheckCommand(
        name: "corpus", summary: "Verify golden corpus files (default Corpus/golden)",
        help: CommandHelp(
            overview: "Verify golden corpus files.", usage: "zoomcheck corpus [<path> ...]",
            arguments: [
                (
                    "path",
                    """
                    A corpus file (*.zc) or a directory searched for them\n(default: Corpus/golden). A path given \
                    twice is read once.
                    """
                )
            ], options: [],
            details: """
                Prints one line per case and implementation (PASS or FAIL with the observed and
                expected values), then a summary. The file format is in Corpus/README.md.

                EXIT STATUS: 0 every case passes, 1 a case fails, 64 usage error, 65 a file
                cannot be read (the message says why) or parsed (it names the file and line),
                74 when the output cannot be written.
                """
        ).text,
        run: { arguments, io throws(CommandError) in
            let paths = try CommandArguments.parse(arguments, options: [], allowsPositional: true).orUsageError()
                .positional
            return try CorpusCommand.run(paths: paths, standardOutput: { io.output.writeIgnoringFailure($0 + "\n") })
        })
}

/// `zoomcheck corpus [PATH...]`: verifies golden corpus files.
///
/// Prints one line per case and implementation (`PASS id (impl) verdict` or
/// `FAIL id (impl): ...` with observed vs expected and the error), then `N passed, N failed`.
/// Exit status: 0 when every case behaves as its verdict says, 1 on any failure, 65 when a
/// file cannot be read or parsed (the message names file and line), 64 on a usage error.
enum CorpusCommand {
    /// `Corpus/golden` of the package above the working directory, else of the package that
    /// holds the zoomcheck binary (as `check` finds its regressions), else `Corpus/golden`
    /// (reported as missing).
    static func defaultPath(search: RegressionsLocation.Search = .standard()) -> String {
        let golden = "Corpus/golden"
        if let root = RegressionsLocation.packageRoot(above: search.workingDirectory, holding: golden) {
            return root + "/" + golden
        }
        if let binary = search.binary,
            let root = RegressionsLocation.packageRoot(
                above: (binary as NSString).deletingLastPathComponent, holding: golden)
        {
            return root + "/" + golden
        }
        return golden
    }

    /// Verifies the corpus files at `paths` (default `Corpus/golden`); a path given twice
    /// is read once.
    static func run(paths requested: [String], standardOutput: (String) -> Void) throws(CommandError) -> Int32 {
        var seen = Set<String>()
        let paths = (requested.isEmpty ? [defaultPath()] : requested).filter {
            seen.insert(($0 as NSString).standardizingPath).inserted
        }
        let cases: [CorpusCase]
        do { cases = try CorpusLoader.load(paths: paths) } catch { throw .data("zoomcheck corpus: \(error)\n") }
        var passed = 0, failed = 0
        for corpusCase in cases {
            for outcome in CorpusEvaluator.evaluate(corpusCase) {
                if outcome.passed {
                    passed += 1
                    standardOutput("PASS \(outcome.caseID) (\(outcome.implementation)) \(corpusCase.verdict)")
                } else {
                    failed += 1
                    let details = outcome.failures.map(\.description).joined(separator: "; ")
                    standardOutput(
                        """
                        FAIL \(outcome.caseID) (\(outcome.implementation)) at \
                        \(corpusCase.file):\(corpusCase.line): \(details)
                        """)
                }
            }
        }
        standardOutput("\(passed) passed, \(failed) failed")
        return failed == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
