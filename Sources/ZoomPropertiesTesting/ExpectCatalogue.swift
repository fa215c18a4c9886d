import Foundation
import MercatorCore
import PropertyCheck
import PropertyCheckTesting
import Testing
import ZoomProperties

/// Runs ZoomCheck's property catalogue against `implementation` inside a `@Test`, and records
/// one issue per property whose outcome fails `gate`, with the property's full report
/// (seed, original and minimal counterexamples, boundaries) and a replay line, as comment
/// and as attachment.
///
/// ```swift
/// @Test func catalogue() {
///     expectCatalogue(MyMercator())   // one issue per defect-class property it breaks
/// }
/// ```
///
/// - The replay line selects this test in its package (`ZOOMCHECK_SEED=0x… zoomcheck test
///   'Suite/test()'`, after `ZOOMCHECK_CASES=…`, at most 120 characters): the CLI
///   cannot select a type of yours, so a failure is replayed through `swift test`.
/// - Each issue's headline is the property's one-line failure (`fit-covers-every-point
///   [defect] fails for my-mercator, minimal counterexample …`); its comment is the report.
/// - `gate`: `.defects` (the default) records only defect-class properties — what any
///   correct Web-Mercator zoom arithmetic holds; a convention departure is recorded as a
///   warning, shown with the test, which does not fail it. `.all` records those too.
/// - `runner` sets the case count (default 10 000 per property), the seed (fixed
///   `0x20100122`) and where counterexamples are saved (nowhere by default).
///   `ZOOMCHECK_CASES`, `ZOOMCHECK_SEED` (`random` for a fresh one, drawn once for the whole
///   catalogue), `ZOOMCHECK_BOUNDARIES` and `ZOOMCHECK_OBSERVE` set theirs in place of the
///   runner's: the environment is the run's operator, the code's settings its defaults. An
///   unusable variable is an issue naming it, and nothing runs.
/// - Called with no property, or outside a running test, it records an issue: a catalogue
///   that checked nothing never passes silently.
/// - It prints a summary on standard output (``CatalogueSummary``): the properties run, the
///   cases, each n/a with its reason, and the rules the type declared with the properties that
///   judged them — so that a clean run says what it held the type to.
/// - A report leaves out the engine's internals unless `ZOOMCHECK_VERBOSE=1`; the attachment
///   has them.
///
/// - Returns: Every outcome, for further assertions.
@discardableResult public func expectCatalogue(
    _ implementation: any ZoomImplementation, properties: [CatalogueProperty] = ZoomCatalogue.all,
    gate: GateScope = .defects, runner: CatalogueRunner = CatalogueRunner(settings: .catalogueDefaults),
    sourceLocation: SourceLocation = #_sourceLocation
) -> [CatalogueOutcome] {
    var runner = runner
    do throws(PropertyCheckError) {
        runner.settings = try RunSettings.fromEnvironment(
            defaults: runner.settings, minimumCaseCount: CatalogueRunner.minimumCaseCount)
    } catch {
        Issue.record("expectCatalogue(\(implementation.name)) cannot run: \(error)", sourceLocation: sourceLocation)
        return []
    }
    guard let test = Test.current else {
        Issue.record(
            "expectCatalogue(\(implementation.name)) ran outside a Swift Testing test: nothing was checked",
            sourceLocation: sourceLocation)
        return []
    }
    if runner.swiftTestReplay == nil {
        runner.swiftTestReplay = (
            String(describing: test.id), ReplayCommand.packageRoot(containing: test.sourceLocation.filePath)
        )
    }
    let outcomes = runner.runAll(properties, against: [CatalogueSubject(implementation, gate: gate)])
    if outcomes.isEmpty {
        Issue.record(
            "expectCatalogue(\(implementation.name)) was given no property: nothing was checked",
            sourceLocation: sourceLocation)
    }
    let verbose = runner.settings.reportsInternals
    for outcome in outcomes where !outcome.isExpected {
        // The engine's internals (choice sequences, shrink counts, unnamed inputs by their
        // place) in the attachment, and in the comment only with ZOOMCHECK_VERBOSE=1.
        let report = outcome.report(verbose: verbose)
        let headline = catalogueHeadline(outcome)
        guard outcome.blocks(gate) else {
            // A warning, so that Swift Testing shows it with the test (a `print` went to a
            // buffered standard output, flushed at exit: after the run's summary).
            Issue.record(
                Comment(rawValue: "\(headline): a convention departure, not gated (gate \(gate.rawValue))\n" + report),
                severity: .warning, sourceLocation: sourceLocation)
            continue
        }
        Attachment.record(
            outcome.report(), named: "\(outcome.property.name)@\(outcome.implementationName).txt",
            sourceLocation: sourceLocation)
        Issue.record(IssueHeadline(headline), Comment(rawValue: report), sourceLocation: sourceLocation)
    }
    // What the run showed, passing or not: properties, cases, n/a and why, and the rules the
    // type declared with the properties that judged them. Flushed now: standard output is a
    // buffered pipe under swift test.
    print(CatalogueSummary.lines(outcomes, gate: gate).joined(separator: "\n"))
    fflush(nil)
    return outcomes
}

/// An unexpected outcome on one line: `fit-covers-every-point [defect] fails for my-mercator,
/// minimal counterexample [(0, 180), (57, 180)]`, or what was expected and observed.
func catalogueHeadline(_ outcome: CatalogueOutcome) -> String {
    let property = "\(outcome.property.name) [\(outcome.property.verdictClass)]"
    if let failure = outcome.run?.result.failure {
        let minimal = failure.minimalCounterexample
        return PropertyResult.oneLine(
            "\(property) fails for \(outcome.implementationName), minimal counterexample \(minimal)")
    }
    let observed = outcome.observed.map(\.description) ?? outcome.problem.map { "could not run: \($0)" } ?? "no verdict"
    return PropertyResult.oneLine(
        "\(property) against \(outcome.implementationName): expected \(outcome.expected), observed \(observed)")
}
