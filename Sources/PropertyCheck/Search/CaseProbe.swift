/// One case checked on its own, outside a run: what a sweep of one numeric input asks at each
/// value it tries (the neighbourhood of a minimal counterexample, plotted by `zoomcheck check
/// --html`), with what its check measured. Nothing is shrunk, saved or observed.
public struct CaseProbe: Sendable, Equatable {
    /// What the check said.
    public enum Verdict: Sendable, Equatable {
        case passes
        /// The generator or the check discarded the case.
        case discarded
        /// Why it fails and, when the property says, how large the failure is.
        case fails(message: String, size: FailureSize?)
    }

    public let verdict: Verdict
    /// The value the numeric draw at the swept position produced (after its generator's
    /// clamps; an integer as a double), or nil when the replay has no numeric draw there.
    public let drawn: Double?
    /// The value of the innermost named generator (``Gen/named(_:)``) holding that draw, as
    /// it renders it (after its `map`s: a latitude, not the fraction it was drawn as); nil
    /// when no named generator holds it.
    public let namedValue: String?
    /// The case as reports print it; empty when the generator rejected the choices.
    public let representation: String
    /// What the check measured, in the order it measured it (`CaseContext.measure(_:bound:unit:)`).
    package var measurements: [CaseMeasurement] = []

    /// The measurement nearest to failing, or the one that failed (the largest
    /// ``CaseMeasurement/share``).
    package var worst: CaseMeasurement? { measurements.max { $0.share < $1.share } }
}

extension Property {
    /// The value `choices` rebuild (a minimal counterexample's, from its report's
    /// `minimalChoices`), or nil when the generator rejects them. Nothing is checked.
    public func value(replaying choices: ChoiceSequence) -> Value? {
        let source = ChoiceSource(replaying: choices.values, recordsStructure: false)
        return try? generator.body(source)
    }

    /// Replays `choices` with the numeric draw at `position` set to `value` (nil: as it is)
    /// and checks the case inline, on this thread, with a fresh context that records what the
    /// check measures (`CaseContext.measure(_:bound:unit:)`): an
    /// ``InputBoundary``'s `choicePosition` and a value between its two sides ask what the
    /// property says between them. A double draw takes `value` (its magnitude choice, the sign
    /// after it); an integer draw takes it rounded and held to its range. A synchronous check
    /// only (an `async` property's probe is discarded).
    public func probe(_ choices: ChoiceSequence, settingNumberAt position: Int, to value: Double?) -> CaseProbe {
        let source = ChoiceSource(replaying: [], recordsStructure: false)
        var candidate = choices.values
        if let value, position >= 0, position < candidate.count {
            source.resetForDrawReplay(candidate)
            _ = try? generator.body(source)
            switch source.numericDraws.first(where: { $0.position == position })?.value {
            case .integer(_, let ranks)?:
                let rounded = value.rounded()
                let integer =
                    rounded.isNaN
                    ? ranks.lower
                    : rounded >= Double(Int.max) ? Int.max : rounded <= Double(Int.min) ? Int.min : Int(rounded)
                candidate[position] = ranks.rank(of: Swift.min(Swift.max(integer, ranks.lower), ranks.upper))
            case .double?, nil:
                if position + 1 < candidate.count {
                    candidate[position] = DoubleLexEncoding.encode(value)
                    candidate[position + 1] = value.sign == .minus ? 1 : 0
                }
            }
        }
        source.resetForDrawReplay(candidate)
        guard !isAsync, let generated = try? generator.body(source) else {
            return CaseProbe(verdict: .discarded, drawn: nil, namedValue: nil, representation: "")
        }
        var drawn: Double?
        switch source.numericDraws.first(where: { $0.position == position })?.value {
        case .double(let double)?: drawn = double
        case .integer(let integer, _)?: drawn = Double(integer)
        case nil: drawn = nil
        }
        let verdict: CaseProbe.Verdict
        let context = CaseContext()
        context.measurements = []
        do {
            try check(generated, context)
            verdict = .passes
        } catch is CaseDiscarded { verdict = .discarded } catch {
            verdict = .fails(message: RunSession<Value>.message(for: error), size: (error as? PropertyFailure)?.size)
        }
        var probe = CaseProbe(
            verdict: verdict, drawn: drawn,
            namedValue: BoundarySearch.innermost(position, in: source.namedDraws)?.rendered,
            representation: describe(generated))
        probe.measurements = context.measurements ?? []
        return probe
    }
}
