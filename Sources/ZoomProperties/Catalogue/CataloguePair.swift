import Foundation
import MercatorCore
import PropertyCheck

/// Two implementations asked the same requests (`zoomcheck diff`), and the reference that
/// says which of them is right where they disagree.
///
/// A catalogue property becomes "the two answer alike" for the pair: its generator (the
/// first implementation's) draws a case, its check runs against each implementation, and the
/// case fails — a *disagreement*, which the engine shrinks, replays and reports like any
/// failure — when
/// - the property's verdict differs: it holds for one and fails for the other;
/// - or both fail it, differently: two answers to the same request are further apart than two
///   correct answers may be (`PairBudget`: the sum of the budgets the catalogue allows each
///   against the reference), or both refused it with different codes where the protocol
///   fixes the code.
///
/// When both hold, they agree, whatever their answers: each is within the catalogue's budget
/// of what the property claims, and where two such answers are further apart than two
/// budgets, the property grants a freedom (a getter that clamps a reading to its served
/// zooms, a clamp past the band, a refusal of bad input). A case either check discards
/// (outside the claim, or `unsupported`) is not compared.
public struct CataloguePair: Sendable {
    /// The implementation whose generator draws the cases, and the other.
    public var first: CatalogueSubject
    public var second: CatalogueSubject
    /// How reports name the two (their names, unless they share one).
    public var firstName: String
    public var secondName: String
    /// The implementation the reference's answers come from: the corrected core.
    public var reference: any ZoomImplementation = BuiltInImplementations.corrected
    /// Whether the property compared applies to the reference (set for each property by
    /// ``CatalogueRunner/compare(_:_:)``): a property that does not, the reference does not judge.
    var referenceJudges = true
    /// The line that reruns a property's comparison: property, seed, case count (before the
    /// property's divisor) and, for one case, its choices. Nil: the engine's default.
    public var replayLine:
        (@Sendable (_ property: String, _ seed: Seed, _ caseCount: Int, _ choices: ChoiceSequence?) -> String)?

    public init(_ first: CatalogueSubject, _ second: CatalogueSubject) {
        self.first = first
        self.second = second
        let same = first.name == second.name
        firstName = same ? "\(first.name) (first)" : first.name
        secondName = same ? "\(second.name) (second)" : second.name
    }

    /// Whether both implementations declare the protocol's error codes for bad input.
    var exactCodes: Bool {
        first.implementation.capabilities.badInput == .errorCodes
            && second.implementation.capabilities.badInput == .errorCodes
    }

    /// Judges one case: runs `check` (the property's check of the case, given an
    /// implementation) against both and throws a ``PropertyFailure`` for a disagreement,
    /// ``CaseDiscarded`` when either side is not judged; records what the reference says of
    /// a disagreement in `log`.
    func judge(_ check: (any ZoomImplementation) throws -> Void, log: DisagreementLog) throws {
        let firstAnswers = AnswerLog(), secondAnswers = AnswerLog()
        let first = SideVerdict {
            try check(RecordingImplementation(base: self.first.implementation, log: firstAnswers))
        }
        if case .discarded(let reason) = first { throw CaseDiscarded("\(firstName): \(reason)") }
        let second = SideVerdict {
            try check(RecordingImplementation(base: self.second.implementation, log: secondAnswers))
        }
        if case .discarded(let reason) = second { throw CaseDiscarded("\(secondName): \(reason)") }
        guard let found = disagreement((first, firstAnswers, firstName), (second, secondAnswers, secondName)) else {
            return
        }
        guard referenceJudges else {
            log.record(found.text, Disagreement(kind: found.kind, referenceAgreesWith: .notJudged))
            throw PropertyFailure(found.text, signature: FailureSignature(found.signature))
        }
        let referenceAnswers = AnswerLog()
        let reference = SideVerdict { try check(RecordingImplementation(base: self.reference, log: referenceAnswers)) }
        // A side agrees with the reference when the two would not disagree.
        func agrees(_ side: SideVerdict, _ answers: AnswerLog) -> Bool {
            !reference.isDiscarded && disagreement((side, answers, ""), (reference, referenceAnswers, "")) == nil
        }
        let agreement = Disagreement.Agreement(agrees(first, firstAnswers), agrees(second, secondAnswers))
        log.record(found.text, Disagreement(kind: found.kind, referenceAgreesWith: agreement))
        throw PropertyFailure(found.text, signature: FailureSignature(found.signature))
    }

    /// How two sides, each a verdict, its answers and its name, disagree on a case, or nil.
    func disagreement(
        _ one: (verdict: SideVerdict, answers: AnswerLog, name: String),
        _ other: (verdict: SideVerdict, answers: AnswerLog, name: String)
    ) -> (text: String, signature: String, kind: Disagreement.Kind)? {
        switch (one.verdict, other.verdict) {
        case (.holds, .fails(let message, let clause)):
            return ("\(one.name) holds, \(other.name) fails: \(message)", "2:" + clause.identity, .verdicts)
        case (.fails(let message, let clause), .holds):
            return ("\(one.name) fails: \(message); \(other.name) holds", "1:" + clause.identity, .verdicts)
        case (.fails, .fails):
            guard let difference = PairBudget.firstDifference(one.answers, other.answers, exactCodes: exactCodes) else {
                return nil
            }
            let operation = difference.request.operation
            return (
                "both fail, differently: their answers to \(operation) differ: \(difference.text)",
                "answers:" + operation, .answers
            )
        default: return nil
        }
    }
}

/// What one side's check made of a case.
enum SideVerdict {
    case holds
    case fails(String, FailureSignature)
    case discarded(String)

    /// The check's verdict, with the errors a catalogue property's run turns into verdicts as
    /// it turns them (`CatalogueProperty.define`): `unsupported` discards the case, another
    /// error answer fails it.
    init(_ body: () throws -> Void) {
        do {
            try body()
            self = .holds
        } catch let discarded as CaseDiscarded { self = .discarded(discarded.reason) } catch let error
            as ProjectionError where error.code == "unsupported"
        { self = .discarded("unsupported: \(error.message)") } catch let error as ProjectionError {
            self = .fails("threw \(String(reflecting: error))", .answered(error))
        } catch let failure as PropertyFailure { self = .fails(failure.message, failure.signature) } catch {
            self = .fails("threw \(error)", FailureSignature(of: error))
        }
    }

    var holds: Bool { if case .holds = self { true } else { false } }
    var isDiscarded: Bool { if case .discarded = self { true } else { false } }
}

/// One disagreement's kind, and which side the reference agrees with.
public struct Disagreement: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The property holds for one implementation and fails for the other.
        case verdicts
        /// Both fail, differently: two answers to one request are further apart than two
        /// correct answers may be, or were refused with different codes where the protocol
        /// fixes the code.
        case answers
    }

    /// Which side the reference agrees with: a side agrees when the property's verdict on
    /// the case is the corrected core's and each of its answers is within the pair budget
    /// of the corrected core's answer to the same request.
    public enum Agreement: String, Sendable, Hashable {
        case first, second, both, neither
        /// The property does not apply to the corrected core (a convention it need not
        /// declare, an operation it does not answer): the reference says nothing.
        case notJudged

        init(_ first: Bool, _ second: Bool) { self = first ? (second ? .both : .first) : (second ? .second : .neither) }

        /// The agreement in words, with the sides' names.
        public func words(_ first: String, _ second: String) -> String {
            switch self {
            case .first: first
            case .second: second
            case .both: "both"
            case .neither: "neither"
            case .notJudged: "neither: the property does not apply to the corrected core, which does not judge it"
            }
        }
    }

    public let kind: Kind
    public let referenceAgreesWith: Agreement
}

/// The disagreements a comparison met, by their failure message, from concurrent checks.
final class DisagreementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var byMessage: [String: Disagreement] = [:]

    func record(_ message: String, _ disagreement: Disagreement) {
        lock.lock()
        byMessage[message] = disagreement
        lock.unlock()
    }

    func disagreement(_ message: String) -> Disagreement? {
        lock.lock()
        defer { lock.unlock() }
        return byMessage[message]
    }
}

/// One property compared between two implementations.
public struct PairOutcome: Sendable {
    public let property: CatalogueProperty
    public let pair: CataloguePair
    /// Nil when the property could not be compared.
    public let run: CatalogueRun?
    /// Why the property does not apply to one of the two, when it does not.
    public let notApplicable: String?
    /// Why the comparison could not run (a configuration error), if it could not.
    public let problem: String?
    /// The minimal disagreement's kind and reference, then each other distinct one's, in the
    /// order of the report's `otherFailures`.
    public let disagreements: [Disagreement]

    /// Whether the two disagree on the property.
    public var differs: Bool { run?.result.failure != nil }
    /// Why nothing was compared: every case was discarded by one side (unsupported, or
    /// outside the claim), or nil.
    public var notCompared: String? {
        if let notApplicable { return notApplicable }
        if let problem { return problem }
        if case .gaveUp(let report)? = run?.result { return "every case was discarded: \(report.error)" }
        return nil
    }

    /// Whether the property was compared on at least one case and they agreed on every one.
    public var agrees: Bool {
        if case .passed(let report)? = run?.result { return report.generatedCases + report.replayedCases > 0 }
        if case .coverageFailed? = run?.result { return true }
        return false
    }
}

extension CatalogueRunner {
    /// Compares `pair` on `property`: the property's cases (the first implementation's
    /// generator, this runner's seed and case count; the pinned cases of a documented finding
    /// of either, replayed) sent to both, every disagreement shrunk by the engine. Nothing is
    /// saved; the cases are checked one at a time.
    public func compare(_ property: CatalogueProperty, _ pair: CataloguePair) -> PairOutcome {
        func outcome(notApplicable: String? = nil, problem: String? = nil) -> PairOutcome {
            PairOutcome(
                property: property, pair: pair, run: nil, notApplicable: notApplicable, problem: problem,
                disagreements: [])
        }
        for (subject, name) in [(pair.first, pair.firstName), (pair.second, pair.secondName)] {
            if let reason = property.notApplicableReason(for: subject.implementation) {
                return outcome(notApplicable: "\(name): \(reason)")
            }
        }
        if let problem = settings.caseCountProblem(minimum: Self.minimumCaseCount) {
            return outcome(problem: "the case count per property \(problem.text)")
        }
        let caseCount = settings.caseCount, name = property.name
        let replay: ReplayCommand =
            pair.replayLine.map { line in
                ReplayCommand(
                    { _, seed in line(name, seed, caseCount, nil) },
                    forCase: { _, seed, choices in line(name, seed, caseCount, choices) })
            } ?? .swiftTest
        var configuration = RunConfiguration(
            settings: RunSettings(
                seed: settings.seed, caseCount: cases(of: property), searchesBoundaries: settings.searchesBoundaries),
            examples: choiceExamples, savesFailures: false, replayCommand: replay)
        // A documented finding of either side is replayed, as check replays it: it shows at any
        // case count.
        configuration.pinnedCases = [pair.first, pair.second].flatMap { subject in
            guard case .fails = subject.expectations.verdict(for: property.name) else { return [ChoiceSequence]() }
            return subject.expectations.pinnedChoices(for: property.name).map { ChoiceSequence($0) }
        }
        var pair = pair
        pair.referenceJudges = property.notApplicableReason(for: pair.reference) == nil
        let (run, log) = property.compare(pair, configuration: configuration)
        let reports = run.result.failure.map { [$0] + $0.otherFailures } ?? []
        return PairOutcome(
            property: property, pair: pair, run: run, notApplicable: nil, problem: nil,
            disagreements: reports.compactMap { log.disagreement($0.minimalMessage) })
    }

    /// Compares `pair` on each property, spread over the machine's cores; in the input's order.
    public func compareAll(_ properties: [CatalogueProperty], _ pair: CataloguePair) -> [PairOutcome] {
        let slots = PairSlots(count: properties.count)
        DispatchQueue.concurrentPerform(iterations: properties.count) { [self] index in
            slots.set(index, compare(properties[index], pair))
        }
        return slots.values
    }
}

/// Results written from concurrent iterations, each to its own slot.
private final class PairSlots: @unchecked Sendable {
    private var slots: [PairOutcome?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: PairOutcome) {
        lock.lock()
        slots[index] = outcome
        lock.unlock()
    }

    var values: [PairOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
