import Foundation

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
    public init(_ configuration: RunConfiguration = RunConfiguration()) { self.configuration = configuration }

    /// Runs `property` to a verdict.
    public func run<Value>(_ property: Property<Value>) -> PropertyRun<Value> { runSynchronously(property) }

    func runSynchronously<Value>(_ property: Property<Value>) -> PropertyRun<Value> {
        let started = ContinuousClock.now
        let resolved: RunConfiguration.Resolved, regressions: [ChoiceSequence]
        switch prepare(property) {
        case .success(let prepared): (resolved, regressions) = prepared
        case .failure(let error): return misconfigured(property, error, started)
        }
        if property.isAsync { return misconfigured(property, .asyncCheck(property: property.name), started) }
        let execution = configuration.caseTimeLimit.map { CaseExecution(timing: property.check, limit: $0) }
        var session = RunSession(
            property: property, configuration: configuration, resolved: resolved, started: started, execution: execution
        )
        return session.run(regressions: regressions)
    }

    /// Runs `property` to a verdict, awaiting an `async` check for every case.
    ///
    /// A synchronous property runs as ``run(_:)`` does (inline, on the calling task). For an
    /// `async` property the generating and shrinking run on a thread of their own while
    /// every check runs on this task (or, with a ``RunConfiguration/caseTimeLimit``, on a
    /// task started from it), so checks see this task's task-local values.
    public func run<Value>(_ property: Property<Value>) async -> PropertyRun<Value> {
        guard let asyncCheck = property.asyncCheck else { return runSynchronously(property) }
        let started = ContinuousClock.now
        let resolved: RunConfiguration.Resolved, regressions: [ChoiceSequence]
        switch prepare(property) {
        case .success(let prepared): (resolved, regressions) = prepared
        case .failure(let error): return misconfigured(property, error, started)
        }
        let bridge = AsyncCheckBridge(check: asyncCheck, limit: configuration.caseTimeLimit)
        let outcome = ResultBox<PropertyRun<Value>>()
        let configuration = self.configuration
        let inputs = Unchecked((regressions, CaseExecution(bridge: bridge)))
        let thread = Thread {
            var session = RunSession(
                property: property, configuration: configuration, resolved: resolved, started: started,
                execution: inputs.value.1)
            outcome.value = session.run(regressions: inputs.value.0)
            bridge.finish()
        }
        thread.name = "PropertyCheck runner"
        thread.stackSize = 8 << 20
        thread.start()
        await bridge.serve()
        return outcome.value!
    }

    /// The resolved configuration and the choices to replay first (the configured ones, then
    /// the saved regressions of `property`), or why the run cannot start.
    private func prepare<Value>(_ property: Property<Value>) -> Result<
        (RunConfiguration.Resolved, [ChoiceSequence]), PropertyCheckError
    > {
        do {
            let resolved = try configuration.resolve()
            var regressions = configuration.regressions
            if let store = configuration.regressionStore {
                regressions += try store.load(propertyName: property.name).map(\.choices)
            }
            return .success((resolved, regressions))
        } catch let error as PropertyCheckError { return .failure(error) } catch let error as RegressionError {
            return .failure(.regression(error))
        } catch { return .failure(.invalidConfiguration(String(describing: error))) }
    }

    private func misconfigured<Value>(
        _ property: Property<Value>, _ error: PropertyCheckError, _ started: ContinuousClock.Instant
    ) -> PropertyRun<Value> {
        PropertyRun(
            result: .misconfigured(propertyName: property.name, error: error), originalCounterexample: nil,
            minimalCounterexample: nil, shrinkTrace: [],
            timing: RunTiming(generation: ContinuousClock.now - started, shrinking: .zero, casesChecked: 0))
    }
}

extension Property {
    /// Runs this property with `configuration` (see ``PropertyRunner``).
    public func run(_ configuration: RunConfiguration = RunConfiguration()) -> PropertyRun<Value> {
        PropertyRunner(configuration).run(self)
    }

    /// Runs this property with `configuration`, awaiting an `async` check (see
    /// the `async` overload of `PropertyRunner.run(_:)`).
    public func run(_ configuration: RunConfiguration = RunConfiguration()) async -> PropertyRun<Value> {
        await PropertyRunner(configuration).run(self)
    }
}

/// A value set by one thread and read by another after a handoff that orders them.
final class ResultBox<Wrapped>: @unchecked Sendable { var value: Wrapped? }
