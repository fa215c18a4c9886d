import PropertyCheck
import Testing

/// Asserts that `property` fails and shrinks to `minimalCounterexample` (a documented
/// defect); records an `Issue` at the caller if it passes, cannot run, or shrinks to a
/// different value. The issue carries the full report.
@discardableResult
public func expectFailure<Value: Equatable>(
    _ property: Property<Value>,
    minimalCounterexample expected: Value,
    _ configuration: RunConfiguration = RunConfiguration(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyRun<Value> {
    expectFailure(property, minimalCounterexample: expected, by: ==, configuration, sourceLocation: sourceLocation)
}

/// Asserts that `property` fails and shrinks to a value equivalent to `expected` under
/// `areEquivalent` (for values that are not `Equatable`, such as tuples).
@discardableResult
public func expectFailure<Value>(
    _ property: Property<Value>,
    minimalCounterexample expected: Value,
    by areEquivalent: (Value, Value) -> Bool,
    _ configuration: RunConfiguration = RunConfiguration(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyRun<Value> {
    let run = property.run(configuration)
    let expectedText = property.describe(expected)
    switch run.result {
    case .failed:
        if let minimal = run.minimalCounterexample, !areEquivalent(minimal, expected) {
            Issue.record(
                Comment(rawValue: "Property \"\(property.name)\" failed as expected, but its minimal counterexample is "
                    + "\(property.describe(minimal)), not \(expectedText).\n\(run.render())"),
                sourceLocation: sourceLocation)
        }
    default:
        Issue.record(
            Comment(rawValue: "Property \"\(property.name)\" was expected to fail with minimal counterexample "
                + "\(expectedText), but it did not fail.\n\(run.render())"),
            sourceLocation: sourceLocation)
    }
    return run
}
