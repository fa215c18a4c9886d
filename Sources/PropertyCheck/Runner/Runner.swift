import Foundation

/// Runs properties: replay, generate, shrink, report.
///
/// Phases, in order: the property's example values; the configuration's choice examples;
/// saved regressions (from ``RunConfiguration/regressions`` and the regression store);
/// ``RunSettings/caseCount`` generated cases from the seed's xoshiro256** stream; on
/// the first failure, shrinking; then the report. The runner only schedules: generators
/// draw, the shrinker edits choices.
///
/// A run is synchronous and touches no shared state (except the regression store's file),
/// so different properties can run concurrently on different threads.
public struct PropertyRunner: Sendable {
    /// How properties are run.
    public var configuration: RunConfiguration

    /// A runner with the given configuration.
    public init(_ configuration: RunConfiguration) { self.configuration = configuration }

    /// Runs `property` to a verdict.
    public func run<Value>(_ property: Property<Value>) -> PropertyRun<Value> { runSynchronously(property) }

    func runSynchronously<Value>(_ property: Property<Value>) -> PropertyRun<Value> {
        let started = ContinuousClock.now
        let regressions: [ChoiceSequence]
        switch prepare(property) {
        case .success(let prepared): regressions = prepared
        case .failure(let error): return Self.misconfigured(property, error, started)
        }
        if property.isAsync { return Self.misconfigured(property, .asyncCheck(property: property.name), started) }
        let execution = configuration.caseTimeLimit.map { CaseExecution(timing: property.check, limit: $0) }
        var session = RunSession(
            property: property, configuration: configuration, started: started, execution: execution)
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
        let regressions: [ChoiceSequence]
        switch prepare(property) {
        case .success(let prepared): regressions = prepared
        case .failure(let error): return Self.misconfigured(property, error, started)
        }
        let bridge = AsyncCheckBridge(check: asyncCheck, limit: configuration.caseTimeLimit)
        let outcome = ResultBox<PropertyRun<Value>>()
        let configuration = self.configuration
        let inputs = Unchecked((regressions, CaseExecution(bridge: bridge)))
        let thread = Thread {
            var session = RunSession(
                property: property, configuration: configuration, started: started, execution: inputs.value.1)
            outcome.value = session.run(regressions: inputs.value.0)
            bridge.finish()
        }
        thread.name = "PropertyCheck runner"
        thread.stackSize = 8 << 20
        thread.start()
        await bridge.serve()
        return outcome.value!
    }

    /// The choices to replay first (the configured ones, then the saved regressions of
    /// `property`), or why the run cannot start.
    private func prepare<Value>(_ property: Property<Value>) -> Result<[ChoiceSequence], PropertyCheckError> {
        if let problem = configuration.problem { return .failure(problem) }
        var regressions = configuration.regressions
        if let store = configuration.regressionStore {
            do throws(RegressionError) {
                regressions += try store.load(propertyName: property.name).map(\.choices)
            } catch { return .failure(.regression(error)) }
        }
        return .success(regressions)
    }

    /// The run of a property that could not start, for `error`.
    package static func misconfigured<Value>(
        _ property: Property<Value>, _ error: PropertyCheckError, _ started: ContinuousClock.Instant
    ) -> PropertyRun<Value> {
        PropertyRun(
            result: .misconfigured(propertyName: property.name, error: error), originalCounterexample: nil,
            minimalCounterexample: nil, shrinkTrace: [],
            timing: RunTiming(generation: ContinuousClock.now - started, shrinking: .zero, casesChecked: 0))
    }
}

extension Property {
    /// Runs this property with `configuration`, as it is (see ``PropertyRunner``).
    public func run(_ configuration: RunConfiguration) -> PropertyRun<Value> { PropertyRunner(configuration).run(self) }

    /// Runs this property with `configuration`, as it is, awaiting an `async` check (see
    /// the `async` overload of `PropertyRunner.run(_:)`).
    public func run(_ configuration: RunConfiguration) async -> PropertyRun<Value> {
        await PropertyRunner(configuration).run(self)
    }

    /// Runs this property with the default ``RunSettings`` and what the environment sets in
    /// their place (`ZOOMCHECK_SEED`, `ZOOMCHECK_CASES`, `ZOOMCHECK_BOUNDARIES`,
    /// `ZOOMCHECK_OBSERVE`); an unusable variable makes the run misconfigured, naming it.
    public func run() -> PropertyRun<Value> {
        switch Self.configurationFromEnvironment() {
        case .success(let configuration): run(configuration)
        case .failure(let error): PropertyRunner.misconfigured(self, error, ContinuousClock.now)
        }
    }

    /// Runs this property as ``run()`` does, awaiting an `async` check.
    public func run() async -> PropertyRun<Value> {
        switch Self.configurationFromEnvironment() {
        case .success(let configuration): await run(configuration)
        case .failure(let error): PropertyRunner.misconfigured(self, error, ContinuousClock.now)
        }
    }

    private static func configurationFromEnvironment() -> Result<RunConfiguration, PropertyCheckError> {
        Result { () throws(PropertyCheckError) in
            RunConfiguration(settings: try RunSettings.fromEnvironment(defaults: RunSettings()))
        }
    }
}

/// A value set by one thread and read by another after a handoff that orders them.
final class ResultBox<Wrapped>: @unchecked Sendable { var value: Wrapped? }
