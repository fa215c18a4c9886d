import MercatorCore
import PropertyCheck
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
/// - The replay line selects this test in its package (`ZOOMCHECK_CASES=… ZOOMCHECK_SEED=…
///   swift test --package-path … --filter '<this test>'`): the CLI cannot select a type of
///   yours, so a failure is replayed through `swift test`, from any directory.
/// - `gate`: `.defects` (the default) records only defect-class properties — what any
///   correct Web-Mercator zoom arithmetic holds; a convention departure is printed, not
///   recorded. `.all` records those too.
/// - `runner` sets the case count (default 10 000 per property, or `ZOOMCHECK_CASES`), the
///   seed (fixed `0x20100122`, or `ZOOMCHECK_SEED`; `random` for a fresh one) and where
///   counterexamples are saved (nowhere by default).
/// - Called with no property, or outside a running test, it records an issue: a catalogue
///   that checked nothing never passes silently.
///
/// - Returns: Every outcome, for further assertions.
@discardableResult public func expectCatalogue(
    _ implementation: any ZoomImplementation, properties: [CatalogueProperty] = ZoomCatalogue.all,
    gate: GateScope = .defects, runner: CatalogueRunner = CatalogueRunner(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> [CatalogueOutcome] {
    var runner = runner
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
    for outcome in outcomes where !outcome.isExpected {
        let title = "\(outcome.property.name) [\(outcome.property.verdictClass)] against \(outcome.implementationName)"
        let report = outcome.report()
        guard outcome.blocks(gate) else {
            print("\(title): convention departure, not gated (gate \(gate.rawValue))")
            continue
        }
        Attachment.record(
            report, named: "\(outcome.property.name)@\(outcome.implementationName).txt", sourceLocation: sourceLocation)
        Issue.record(Comment(rawValue: title + "\n" + report), sourceLocation: sourceLocation)
    }
    return outcomes
}
