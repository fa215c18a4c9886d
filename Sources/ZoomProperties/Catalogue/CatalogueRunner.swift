import Foundation
import MercatorCore
import PropertyCheck

/// Runs catalogue properties against implementations and judges each run against its
/// expected verdict. `zoomcheck check` and the Swift Testing suites both go through here.
public struct CatalogueRunner: Sendable {
    /// The seed used when neither the caller nor `ZOOMCHECK_SEED` gives one: fixed, so that
    /// CI runs and the pinned counterexamples are reproducible (the date of the blog post
    /// whose code the seed port reproduces, 2010-01-22).
    public static let defaultSeed: UInt64 = RunConfiguration.defaultSeed
    /// Cases per property when neither the caller nor `ZOOMCHECK_CASES` gives a number.
    public static let defaultCaseCount = 10_000

    /// Cases per property (nil: `ZOOMCHECK_CASES`, else `defaultCaseCount`).
    public var caseCount: Int?
    /// The run seed (nil: `ZOOMCHECK_SEED`, else `defaultSeed`).
    public var seed: UInt64?
    /// Where saved counterexamples live (replayed first; new failures of properties expected
    /// to hold are appended there). Nil: none.
    public var regressionDirectory: String?
    /// Environment consulted for `ZOOMCHECK_SEED`/`ZOOMCHECK_CASES` (nil: the process's).
    public var environment: [String: String]?
    /// Regression directories for particular implementations, by name, in place of
    /// `regressionDirectory` (an external program's counterexamples go to a per-user cache,
    /// never into the checkout).
    public var regressionDirectoryByImplementation: [String: String] = [:]
    /// The directory `replay` finds by itself (the package's `Corpus/regressions`): replay
    /// commands name `--regressions` only for another one.
    public var defaultRegressionDirectory: String?
    /// The program the printed replay command runs: the `zoomcheck` binary's own path when
    /// the CLI runs, `swift run -c release zoomcheck` from the tests (in the package).
    public var replayProgram = "swift run -c release zoomcheck"
    /// Options the CLI adds to every `zoomcheck replay` line besides property, implementation,
    /// seed, cases and regressions: other settings of the run that change its outcome
    /// (`--exec-timeout 30`), so that the line alone reproduces the run.
    public var replayArguments: [String] = []
    /// The working directory of the run, by implementation name: a `zoomcheck replay` line
    /// for such an implementation (an `exec:` program, whose command may name relative
    /// paths) runs in a subshell that changes to it first, so it works from any directory.
    public var replayWorkingDirectoryByImplementation: [String: String] = [:]
    /// Whether every implementation is replayed through `zoomcheck replay` (the CLI sets it:
    /// whatever it runs, it can select again). Otherwise only the shipped cores and programs
    /// with a command-line name are; anything else — a user's own `ZoomImplementation`,
    /// which the CLI does not know — is replayed through `swift test` (``swiftTestReplay``).
    public var replaysEveryImplementationThroughCLI = false
    /// The test that runs this catalogue, for the replay line of an implementation the CLI
    /// does not know: its Swift Testing identifier and its package's root (set by
    /// `expectCatalogue`). Nil: the line runs the package's whole test suite with the seed
    /// and case count.
    public var swiftTestReplay: (testID: String, packagePath: String?)?

    public init(
        caseCount: Int? = nil, seed: UInt64? = nil, regressionDirectory: String? = nil,
        environment: [String: String]? = nil
    ) {
        self.caseCount = caseCount
        self.seed = seed
        self.regressionDirectory = regressionDirectory
        self.environment = environment
    }

    /// The case count and seed after precedence: argument, environment, default.
    ///
    /// - Throws: `CatalogueConfigurationError` naming the variable when `ZOOMCHECK_CASES` or
    ///   `ZOOMCHECK_SEED` is set to something that is not a count or a seed (it is never
    ///   silently ignored).
    public func resolved() throws(CatalogueConfigurationError) -> (caseCount: Int, seed: UInt64) {
        var configuration = RunConfiguration(caseCount: caseCount, seed: seed, environment: environment)
        configuration.fallbackCaseCount = Self.defaultCaseCount
        configuration.fallbackSeed = Self.defaultSeed
        let resolved: RunConfiguration.Resolved
        do { resolved = try configuration.resolve() } catch {
            throw CatalogueConfigurationError(message: error.description)
        }
        guard resolved.caseCount >= 1 else {
            let source =
                caseCount == nil
                ? """
                the environment variable \(RunConfiguration.caseCountVariable) is \(resolved.caseCount), but 
                """ : ""
            throw CatalogueConfigurationError(
                message: "\(source)a run needs at least 1 case per property, not \(resolved.caseCount)")
        }
        return (resolved.caseCount, resolved.seed)
    }

    /// Runs one property against one implementation.
    public func run(_ property: CatalogueProperty, against implementation: any ZoomImplementation) -> CatalogueOutcome {
        let expected = ExpectedVerdicts.verdict(for: property.name, implementation: implementation)
        if let reason = property.notApplicableReason(for: implementation) {
            return CatalogueOutcome(
                property: property, implementationName: implementation.name, expected: expected, run: nil,
                notApplicable: reason)
        }
        let caseCount: Int, seed: UInt64
        do { (caseCount, seed) = try resolved() } catch {
            return CatalogueOutcome(
                property: property, implementationName: implementation.name, expected: expected, run: nil,
                notApplicable: nil, problem: error.message)
        }
        let expectedToHold = expected == .holds
        let directory = regressionDirectoryByImplementation[implementation.name] ?? regressionDirectory
        let configuration = RunConfiguration(
            caseCount: Swift.max(1, caseCount / property.caseDivisor), seed: seed,
            regressionStore: directory.map(RegressionStore.init(directory:)), savesFailures: expectedToHold,
            replayCommand: replayCommand(
                for: property, against: implementation, caseCount: caseCount, regressions: directory), environment: [:])
        var pinnedConfiguration = configuration
        // ZOOMCHECK_BOUNDARIES=off turns boundary search off here too (the run's own
        // environment is empty, so that only the resolved seed and count reach it).
        let boundaries = (environment ?? ProcessInfo.processInfo.environment)[RunConfiguration.boundariesVariable]?
            .lowercased()
        pinnedConfiguration.searchesBoundaries = boundaries != "0" && boundaries != "off"
        // An implementation that answers many requests at once gets its generated cases
        // checked that many at a time: the same cases and verdicts, less waiting.
        pinnedConfiguration.caseWindow = (implementation as? PipelinedRequests)?.window ?? 1
        if case .fails = expected,
            let choices = PinnedChoices.choices(for: property.name, implementation: implementation)
        {
            // Replayed only if every generated case passed: a documented finding reproduces
            // at any case count, with its pinned minimal counterexample.
            pinnedConfiguration.pinnedCases = [ChoiceSequence(choices)]
        }
        let run = property.run(against: implementation, configuration: pinnedConfiguration)
        // The platform's sinf/logf are judged by the properties only: their last bits, and so
        // the minimal counterexample, may differ from the portable pair the pins record.
        let platformLibm = (implementation as? SeedPort)?.libm == .platform
        var outcome = CatalogueOutcome(
            property: property, implementationName: implementation.name, expected: expected, run: run,
            notApplicable: nil, pinsApply: seed == Self.defaultSeed && !platformLibm)
        outcome.stateDependence = Self.stateDependence(
            of: run, property: property, implementation: implementation, configuration: configuration)
        return outcome
    }

    /// Whether a failure depends on earlier requests: the minimal case asked again as the
    /// first request of a fresh instance (`FreshlyStartable`), with nothing else replayed or
    /// generated. Nil when the implementation cannot be started afresh, the run did not fail,
    /// or the fresh instance fails too (the counterexample replays).
    static func stateDependence(
        of run: CatalogueRun, property: CatalogueProperty, implementation: any ZoomImplementation,
        configuration: RunConfiguration
    ) -> String? {
        guard case .failed(let report) = run.result, let choices = report.minimalChoices,
            let startable = implementation as? any FreshlyStartable
        else { return nil }
        var replay = configuration
        replay.caseCount = 0
        replay.examples = [choices]
        replay.regressions = []
        replay.regressionStore = nil
        replay.savesFailures = false
        replay.searchesBoundaries = false
        guard case .passed = property.run(against: startable.freshInstance(), configuration: replay).result else {
            return nil
        }
        return """
            answers depend on earlier requests: the minimal case failed in a process that had answered other requests 
            """ + """
                first, and holds as the first request of a fresh process, so it will not replay by itself. The program \
                keeps state 
                """ + "between requests; each answer must depend on its own request only (PROTOCOL.md)."
    }

    /// The line that replays `property` against `implementation` on a machine that has only
    /// the line: the seed and the case count of the run (before the property's divisor), the
    /// regressions directory only when it was chosen rather than found, ``replayArguments``,
    /// and, for an implementation with a working directory, a `cd` to it in a subshell.
    func replayCommand(
        for property: CatalogueProperty, against implementation: any ZoomImplementation, caseCount: Int,
        regressions directory: String?
    ) -> ReplayCommand {
        let throughCLI =
            replaysEveryImplementationThroughCLI || implementation is ReplayNamed || implementation is WebMercator
            || implementation is SeedPort
        guard throughCLI else {
            let environment = [(RunConfiguration.caseCountVariable, String(caseCount))]
            if let test = swiftTestReplay {
                return .swiftTest(selecting: test.testID, packagePath: test.packagePath, environment: environment)
            }
            return ReplayCommand { _, seed in
                """
                \(RunConfiguration.caseCountVariable)=\(caseCount) \
                \(RunConfiguration.seedVariable)=\(ReplayCommand.formatSeed(seed)) swift test --disable-xctest
                """ + """
                      # in the package whose test ran the catalogue (expectCatalogue prints a line that selects \
                    that test)
                    """
            }
        }
        let name = (implementation as? ReplayNamed)?.commandLineName ?? implementation.name
        let chosen = directory.flatMap {
            $0 == defaultRegressionDirectory || regressionDirectoryByImplementation[implementation.name] != nil
                ? nil : $0
        }
        let regressions = chosen.map { ["--regressions", $0] } ?? []
        let libm = (implementation as? SeedPort)?.libm == .platform ? ["--libm", "platform"] : []
        let arguments = ["replay", "--property", property.name, "--impl", name] + regressions + libm + replayArguments
        let workingDirectory = replayWorkingDirectoryByImplementation[implementation.name]
        let program = replayProgram
        return ReplayCommand { _, seed in
            let all =
                arguments.prefix(5) + ["--seed", ReplayCommand.formatSeed(seed), "--cases", String(caseCount)]
                + arguments.dropFirst(5)
            let line = ([program] + all.map(ReplayCommand.shellQuotedIfNeeded)).joined(separator: " ")
            return workingDirectory.map { "(cd \(ReplayCommand.shellQuotedIfNeeded($0)) && \(line))" } ?? line
        }
    }

    /// The cases a run of `property` against `implementation` is expected to take, for
    /// dealing runs to shards: 0 when the property does not apply, 1 for a documented
    /// finding (it fails at its first cases, or on its pinned case), else the property's
    /// case count.
    public func expectedCases(_ property: CatalogueProperty, against implementation: any ZoomImplementation) -> Int {
        if property.notApplicableReason(for: implementation) != nil { return 0 }
        if case .fails = ExpectedVerdicts.verdict(for: property.name, implementation: implementation) { return 1 }
        let caseCount = (try? resolved().caseCount) ?? Self.defaultCaseCount
        return Swift.max(1, caseCount / property.caseDivisor)
    }

    /// Runs every pair, spread over the machine's cores; results in the order of the input.
    public func runAll(_ properties: [CatalogueProperty], against implementations: [any ZoomImplementation])
        -> [CatalogueOutcome]
    { runAll(pairs: properties.flatMap { property in implementations.map { (property, $0) } }) }

    /// Runs the given pairs (a shard of a run, for example), spread over the machine's
    /// cores; results in the order of the input.
    public func runAll(pairs: [(CatalogueProperty, any ZoomImplementation)]) -> [CatalogueOutcome] {
        runAll(pairs: pairs, stoppingAt: { _ in false })
    }

    /// Runs the given pairs like `runAll(pairs:)`, but starts no further pair once an
    /// outcome satisfies `stops` (`zoomcheck check --fail-fast`: a mutation run needs the
    /// first gated failure, not all of them). Pairs already running finish; pairs never
    /// started are left out of the result, which keeps the input's order.
    public func runAll(
        pairs: [(CatalogueProperty, any ZoomImplementation)],
        stoppingAt stops: @escaping @Sendable (CatalogueOutcome) -> Bool
    ) -> [CatalogueOutcome] {
        let results = OutcomeBox(count: pairs.count)
        // One seed for the whole run, even when ZOOMCHECK_SEED=random draws it.
        var runner = self
        if seed == nil, let resolved = try? resolved() { runner.seed = resolved.seed }
        DispatchQueue.concurrentPerform(iterations: pairs.count) { [runner] index in
            guard !results.stopped else { return }
            let outcome = runner.run(pairs[index].0, against: pairs[index].1)
            results.set(index, outcome, stops: stops(outcome))
        }
        return results.values
    }
}

/// Collects results written from concurrent iterations, each to its own slot.
private final class OutcomeBox: @unchecked Sendable {
    private var slots: [CatalogueOutcome?]
    private var stop = false
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: CatalogueOutcome, stops: Bool = false) {
        lock.lock()
        slots[index] = outcome
        stop = stop || stops
        lock.unlock()
    }

    /// Whether an outcome asked the run to start no further pair.
    var stopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stop
    }

    var values: [CatalogueOutcome] { slots.compactMap { $0 } }
}

/// Why the runner could not be configured (a bad environment variable).
public struct CatalogueConfigurationError: Error, Sendable, Hashable { public let message: String }

/// One property against one implementation, judged.
public struct CatalogueOutcome: Sendable {
    public let property: CatalogueProperty
    public let implementationName: String
    public let expected: ExpectedVerdict
    /// Nil when the property does not apply or could not run.
    public let run: CatalogueRun?
    public let notApplicable: String?
    /// Why the property could not run (a configuration error), if it could not.
    public let problem: String?
    /// Whether a pinned minimal counterexample must match exactly. Pins are recorded with
    /// the default seed; under another seed a documented finding must still fail, but the
    /// shrinker may stop at a different local minimum, which is reported, not judged.
    public let pinsApply: Bool
    /// Set when the failure holds as the first request of a fresh instance: the
    /// implementation's answers depend on earlier requests (`FreshlyStartable`).
    public var stateDependence: String?

    public init(
        property: CatalogueProperty, implementationName: String, expected: ExpectedVerdict, run: CatalogueRun?,
        notApplicable: String?, problem: String? = nil, pinsApply: Bool = true
    ) {
        self.property = property
        self.implementationName = implementationName
        self.expected = expected
        self.run = run
        self.notApplicable = notApplicable
        self.problem = problem
        self.pinsApply = pinsApply
    }

    /// What was observed, in the form of a pin.
    public var observed: ExpectedVerdict? {
        if let notApplicable { return .notApplicable(notApplicable) }
        return run?.observedVerdict
    }

    /// Whether the observation is what the catalogue expects (a finding that still
    /// reproduces with the same minimal counterexample counts as expected).
    public var isExpected: Bool {
        switch (expected, observed) {
        case (.notApplicable, .notApplicable?), (.holds, .notApplicable?): true
        case (.holds, .holds?): true
        case (.fails(let pin), .fails(let observedPin)?): !pinsApply || pin == observedPin
        default: false
        }
    }

    /// Whether this outcome fails a gate of `scope` for a program that declared `declared`:
    /// it is not the expected one and its property is gated (`CatalogueProperty.isGated`).
    public func blocks(_ scope: GateScope, declared: Set<DeclaredConvention> = []) -> Bool {
        !isExpected && isGated(scope, declared: declared)
    }

    /// Whether a gate of `scope` judges this outcome, for a program that declared `declared`.
    public func isGated(_ scope: GateScope, declared: Set<DeclaredConvention> = []) -> Bool {
        property.isGated(scope, declared: declared)
    }

    /// The full report: the engine's report, then what was expected when it differs.
    public func report() -> String {
        var text =
            run?.result.render() ?? problem.map { "could not run: \($0)" } ?? "not applicable: \(notApplicable ?? "")"
        if let stateDependence { text += "\n  " + stateDependence }
        if !isExpected { text += "\nExpected: \(expected)\nObserved: \(observed.map(\.description) ?? "no verdict")" }
        return text
    }
}

/// Which properties a gate fails on: three levels.
public enum GateScope: String, Sendable, Hashable, CaseIterable {
    /// Only defect-class properties: the default for the panels' controls and mutants.
    case defects
    /// Defects, and the conventions the program declared through `describe` (its own word):
    /// the default for `exec:` programs. Conventions only assumed are reported, not gated.
    case declared
    /// Every property: the default for ZoomCheck's own implementations.
    case all
}
