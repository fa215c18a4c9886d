import Foundation
import MercatorCore
import PropertyCheck

/// One named property of the catalogue, generic over the implementation under test.
///
/// It builds a PropertyCheck `Property` for a given implementation (the generator may depend
/// on what the implementation can express) and runs it; the value type is erased so that
/// properties over different inputs sit in one list.
public struct CatalogueProperty: Sendable {
    /// Stable kebab-case name, used on the command line and in pins.
    public let name: String
    public let family: PropertyFamily
    /// Whether a failure is a defect of the arithmetic or a departure from a convention.
    public let verdictClass: VerdictClass
    /// The operations the property calls; an implementation that does not answer one of
    /// them (its `capabilities`) is not applicable.
    public let operations: Set<Capabilities.Operation>
    /// The claim, in one sentence.
    public let statement: String
    /// The bound the check uses, and why it is that bound.
    public let bound: String
    /// The run's case count is divided by this for the property (at least 1 case): 1 for a
    /// property whose case is one call or a few, more for one whose case is a whole session
    /// of calls, so that every property costs about the same.
    public internal(set) var caseDivisor = 1
    /// The strata the property's generator is designed to reach for an implementation, each
    /// with the share its design guarantees (see `Strata.Design`); the property requires half
    /// of each (`requiredStrata(for:)`).
    public internal(set) var designedStrata: @Sendable (any ZoomImplementation) -> [Strata.DesignedShare] = { _ in [] }
    /// The coverage requirements besides the strata (labels of the property's own).
    public internal(set) var otherCoverage: [CoverageRequirement] = []
    /// Why the property does not apply to an implementation, or nil when it does.
    let applicability: @Sendable (any ZoomImplementation) -> String?
    let execute: @Sendable (any ZoomImplementation, RunConfiguration) -> CatalogueRun
    /// One case at each value of a numeric draw, checked inline (see ``sweep(_:choices:position:values:)``).
    let probing: @Sendable (any ZoomImplementation, ChoiceSequence, Int, [Double?]) -> [CaseProbe]
    /// Two implementations compared case by case (see ``compare(_:configuration:)``).
    let pairing: @Sendable (CataloguePair, RunConfiguration) -> (CatalogueRun, DisagreementLog)
    /// The request a minimal case makes, for a picture of it (see ``scene(_:choices:)``).
    var picturing: @Sendable (any ZoomImplementation, ChoiceSequence) -> CounterexampleRequest? = { _, _ in nil }
    /// A disagreement's case asked again of both sides and the reference (see ``pairedCase(_:choices:)``).
    var answering: @Sendable (CataloguePair, ChoiceSequence, _ referenceJudges: Bool) -> PairedCase? = { _, _, _ in nil
    }

    /// Why the property does not apply to `implementation`, or nil when it applies: an
    /// operation it needs and the implementation does not answer, or a convention the
    /// implementation does not keep.
    public func notApplicableReason(for implementation: any ZoomImplementation) -> String? {
        let supported = implementation.capabilities.operations
        let missing = operations.subtracting(supported).sorted()
        if !missing.isEmpty {
            return "needs \(missing.map(\.rawValue).joined(separator: ", ")), which the implementation does not answer"
        }
        return applicability(implementation)
    }

    /// Every coverage requirement of the property against `implementation`: its strata's
    /// (half the designed shares), then its own labels'.
    public func requiredStrata(for implementation: any ZoomImplementation) -> [CoverageRequirement] {
        Self.requirements(Strata.Design.served(designedStrata(implementation), by: implementation), otherCoverage)
    }

    /// The strata's requirements, then the other labels' (a label a stratum requires already is
    /// left out: the stratum's derived share is the one judged).
    static func requirements(_ strata: [Strata.DesignedShare], _ other: [CoverageRequirement]) -> [CoverageRequirement]
    {
        let labels = Set(strata.map(\.label))
        return strata.map(\.requirement) + other.filter { !labels.contains($0.label) }
    }

    /// The significance each coverage requirement is tested at: 1e-12, so that a run of the
    /// whole catalogue against one implementation, which holds at most
    /// ``coverageRequirementBudget`` requirements (a test keeps it so), fails a generator that
    /// meets every requirement with probability at most 1e-9 (Bonferroni). Fixed, not
    /// divided by the requirements of the properties selected, so that a property's verdict
    /// is the same in a run of one property (a replay) as in a run of all.
    public static let coverageSignificance = 1e-12
    /// The most coverage requirements the catalogue may hold for one implementation.
    public static let coverageRequirementBudget = 1_000

    /// Runs the property against `implementation`.
    public func run(against implementation: any ZoomImplementation, configuration: RunConfiguration) -> CatalogueRun {
        execute(implementation, configuration)
    }

    /// Checks `implementation` on the minimal `choices` of a failure with the number drawn at
    /// `position` (an `InputBoundary`'s `choicePosition`) set to each of `values` in turn (nil:
    /// the minimal case itself),
    /// one case at a time on this thread, nothing shrunk or saved: what the property says
    /// around a minimal counterexample, with the errors its bounds measured (each probe's
    /// `measurements`). Each value costs the requests of one case.
    package func sweep(
        _ implementation: any ZoomImplementation, choices: ChoiceSequence, position: Int, values: [Double?]
    ) -> [CaseProbe] { probing(implementation, choices, position, values) }

    /// Runs "the two answer alike" for `pair`: this property's cases, from the first
    /// implementation's generator, each checked against both; a disagreement (``CataloguePair``)
    /// is a failure, shrunk and reported by the engine. The log holds what the reference said
    /// of each disagreement met, by its message.
    func compare(_ pair: CataloguePair, configuration: RunConfiguration) -> (CatalogueRun, DisagreementLog) {
        pairing(pair, configuration)
    }

    /// Defines a property over values of type `Value`.
    ///
    /// An implementation that answers `unsupported` for a case outside what it declares has
    /// that case discarded (counted as unsupported); when no case could be checked the
    /// property is not applicable, with the implementation's reason. Inside its declaration
    /// `unsupported` fails the case (`DeclaredSupport`).
    ///
    /// - Parameters:
    ///   - verdictClass: Defect or convention (see `VerdictClass`).
    ///   - operations: The operations the check calls.
    ///   - caseDivisor: Divides the run's case count for this property (see `caseDivisor`).
    ///   - pin: Renders a minimal counterexample for pinning; defaults to `describe`. A
    ///     property whose counterexample depends on libm's last bit pins a stable class.
    ///   - picture: The request a case makes, for the findings page's picture of a minimal
    ///     case; defaults to what the value says (`CounterexampleRequest.inferred`).
    ///   - generator: The inputs, for one implementation.
    ///   - check: Throws a `PropertyFailure` (or any error) when the implementation breaks
    ///     the claim for a value; `CaseDiscarded` (`assume`) when the value is outside the
    ///     claim.
    static func define<Value: Sendable>(
        _ name: String, _ family: PropertyFamily, _ verdictClass: VerdictClass, operations: Set<Capabilities.Operation>,
        statement: String, bound: String,
        appliesTo applicability: @escaping @Sendable (any ZoomImplementation) -> String? = { _ in nil },
        coverage: [CoverageRequirement] = [],
        strata: @escaping @Sendable (any ZoomImplementation) -> [Strata.DesignedShare] = { _ in [] },
        caseDivisor: Int = 1, describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
        pin: (@Sendable (Value) -> String)? = nil,
        picture: (@Sendable (Value, any ZoomImplementation) -> CounterexampleRequest?)? = nil,
        degenerate: (@Sendable (Value) -> String?)? = nil,
        generator: @escaping @Sendable (any ZoomImplementation) -> Gen<Value>,
        check: @escaping @Sendable (any ZoomImplementation, Value, CaseContext) throws -> Void
    ) -> CatalogueProperty {
        // The engine's property for one implementation, with its coverage requirements: an
        // `unsupported` answer inside what the implementation declares fails the case
        // (`DeclaredSupport`); outside it the case is discarded, and counted in `unsupported`
        // when the case is judged (a case checked in a window past the run's end is not
        // counted, so the count is the same for every window).
        @Sendable func engineProperty(
            _ implementation: any ZoomImplementation, unsupported: UnsupportedLog?,
            excluding: (@Sendable (Value) -> String?)? = nil
        ) -> Property<Value> {
            let held = DeclaredSupport(base: implementation)
            return Property(
                "\(name)@\(implementation.name)", generator(implementation),
                coverage: requirements(Strata.Design.served(strata(implementation), by: implementation), coverage),
                describe: describe
            ) { value, context in
                if let excluding, let reason = excluding(value) { throw CaseDiscarded(reason) }
                // A case one of whose requests the implementation refused unasked (a program
                // that stopped for good) is not checked: neither failed on an answer nobody
                // gave, nor a candidate while shrinking a failure.
                _ = UnaskedRequests.take()
                do { try check(held, value, context) } catch let error as ProjectionError
                    where error.code == "unsupported"
                {
                    let message = error.message
                    if let unsupported { context.whenJudged { unsupported.record(message) } }
                    throw CaseDiscarded("unsupported: \(message)")
                } catch let error as ProjectionError {
                    if let unasked = UnaskedRequests.take() { throw CaseDiscarded("not checked: \(unasked)") }
                    // An error answer the check let through fails the case with the engine's
                    // words for it, as one kind of failure per code.
                    throw PropertyFailure("threw \(String(reflecting: error))", signature: .answered(error))
                } catch {
                    if let unasked = UnaskedRequests.take() { throw CaseDiscarded("not checked: \(unasked)") }
                    throw error
                }
                if let unasked = UnaskedRequests.take() { throw CaseDiscarded("not checked: \(unasked)") }
            }
        }
        @Sendable func catalogueRun(
            _ run: PropertyRun<Value>, implementationName: String, _ unsupported: UnsupportedLog?
        ) -> CatalogueRun {
            var catalogueRun = CatalogueRun(
                propertyName: name, implementationName: implementationName, result: run.result,
                pin: run.minimalCounterexample.map { (pin ?? describe)($0) },
                shrinkSteps: run.shrinkTrace.map(\.description), timing: run.timing,
                unsupportedCases: unsupported?.count ?? 0, unsupportedReason: unsupported?.first)
            catalogueRun.shrinkPasses = run.shrinkPasses
            catalogueRun.otherPins = run.otherMinimalCounterexamples.map { (pin ?? describe)($0) }
            return catalogueRun
        }
        let probing: @Sendable (any ZoomImplementation, ChoiceSequence, Int, [Double?]) -> [CaseProbe] = {
            implementation, choices, position, values in
            let property = engineProperty(implementation, unsupported: nil)
            return values.map { property.probe(choices, settingNumberAt: position, to: $0) }
        }
        var property = CatalogueProperty(
            name: name, family: family, verdictClass: verdictClass, operations: operations, statement: statement,
            bound: bound, applicability: applicability,
            execute: { implementation, configuration in
                let unsupported = UnsupportedLog()
                let property = engineProperty(implementation, unsupported: unsupported)
                var configuration = configuration
                configuration.coverageFalseFailureRate =
                    coverageSignificance * Double(Swift.max(1, property.coverage.count))
                let run = property.run(configuration)
                var result = catalogueRun(run, implementationName: implementation.name, unsupported)
                // A degenerate minimal case (one place written two ways) is a true failure whose
                // fix may not be the program's: beside it, the nearest failure that is not
                // degenerate, from the same seed with the degenerate cases discarded.
                if let degenerate, let minimal = run.minimalCounterexample, let reason = degenerate(minimal) {
                    var again = configuration
                    again.regressionStore = nil
                    again.savesFailures = false
                    again.observation = nil
                    again.distinctFailureLimit = 1
                    let other = engineProperty(implementation, unsupported: nil, excluding: degenerate).run(again)
                    if let value = other.minimalCounterexample, let report = other.result.failure {
                        result.nonDegenerate = NonDegenerateFailure(
                            degeneracy: reason, minimalCounterexample: describe(value), message: report.minimalMessage)
                    }
                }
                return result
            }, probing: probing,
            pairing: { pair, configuration in
                let log = DisagreementLog()
                let property = Property(
                    "\(name)@\(pair.firstName)|\(pair.secondName)", generator(pair.first.implementation),
                    describe: describe
                ) { value, context in try pair.judge({ try check(DeclaredSupport(base: $0), value, context) }, log: log)
                }
                let run = property.run(configuration)
                return (catalogueRun(run, implementationName: "\(pair.firstName)|\(pair.secondName)", nil), log)
            })
        let request =
            picture ?? { value, implementation in
                CounterexampleRequest.inferred(from: value, operations: operations, implementation: implementation)
            }
        property.picturing = { implementation, choices in
            Property(name, generator(implementation)) { (_: Value) in }.value(replaying: choices).flatMap {
                request($0, implementation)
            }
        }
        property.answering = { pair, choices, referenceJudges in
            // The case the first's generator rebuilds from the choices, checked against one side.
            PairedCase.ask(pair, referenceJudges: referenceJudges) { implementation, log in
                let verdict = PairedCase.VerdictSlot()
                let probe = Property(name, generator(pair.first.implementation)) { value, context in
                    verdict.value = SideVerdict {
                        try check(
                            DeclaredSupport(base: RecordingImplementation(base: implementation, log: log)), value,
                            context)
                    }
                }.probe(choices, settingNumberAt: -1, to: nil)
                return probe.representation.isEmpty ? nil : verdict.value
            }
        }
        property.caseDivisor = Swift.max(1, caseDivisor)
        property.designedStrata = strata
        property.otherCoverage = coverage
        return property
    }
}

/// Counts the cases an implementation answered `unsupported`, from concurrent checks.
final class UnsupportedLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var count = 0
    private(set) var first: String?

    func record(_ message: String) {
        lock.lock()
        count += 1
        if first == nil { first = message }
        lock.unlock()
    }
}

/// The outcome of one property against one implementation.
public struct CatalogueRun: Sendable {
    public let propertyName: String
    public let implementationName: String
    /// The engine's verdict with its report.
    public let result: PropertyResult
    /// The pin text of the minimal counterexample when the property failed.
    public let pin: String?
    /// The pin text of each other distinct failure's minimal counterexample, in the order of
    /// the report's `otherFailures` (empty when the run found one kind of failure).
    public var otherPins: [String] = []
    /// Beside a degenerate minimal counterexample (one place written two ways), the nearest
    /// failure that is not degenerate; nil when the minimal case is not degenerate, or no
    /// other case failed.
    package var nonDegenerate: NonDegenerateFailure?
    /// Each accepted shrink step, rendered (empty when nothing failed).
    public let shrinkSteps: [String]
    /// Each shrink pass's attempts and accepted steps (empty when nothing failed).
    public var shrinkPasses: [ShrinkPassCount] = []
    public let timing: RunTiming
    /// Cases the implementation answered `unsupported` (discarded, not judged).
    public var unsupportedCases: Int = 0
    /// The implementation's reason, from its first `unsupported` answer.
    public var unsupportedReason: String?

    /// Cases a passing run discarded (an `unsupported` answer outside what the implementation
    /// declares, a filter, an input the property does not judge), and its share of the cases
    /// it generated: a property that holds on a thinned sample says so (0 for a run that did
    /// not pass).
    public var discarded: (cases: Int, share: Double) {
        guard case .passed(let report) = result, report.discardedCases > 0 else { return (0, 0) }
        return (
            report.discardedCases, Double(report.discardedCases) / Double(report.discardedCases + report.generatedCases)
        )
    }

    /// Whether the implementation could not answer any case: every one was `unsupported`.
    public var nothingSupported: Bool {
        guard unsupportedCases > 0 else { return false }
        switch result {
        case .gaveUp: return true
        case .passed(let report): return report.generatedCases == 0 && report.replayedCases == 0
        default: return false
        }
    }

    /// The observed verdict in the form pins are written in.
    public var observedVerdict: ExpectedVerdict? {
        if nothingSupported {
            return .notApplicable("the implementation answered unsupported: \(unsupportedReason ?? "")")
        }
        switch result {
        case .passed: return .holds
        case .failed: return pin.map { .fails(pin: $0) }
        default: return nil
        }
    }
}

/// The nearest failure that is not degenerate, shown beside a degenerate minimal
/// counterexample: found by running the property again with the same seed and the degenerate
/// cases discarded, so the shrinker cannot reach them.
package struct NonDegenerateFailure: Sendable, Equatable {
    /// Why the minimal counterexample is degenerate ("one place written two ways …").
    package let degeneracy: String
    /// The non-degenerate failure's minimal counterexample.
    package let minimalCounterexample: String
    /// Its failure message.
    package let message: String
}
