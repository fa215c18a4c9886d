import PropertyCheck
import Testing

/// Asserts that `property` fails and shrinks to `minimalCounterexample` (a documented
/// defect); records an issue at the caller if it passes, cannot run, or shrinks to a
/// different value. The issue carries the full report. Issues recorded inside the check
/// (`#expect`, `#require`) count as its failure, as in ``expectProperty(_:_:sourceLocation:)``.
/// The configuration runs as it is, the environment unread: a pinned minimal counterexample
/// belongs to its seed and case count.
@discardableResult public func expectFailure<Value: Equatable>(
    _ property: Property<Value>, minimalCounterexample expected: Value,
    _ configuration: RunConfiguration = RunConfiguration(settings: RunSettings()),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> PropertyRun<Value> {
    await expectFailure(
        property, minimalCounterexample: expected, by: ==, configuration, sourceLocation: sourceLocation)
}

/// Asserts that `property` fails and shrinks to a value equivalent to `expected` under
/// `areEquivalent` (for values that are not `Equatable`, such as tuples).
@discardableResult public func expectFailure<Value>(
    _ property: Property<Value>, minimalCounterexample expected: Value, by areEquivalent: (Value, Value) -> Bool,
    _ configuration: RunConfiguration = RunConfiguration(settings: RunSettings()),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> PropertyRun<Value> {
    let run = await runObserved(property, configuration, sourceLocation: sourceLocation).run
    let expectedText = property.describe(expected)
    switch run.result {
    case .failed:
        if let minimal = run.minimalCounterexample, !areEquivalent(minimal, expected) {
            record(
                run, property: property,
                comment: "Property \"\(property.name)\" failed as expected, but its minimal counterexample is "
                    + "\(property.describe(minimal)), not \(expectedText).", at: sourceLocation,
                sourceLocation: sourceLocation)
        }
    default:
        record(
            run, property: property,
            comment: "Property \"\(property.name)\" was expected to fail with minimal counterexample "
                + "\(expectedText), but it did not fail.", at: sourceLocation, sourceLocation: sourceLocation)
    }
    return run
}
