import Foundation
import GoldenCorpus

/// `zoomcheck corpus [PATH...]`: verifies golden corpus files.
///
/// Prints one line per case and implementation (`PASS id (impl) verdict` or
/// `FAIL id (impl): ...` with observed vs expected and the error), then `N passed, N failed`.
/// Exit status: 0 when every case behaves as its verdict says, 1 on any failure, 65 when a
/// file cannot be read or parsed (the message names file and line), 64 on a usage error.
/// Paths default to `Corpus/golden` under the current directory.
public enum CorpusCommand {
    /// Exit statuses (sysexits.h for the last two).
    public static let exitPassed: Int32 = 0
    public static let exitFailed: Int32 = 1
    public static let exitUsage: Int32 = 64
    public static let exitDataError: Int32 = 65

    public static let usage = """
        usage: zoomcheck corpus [PATH...]
          Verifies golden corpus files (*.zc; directories are searched). Default: Corpus/golden.
          Exit status: 0 all pass, 1 a case fails, 65 a file cannot be parsed, 64 usage error.
        """

    public static func run(arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void)
        -> Int32
    {
        if arguments.contains("-h") || arguments.contains("--help") {
            standardOutput(usage)
            return exitPassed
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            standardError("zoomcheck corpus: unknown option '\(option)'\n\(usage)")
            return exitUsage
        }
        return run(paths: arguments, standardOutput: standardOutput, standardError: standardError)
    }

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
    public static func run(paths requested: [String], standardOutput: (String) -> Void, standardError: (String) -> Void)
        -> Int32
    {
        var seen = Set<String>()
        let paths = (requested.isEmpty ? [defaultPath()] : requested).filter {
            seen.insert(($0 as NSString).standardizingPath).inserted
        }
        let cases: [CorpusCase]
        do { cases = try CorpusLoader.load(paths: paths) } catch {
            standardError("zoomcheck corpus: \(error)")
            return exitDataError
        }
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
        return failed == 0 ? exitPassed : exitFailed
    }
}
