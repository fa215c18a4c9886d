import Foundation
import PropertyCheck
import Testing

/// Runs `property` inside a `@Test` and records one issue, with the full report, unless it
/// passes.
///
/// ```swift
/// @Test func reversingTwiceIsIdentity() async {
///     await expectProperty(Property("reverse twice", .array(of: .int(in: 0...9), count: 0...20)) { xs in
///         #expect(xs.reversed().reversed() == xs)
///     })
/// }
/// ```
///
/// Inside the check, write `#expect`/`#require` as anywhere in Swift Testing, or throw
/// (`ensure`, ``PropertyFailure``, any error); `assume` discards a case. An expectation that
/// fails makes its case fail: the engine shrinks it, and the test records a single issue at
/// the failing expectation (for the minimal case) with the report in its comment and as an
/// attachment — the check's own issues are not recorded once per case.
///
/// - The issue's headline is the property's one-line failure (``PropertyResult/headline``:
///   `Caught error: "round trip" fails, minimal counterexample -181.0`).
/// - A passing run prints its report when it has label counts or discarded cases (the
///   counts are also in the returned run's ``PassReport``), flushed at once, so that it
///   appears with its test and not after the run's summary.
/// - Unless `configuration` sets its own, the report's replay command selects this test
///   in its package (``ReplayCommand/swiftTest(selecting:packagePath:environment:)``:
///   `ZOOMCHECK_SEED=0x… zoomcheck test 'Suite/test()'`, at most 120 characters), which says
///   whether the failure reproduced, the test passed, or it selected nothing (exit 69).
/// - Seed and cases: the configuration's ``RunSettings`` (by default the fixed seed
///   ``Seed/default`` and ``RunSettings/defaultCaseCount``, 100 cases), with what
///   `ZOOMCHECK_SEED` (`random` for a fresh seed), `ZOOMCHECK_CASES`, `ZOOMCHECK_BOUNDARIES`
///   and `ZOOMCHECK_OBSERVE` set in their place: the environment is the run's operator (a
///   nightly profile, a replay line), the code's settings its defaults. An unusable variable
///   is an issue naming it.
/// - Called outside a running test, the property still runs, but issues inside its check
///   cannot be observed: an issue says so, so the run can never pass silently.
///
/// - Returns: The run, for further assertions (label counts, timings).
@discardableResult public func expectProperty<Value>(
    _ property: Property<Value>, _ configuration: RunConfiguration = RunConfiguration(settings: RunSettings()),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> PropertyRun<Value> {
    var configuration = configuration
    do throws(PropertyCheckError) {
        configuration.settings = try RunSettings.fromEnvironment(defaults: configuration.settings)
    } catch {
        let run = PropertyRunner.misconfigured(property, error, ContinuousClock.now)
        record(run, property: property, at: sourceLocation, sourceLocation: sourceLocation)
        return run
    }
    let observed = await runObserved(property, configuration, sourceLocation: sourceLocation)
    let run = observed.run
    if run.result.isSuccess {
        if case let .passed(report) = run.result, !report.labelCounts.isEmpty || report.discardedCases > 0 {
            print(run.render())
            fflush(nil)  // standard output is a buffered pipe under swift test: flush it now
        }
    } else {
        record(
            run, property: property, at: observed.failureLocation ?? sourceLocation,
            verbose: configuration.settings.reportsInternals, sourceLocation: sourceLocation)
    }
    return run
}

/// A run whose check issues were observed, and where the minimal case's first issue was.
struct ObservedRun<Value: Sendable> {
    let run: PropertyRun<Value>
    /// The failing expectation of the minimal case, when its failure came from an issue.
    let failureLocation: SourceLocation?
}

/// Runs `property` with Swift Testing issues inside its check captured as case failures.
func runObserved<Value>(_ property: Property<Value>, _ configuration: RunConfiguration, sourceLocation: SourceLocation)
    async -> ObservedRun<Value>
{
    guard let test = Test.current else {
        Issue.record(
            Comment(
                rawValue: "expectProperty(\"\(property.name)\") ran outside a Swift Testing test: issues recorded "
                    + "inside its check (#expect, #require) cannot be observed, shrunk or reported by the property."),
            sourceLocation: sourceLocation)
        return ObservedRun(run: await property.run(configuration), failureLocation: nil)
    }
    var configuration = configuration
    if configuration.replayCommand.isDefault {
        configuration.replayCommand = .swiftTest(
            selecting: String(describing: test.id),
            packagePath: ReplayCommand.packageRoot(containing: test.sourceLocation.filePath))
    }
    let capture = IssueCapture()
    let observedProperty = property.observingCases(with: capture) { body in try await capture.observe(body) }
    let box = RunBox<Value>()
    let scope = IssueHandlingTrait.filterIssues { issue in capture.offer(issue) }
    let finalConfiguration = configuration
    do {
        try await scope.provideScope(for: test, testCase: Test.Case.current) {
            box.run = await observedProperty.run(finalConfiguration)
        }
    } catch {
        Issue.record(
            error, Comment(rawValue: "expectProperty(\"\(property.name)\") could not observe its checks"),
            sourceLocation: sourceLocation)
    }
    guard let run = box.run else { return ObservedRun(run: await property.run(configuration), failureLocation: nil) }
    let location = run.result.failure.flatMap { capture.location(ofMessage: $0.minimalMessage) }
    return ObservedRun(run: run, failureLocation: location)
}

/// Records one issue for a run that did not pass: its headline is `comment`, else the run's
/// one-line failure (``PropertyResult/headline``); the report is its comment — with the
/// engine's internals when `verbose` (`ZOOMCHECK_VERBOSE=1`) — and, with them, its attachment.
func record<Value>(
    _ run: PropertyRun<Value>, property: Property<Value>, comment: String? = nil, at location: SourceLocation,
    verbose: Bool = false, sourceLocation: SourceLocation
) {
    Attachment.record(run.render(), named: "\(property.name).txt", sourceLocation: sourceLocation)
    Issue.record(
        IssueHeadline(comment ?? run.result.headline), Comment(rawValue: run.render(verbose: verbose)),
        sourceLocation: location)
}

/// The first line of an issue a property records: Swift Testing shows an error's description
/// as the issue's headline (`Caught error: "round trip" fails, minimal counterexample -181.0`),
/// where a plain `Issue.record(comment)` shows only "Issue recorded".
package struct IssueHeadline: Error, CustomStringConvertible {
    /// The headline, on one line.
    package let description: String

    package init(_ text: String) { description = PropertyResult.oneLine(text) }
}

/// The run produced inside an issue-handling scope.
final class RunBox<Value: Sendable>: @unchecked Sendable { var run: PropertyRun<Value>? }
