import Foundation
import MercatorCore
import PropertyCheck

/// Runs catalogue properties against implementations and judges each run against its
/// expected verdict. `zoomcheck check` and the Swift Testing suites both go through here.
public struct CatalogueRunner: Sendable {
    /// Cases per property unless the settings say otherwise: the catalogue's one default.
    public static let defaultCaseCount = 10_000
    /// The fewest cases per property a catalogue run takes: a documented finding must be
    /// tried at least once, and a run of none would pass having checked nothing.
    public static let minimumCaseCount = 1

    /// The seed, case count per property (before a property's ``CatalogueProperty/caseDivisor``),
    /// boundary search and observation directory of every run, used as they are: the
    /// environment is read by the entry points (`zoomcheck check`, `expectCatalogue`), once.
    public var settings: RunSettings
    /// Where saved counterexamples live (replayed first; new failures of properties expected
    /// to hold are appended there), for subjects that name no place of their own
    /// (``CatalogueSubject/Regressions/runnerDefault``). Nil: none.
    public var regressionDirectory: String?
    /// The test that runs this catalogue, for the replay line of a subject with no
    /// ``CatalogueSubject/replayLine``: its Swift Testing identifier and its package's root
    /// (set by `expectCatalogue`). Nil: the line runs the package's whole test suite with the
    /// seed and case count.
    public var swiftTestReplay: (testID: String, packagePath: String?)?
    /// Choice sequences every run replays first (`zoomcheck replay --choices`: one case of a
    /// failure report, its minimal choices); a failure among them ends the run there.
    public var choiceExamples: [ChoiceSequence] = []
    /// Most distinct failures each run reports (``RunConfiguration/distinctFailureLimit``). A
    /// test that judges only a run's first failure sets 1: the run then ends once that failure
    /// is shrunk instead of spending the rest of its budget looking for other kinds.
    package var distinctFailureLimit = RunConfiguration.defaultDistinctFailureLimit

    /// A runner whose every run uses `settings` (`RunSettings.catalogueDefaults`: the fixed
    /// seed and ``defaultCaseCount`` cases per property).
    public init(settings: RunSettings, regressionDirectory: String? = nil) {
        self.settings = settings
        self.regressionDirectory = regressionDirectory
    }

    /// Runs one property against one subject.
    public func run(_ property: CatalogueProperty, against subject: CatalogueSubject) -> CatalogueOutcome {
        let implementation = subject.implementation
        let expected = subject.expectations.verdict(for: property.name)
        if let reason = property.notApplicableReason(for: implementation) {
            return CatalogueOutcome(
                property: property, subject: subject, expected: expected, run: nil, notApplicable: reason)
        }
        if let problem = settings.caseCountProblem(minimum: Self.minimumCaseCount) {
            return CatalogueOutcome(
                property: property, subject: subject, expected: expected, run: nil, notApplicable: nil,
                problem: "the case count per property \(problem.text)")
        }
        let expectedToHold = expected == .holds
        let directory: String? =
            switch subject.regressions {
            case .runnerDefault: regressionDirectory
            case .directory(let path): path
            case .nowhere: nil
            }
        let configuration = RunConfiguration(
            settings: RunSettings(
                seed: settings.seed, caseCount: cases(of: property), searchesBoundaries: settings.searchesBoundaries),
            regressionStore: directory.map(RegressionStore.init(directory:)), savesFailures: expectedToHold,
            replayCommand: replayCommand(for: property, against: subject, caseCount: settings.caseCount))
        var pinnedConfiguration = configuration
        pinnedConfiguration.distinctFailureLimit = distinctFailureLimit
        // A subject that answers many requests at once gets its generated cases checked that
        // many at a time, on this thread, their requests sent together: the same cases and
        // verdicts, less waiting.
        pinnedConfiguration.caseWindow = subject.caseWindow
        var answering = implementation
        if subject.caseWindow > 1, let batch = subject.requestBatch?() {
            pinnedConfiguration.caseBatch = RequestCaseBatch(batch)
            answering = batch.implementation
        }
        // Only this run observes (not the state-dependence replays below): one file per
        // property and implementation (the engine's property is named `property@implementation`).
        pinnedConfiguration.observation = settings.observationDirectory.map {
            RunObservation(
                directory: $0, implementation: subject.name, verdictClass: String(describing: property.verdictClass))
        }
        if case .fails = expected {
            // Replayed unless generation found every distinct failure: a documented finding
            // reproduces at any case count, with its pinned minimal counterexamples.
            pinnedConfiguration.pinnedCases = subject.expectations.pinnedChoices(for: property.name).map {
                ChoiceSequence($0)
            }
        }
        pinnedConfiguration.examples = choiceExamples
        let run = property.run(against: answering, configuration: pinnedConfiguration)
        var outcome = CatalogueOutcome(
            property: property, subject: subject, expected: expected, run: run, notApplicable: nil,
            pinsApply: settings.seed == .default && subject.comparesPins)
        outcome.stateDependence = Self.stateDependence(
            of: run, property: property, subject: subject, configuration: configuration)
        return outcome
    }

    /// Whether a failure depends on earlier requests: the minimal case asked again as the
    /// first request of a fresh instance (``CatalogueSubject/freshInstance``), with nothing
    /// else replayed or generated. Nil when the subject cannot be started afresh, stopped for
    /// good (a program that hung or broke the protocol is not started again), the run did
    /// not fail, or the fresh instance fails too (the counterexample replays). When the
    /// cases were checked a window at a time, and the whole property holds on a fresh
    /// instance one request at a time, the answers depend on the batching (out of order),
    /// not on state.
    static func stateDependence(
        of run: CatalogueRun, property: CatalogueProperty, subject: CatalogueSubject, configuration: RunConfiguration
    ) -> String? {
        guard case .failed(let report) = run.result, let choices = report.minimalChoices,
            let freshInstance = subject.freshInstance, (subject.implementation as? any StopsForGood)?.stopReason == nil
        else { return nil }
        var replay = configuration
        replay.settings.caseCount = 0
        replay.examples = [choices]
        replay.regressions = []
        replay.regressionStore = nil
        replay.savesFailures = false
        replay.settings.searchesBoundaries = false
        guard case .passed = property.run(against: freshInstance(), configuration: replay).result else { return nil }
        if subject.caseWindow > 1 {
            // The same cases one request at a time: a program that holds then answers a
            // window out of order (or mixes up what it read ahead); it need not keep state.
            var oneAtATime = configuration
            oneAtATime.caseWindow = 1
            oneAtATime.savesFailures = false
            oneAtATime.settings.searchesBoundaries = false
            if case .passed = property.run(against: freshInstance(), configuration: oneAtATime).result {
                return """
                    answers depend on how requests are batched: the property fails when a window of requests goes \
                    to the program together (--window \(subject.caseWindow)) and holds, with the same cases, when \
                    they go one at a time (--window 1). The program answers out of order or mixes up requests it \
                    read ahead: answers must come in the order of the requests, one line each (PROTOCOL.md).
                    """
            }
        }
        return """
            answers depend on earlier requests: the minimal case failed in a process that had answered other requests 
            """ + """
                first, and holds as the first request of a fresh process, so it will not replay by itself. The program \
                keeps state 
                """ + "between requests; each answer must depend on its own request only (PROTOCOL.md)."
    }

    /// The line that replays `property` against `subject` on a machine that has only the
    /// line: the subject's own ``CatalogueSubject/replayLine`` with the run's seed and case
    /// count (before the property's divisor), else a `swift test` line with both.
    func replayCommand(for property: CatalogueProperty, against subject: CatalogueSubject, caseCount: Int)
        -> ReplayCommand
    {
        if let line = subject.replayLine {
            let name = property.name
            return ReplayCommand(
                { _, seed in line(name, seed, caseCount, nil) },
                forCase: { _, seed, choices in line(name, seed, caseCount, choices) })
        }
        let environment = [(RunSettings.caseCountVariable, String(caseCount))]
        if let test = swiftTestReplay {
            return .swiftTest(selecting: test.testID, packagePath: test.packagePath, environment: environment)
        }
        return ReplayCommand { _, seed in
            """
            \(RunSettings.caseCountVariable)=\(caseCount) \
            \(RunSettings.seedVariable)=\(seed) swift test --disable-xctest
            """ + """
                  # in the package whose test ran the catalogue (expectCatalogue prints a line that selects \
                that test)
                """
        }
    }

    /// The cases a run of `property` against `subject` is expected to take, for dealing runs
    /// to shards: 0 when the property does not apply, 1 for a documented finding (it fails at
    /// its first cases, or on its pinned case), else the property's case count.
    public func expectedCases(_ property: CatalogueProperty, against subject: CatalogueSubject) -> Int {
        if property.notApplicableReason(for: subject.implementation) != nil { return 0 }
        if case .fails = subject.expectations.verdict(for: property.name) { return 1 }
        return cases(of: property)
    }

    /// The generated cases of `property` in a run: the settings' count over the property's
    /// ``CatalogueProperty/caseDivisor``, at least 1.
    public func cases(of property: CatalogueProperty) -> Int { Swift.max(1, settings.caseCount / property.caseDivisor) }

    /// Runs every pair, spread over the machine's cores; results in the order of the input.
    public func runAll(_ properties: [CatalogueProperty], against subjects: [CatalogueSubject]) -> [CatalogueOutcome] {
        runAll(pairs: properties.flatMap { property in subjects.map { (property, $0) } })
    }

    /// Runs the given pairs (a shard of a run, for example), spread over the machine's
    /// cores; results in the order of the input.
    public func runAll(pairs: [(CatalogueProperty, CatalogueSubject)]) -> [CatalogueOutcome] {
        runAll(pairs: pairs, stoppingAt: { _ in false })
    }

    /// Runs the given pairs like `runAll(pairs:)`, but starts no further pair once an
    /// outcome satisfies `stops` (`zoomcheck check --fail-fast`: a mutation run needs the
    /// first gated failure, not all of them). Pairs already running finish; pairs never
    /// started are left out of the result, which keeps the input's order.
    public func runAll(
        pairs: [(CatalogueProperty, CatalogueSubject)], stoppingAt stops: @escaping @Sendable (CatalogueOutcome) -> Bool
    ) -> [CatalogueOutcome] {
        let results = OutcomeBox(count: pairs.count)
        DispatchQueue.concurrentPerform(iterations: pairs.count) { [self] index in
            guard !results.stopped else { return }
            let outcome = run(pairs[index].0, against: pairs[index].1)
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

extension RunSettings {
    /// The catalogue's defaults: the fixed seed, ``CatalogueRunner/defaultCaseCount`` cases per
    /// property, boundaries searched, no observations.
    public static let catalogueDefaults = RunSettings(caseCount: CatalogueRunner.defaultCaseCount)
}

/// One property against one implementation, judged.
public struct CatalogueOutcome: Sendable {
    public let property: CatalogueProperty
    /// The subject that ran, as its chooser built it: its name, gate, declared conventions and
    /// command travel with the outcome.
    public let subject: CatalogueSubject
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

    /// The outcome of `property` against `subject`, judged under the subject's gate.
    public init(
        property: CatalogueProperty, subject: CatalogueSubject, expected: ExpectedVerdict, run: CatalogueRun?,
        notApplicable: String?, problem: String? = nil, pinsApply: Bool = true
    ) {
        self.property = property
        self.subject = subject
        self.expected = expected
        self.run = run
        self.notApplicable = notApplicable
        self.problem = problem
        self.pinsApply = pinsApply
    }

    /// The subject's name.
    public var implementationName: String { subject.name }
    /// The gate of the subject that ran (``CatalogueSubject/gate``).
    public var gate: GateScope { subject.gate }
    /// The conventions the subject declared (``CatalogueSubject/declaredConventions``).
    public var declaredConventions: Set<DeclaredConvention> { subject.declaredConventions }

    /// Whether this outcome fails its subject's gate: it is not the expected one and its
    /// property is gated for the subject (its ``gate`` and ``declaredConventions``).
    public var blocksItsGate: Bool { blocks(gate, declared: declaredConventions) }

    /// Whether every case passed but a required stratum was proven under-covered.
    public var isUnderCovered: Bool { if case .coverageFailed? = run?.result { true } else { false } }

    /// What was observed, in the form of a pin.
    public var observed: ExpectedVerdict? {
        if let notApplicable { return .notApplicable(notApplicable) }
        if isUnderCovered, !subject.gatesCoverage {
            // Every case passed. A stratum the run reached too rarely is a shortfall of the
            // catalogue's generator for this implementation (its conventions and its declared
            // domain shape what is drawn and what is discarded), never evidence against it:
            // reported (UNDER), not held against it.
            return .holds
        }
        return run?.observedVerdict
    }

    /// Whether the observation is what the catalogue expects (a finding that still
    /// reproduces with the same minimal counterexample counts as expected).
    public var isExpected: Bool {
        switch (expected, observed) {
        case (.notApplicable, .notApplicable?), (.holds, .notApplicable?): true
        case (.holds, .holds?): true
        case (.fails(let pin), .fails(let observedPin)?):
            !pinsApply || (pin == observedPin && expectedOtherPins.sorted() == (run?.otherPins ?? []).sorted())
        default: false
        }
    }

    /// The pins of the other distinct failures a documented finding is expected to show
    /// (compared as a set: below the recorded case count, generation and the pinned replays
    /// may meet them in another order).
    public var expectedOtherPins: [String] { subject.expectations.otherPins(for: property.name) }

    /// Whether this outcome fails a gate of `scope` for a program that declared `declared`:
    /// it is not the expected one and its property is gated (`CatalogueProperty.isGated`).
    public func blocks(_ scope: GateScope, declared: Set<DeclaredConvention> = []) -> Bool {
        !isExpected && isGated(scope, declared: declared)
    }

    /// Whether a gate of `scope` judges this outcome, for a program that declared `declared`.
    public func isGated(_ scope: GateScope, declared: Set<DeclaredConvention> = []) -> Bool {
        property.isGated(scope, declared: declared)
    }

    /// The full report: the engine's report (with its internals when `verbose`, the default:
    /// `PropertyReport.render(verbose:)`), then what was expected when it differs.
    public func report(verbose: Bool = true) -> String {
        var text =
            run?.result.render(verbose: verbose) ?? problem.map { "could not run: \($0)" }
            ?? "not applicable: \(notApplicable ?? "")"
        if let stateDependence { text += "\n  " + stateDependence }
        if !isExpected { text += "\nExpected: \(expected)\nObserved: \(observed.map(\.description) ?? "no verdict")" }
        if !isExpected, case .fails = expected, pinsApply {
            text += "\nExpected other distinct failures: \(expectedOtherPins)\nObserved: \(run?.otherPins ?? [])"
        }
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
