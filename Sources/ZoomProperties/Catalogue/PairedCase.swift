import Foundation
import MercatorCore
import PropertyCheck

/// A disagreement's minimal case asked again of both sides of a ``CataloguePair`` and of the
/// reference, for `zoomcheck diff --html`: each side's verdict, and every request the
/// property's check made with each side's answer to it, side by side. One case, on this
/// thread, nothing shrunk or saved: the requests of one case for each side (and the
/// reference's, when it judges the property).
package struct PairedCase: Sendable {
    /// One request the check made, and each side's answer to it in words (nil: that side was
    /// not asked it).
    package struct Row: Sendable, Hashable {
        package var request: String
        package var first: String?
        package var second: String?
        package var reference: String?
        /// How the two sides' answers differ beyond what two correct answers may (``PairBudget``),
        /// or nil.
        package var difference: String?
    }

    /// Each side's verdict on the case in words: `holds`, `fails: …`, `not judged: …`.
    package var first: String
    package var second: String
    /// The reference's verdict; nil when it does not judge the property.
    package var reference: String?
    /// The requests, in the order the first side was asked them, then any only another was asked.
    package var rows: [Row]

    /// Where a side's verdict is put by the check that runs inside a probe.
    final class VerdictSlot: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: SideVerdict?

        var value: SideVerdict? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            set {
                lock.lock()
                stored = newValue
                lock.unlock()
            }
        }
    }

    /// Asks each side (and the reference, when `referenceJudges`) through `side`, which checks
    /// the case against one implementation with its answers written to a log; nil when the
    /// case cannot be rebuilt.
    static func ask(
        _ pair: CataloguePair, referenceJudges: Bool, side: (any ZoomImplementation, AnswerLog) -> SideVerdict?
    ) -> PairedCase? {
        let firstLog = AnswerLog(), secondLog = AnswerLog(), referenceLog = AnswerLog()
        guard let first = side(pair.first.implementation, firstLog),
            let second = side(pair.second.implementation, secondLog)
        else { return nil }
        let reference = referenceJudges ? side(pair.reference, referenceLog) : nil
        var requests: [AnswerRequest] = []
        for log in [firstLog, secondLog, referenceLog] {
            for (request, _) in log.answers where !requests.contains(request) { requests.append(request) }
        }
        let rows = requests.map { request in
            let one = firstLog.answer(to: request), other = secondLog.answer(to: request)
            let difference = one.flatMap { one in
                other.flatMap { PairBudget.difference(request, one, $0, exactCodes: pair.exactCodes) }
            }
            return Row(
                request: words(request), first: one.map(words), second: other.map(words),
                reference: referenceLog.answer(to: request).map(words), difference: difference)
        }
        return PairedCase(first: words(first), second: words(second), reference: reference.map(words), rows: rows)
    }

    static func words(_ verdict: SideVerdict) -> String {
        switch verdict {
        case .holds: "holds"
        case .fails(let message, _): "fails: \(message)"
        case .discarded(let reason): "not judged: \(reason)"
        }
    }

    static func words(_ request: AnswerRequest) -> String {
        func zoom(_ zoom: Double, _ convention: ZoomConvention) -> String {
            "zoom \(NumberText.shortest(zoom)) \(convention.rawValue)"
        }
        switch request {
        case .project(let coordinate, let level, let convention):
            return "project \(coordinate) at \(zoom(level, convention))"
        case .unproject(let pixel): return "unproject \(pixel)"
        case .span(let centre, let level, let viewport, let convention):
            return "span of the view centred at \(centre), \(zoom(level, convention)), viewport \(viewport)"
        case .zoom(let region, let viewport, let convention):
            return "zoom of \(region), viewport \(viewport), \(convention.rawValue)"
        case .fit(let points): return "fit " + points.map(\.description).joined(separator: ", ")
        }
    }

    static func words(_ answer: RecordedAnswer) -> String {
        switch answer {
        case .pixel(let pixel): "(x \(NumberText.shortest(pixel.x)), y \(NumberText.shortest(pixel.y)))"
        case .coordinate(let coordinate): coordinate.description
        case .region(let region): region.description
        case .reading(let reading): reading.description
        case .refused(let error): "refused: \(error.code): \(error.message)"
        }
    }
}

extension CatalogueProperty {
    /// The minimal case `choices` rebuild (with the first side's generator, as the comparison
    /// drew it) asked again of both sides of `pair` and of the reference; nil when the choices
    /// rebuild no case.
    package func pairedCase(_ pair: CataloguePair, choices: ChoiceSequence) -> PairedCase? {
        answering(pair, choices, notApplicableReason(for: pair.reference) == nil)
    }

    /// The pictures of the minimal case `choices` rebuild, one asked of each side of `pair`
    /// (the request from the first side's generator, as the comparison drew it); nil when the
    /// case is not a fit, a span or a position (``scene(_:choices:)``).
    package func scenes(_ pair: CataloguePair, choices: ChoiceSequence) -> (
        first: CounterexampleScene, second: CounterexampleScene
    )? {
        picturing(pair.first.implementation, choices).map {
            (
                CounterexampleScene.ask(pair.first.implementation, $0),
                CounterexampleScene.ask(pair.second.implementation, $0)
            )
        }
    }
}
