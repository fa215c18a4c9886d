import PropertyCheck
import Testing

/// Runs `property` inside a `@Test`; records an `Issue` at the caller with the full report
/// unless it passes.
///
/// ```swift
/// @Test("Longitude round trip") func longitudeRoundTrip() {
///     expectProperty(ZoomProperties.longitudeRoundTrip(.webMercator))
/// }
/// ```
///
/// - Returns: The run, for further assertions (label counts, timings).
@discardableResult
public func expectProperty<Value>(
    _ property: Property<Value>,
    _ configuration: RunConfiguration = RunConfiguration(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyRun<Value> {
    let run = property.run(configuration)
    if !run.result.isSuccess {
        Issue.record(Comment(rawValue: run.render()), sourceLocation: sourceLocation)
    }
    return run
}
