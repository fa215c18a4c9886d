import Foundation
import MercatorCore
import PropertyCheck

/// Runs catalogue properties against implementations and judges each run against its
/// expected verdict. `zoomcheck check` and the Swift Testing suites both go through here.
public struct CatalogueRunner: Sendable {
    /// The seed used when neither the caller nor `ZOOMCHECK_SEED` gives one: fixed, so that
    /// CI runs and the pinned counterexamples are reproducible (the date of the blog post
    /// whose code the seed port reproduces, 2010-01-22).
    public static let defaultSeed: UInt64 = 0x2010_0122
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

    public init(caseCount: Int? = nil, seed: UInt64? = nil, regressionDirectory: String? = nil, environment: [String: String]? = nil) {
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
        do {
            resolved = try configuration.resolve()
        } catch {
            throw CatalogueConfigurationError(message: error.description)
        }
        guard resolved.caseCount >= 1 else {
            let source = caseCount == nil ? "the environment variable \(RunConfiguration.caseCountVariable) is \(resolved.caseCount), but " : ""
            throw CatalogueConfigurationError(message: "\(source)a run needs at least 1 case per property, not \(resolved.caseCount)")
        }
        return (resolved.caseCount, resolved.seed)
    }

    /// Runs one property against one implementation.
    public func run(_ property: CatalogueProperty, against implementation: any ZoomImplementation) -> CatalogueOutcome {
        let expected = ExpectedVerdicts.verdict(for: property.name, implementation: implementation)
        if let reason = property.notApplicableReason(for: implementation) {
            return CatalogueOutcome(property: property, implementationName: implementation.name, expected: expected, run: nil, notApplicable: reason)
        }
        let caseCount: Int, seed: UInt64
        do {
            (caseCount, seed) = try resolved()
        } catch {
            return CatalogueOutcome(property: property, implementationName: implementation.name, expected: expected, run: nil, notApplicable: nil, problem: error.message)
        }
        let expectedToHold = expected == .holds
        let directory = regressionDirectoryByImplementation[implementation.name] ?? regressionDirectory
        let program = replayProgram
        let implicitDirectory = defaultRegressionDirectory
        let configuration = RunConfiguration(
            caseCount: Swift.max(1, caseCount / property.caseDivisor), seed: seed,
            regressionStore: directory.map(RegressionStore.init(directory:)),
            savesFailures: expectedToHold,
            replayCommand: ReplayCommand { _, seed in
                let name = (implementation as? ReplayNamed)?.commandLineName ?? implementation.name
                let plain = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
                let impl = plain ? name : ReplayCommand.shellQuoted(name)
                let regressions = directory.map { $0 == implicitDirectory ? "" : " --regressions \(ReplayCommand.shellQuoted($0))" } ?? ""
                let libm = (implementation as? SeedPort)?.libm == .platform ? " --libm platform" : ""
                return "\(program) replay --property \(property.name) --impl \(impl)\(libm) --seed \(ReplayCommand.formatSeed(seed))\(regressions)"
            },
            environment: [:])
        var pinnedConfiguration = configuration
        // ZOOMCHECK_BOUNDARIES=off turns boundary search off here too (the run's own
        // environment is empty, so that only the resolved seed and count reach it).
        let boundaries = (environment ?? ProcessInfo.processInfo.environment)[RunConfiguration.boundariesVariable]?.lowercased()
        pinnedConfiguration.searchesBoundaries = boundaries != "0" && boundaries != "off"
        if case .fails = expected, let choices = PinnedChoices.choices(for: property.name, implementation: implementation) {
            // Replayed only if every generated case passed: a documented finding reproduces
            // at any case count, with its pinned minimal counterexample.
            pinnedConfiguration.pinnedCases = [ChoiceSequence(choices)]
        }
        let run = property.run(against: implementation, configuration: pinnedConfiguration)
        // The platform's sinf/logf are judged by the properties only: their last bits, and so
        // the minimal counterexample, may differ from the portable pair the pins record.
        let platformLibm = (implementation as? SeedPort)?.libm == .platform
        return CatalogueOutcome(property: property, implementationName: implementation.name, expected: expected, run: run, notApplicable: nil,
                                pinsApply: seed == Self.defaultSeed && !platformLibm)
    }

    /// Runs every pair, spread over the machine's cores; results in the order of the input.
    public func runAll(_ properties: [CatalogueProperty], against implementations: [any ZoomImplementation]) -> [CatalogueOutcome] {
        runAll(pairs: properties.flatMap { property in implementations.map { (property, $0) } })
    }

    /// Runs the given pairs (a shard of a run, for example), spread over the machine's
    /// cores; results in the order of the input.
    public func runAll(pairs: [(CatalogueProperty, any ZoomImplementation)]) -> [CatalogueOutcome] {
        let results = OutcomeBox(count: pairs.count)
        DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
            results.set(index, run(pairs[index].0, against: pairs[index].1))
        }
        return results.values
    }
}

/// Collects results written from concurrent iterations, each to its own slot.
private final class OutcomeBox: @unchecked Sendable {
    private var slots: [CatalogueOutcome?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: CatalogueOutcome) {
        lock.lock()
        slots[index] = outcome
        lock.unlock()
    }

    var values: [CatalogueOutcome] { slots.compactMap { $0 } }
}

/// Why the runner could not be configured (a bad environment variable).
public struct CatalogueConfigurationError: Error, Sendable, Hashable {
    public let message: String
}

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

    public init(property: CatalogueProperty, implementationName: String, expected: ExpectedVerdict, run: CatalogueRun?,
                notApplicable: String?, problem: String? = nil, pinsApply: Bool = true) {
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

    /// Whether this outcome fails a gate of `scope`: it is not the expected one and its
    /// property's class is gated (convention-class departures do not block a defects gate).
    public func blocks(_ scope: GateScope) -> Bool {
        !isExpected && (scope == .all || property.verdictClass == .defect)
    }

    /// The full report: the engine's report, then what was expected when it differs.
    public func report() -> String {
        var text = run?.result.render() ?? problem.map { "could not run: \($0)" } ?? "not applicable: \(notApplicable ?? "")"
        if !isExpected {
            text += "\nExpected: \(expected)\nObserved: \(observed.map(\.description) ?? "no verdict")"
        }
        return text
    }
}

/// Which verdict classes a gate fails on.
public enum GateScope: String, Sendable, Hashable, CaseIterable {
    /// Only defect-class properties: the default for implementations ZoomCheck does not ship,
    /// whose conventions may legitimately differ.
    case defects
    /// Every property: the default for ZoomCheck's own implementations.
    case all
}
