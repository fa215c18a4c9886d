/// Runs properties: replay, generate, shrink, report.
///
/// Phases, in order: the property's example values; the configuration's choice examples;
/// saved regressions (from ``RunConfiguration/regressions`` and the regression store);
/// ``RunConfiguration/caseCount`` generated cases from the seed's xoshiro256** stream; on
/// the first failure, shrinking; then the report. The runner only schedules: generators
/// draw, the shrinker edits choices.
///
/// A run is synchronous and touches no shared state (except the regression store's file),
/// so different properties can run concurrently on different threads.
public struct PropertyRunner: Sendable {
    /// How properties are run.
    public var configuration: RunConfiguration

    /// A runner with the given configuration.
    public init(_ configuration: RunConfiguration = RunConfiguration()) {
        self.configuration = configuration
    }

    /// Runs `property` to a verdict.
    public func run<Value>(_ property: Property<Value>) -> PropertyRun<Value> {
        let started = ContinuousClock.now
        let resolved: RunConfiguration.Resolved
        var regressions = configuration.regressions
        do {
            resolved = try configuration.resolve()
            if let store = configuration.regressionStore {
                regressions += try store.load(propertyName: property.name).map(\.choices)
            }
        } catch let error as PropertyCheckError {
            return misconfigured(property, error, started)
        } catch let error as RegressionError {
            return misconfigured(property, .regression(error), started)
        } catch {
            return misconfigured(property, .invalidConfiguration(String(describing: error)), started)
        }
        var session = RunSession(property: property, configuration: configuration, resolved: resolved, started: started)
        return session.run(regressions: regressions)
    }

    private func misconfigured<Value>(
        _ property: Property<Value>, _ error: PropertyCheckError, _ started: ContinuousClock.Instant
    ) -> PropertyRun<Value> {
        PropertyRun(
            result: .misconfigured(propertyName: property.name, error: error),
            originalCounterexample: nil, minimalCounterexample: nil, shrinkTrace: [],
            timing: RunTiming(generation: ContinuousClock.now - started, shrinking: .zero, casesChecked: 0))
    }
}

extension Property {
    /// Runs this property with `configuration` (see ``PropertyRunner``).
    public func run(_ configuration: RunConfiguration = RunConfiguration()) -> PropertyRun<Value> {
        PropertyRunner(configuration).run(self)
    }
}
