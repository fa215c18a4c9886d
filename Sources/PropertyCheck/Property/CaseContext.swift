/// What a property's check may do besides judging its value: label the case, and report a
/// score for targeted search.
///
/// One context is reused for every case of a run; it is only valid during the check call
/// that receives it.
public final class CaseContext {
    /// Labels attached to the current case (generator labels first, then the check's).
    ///
    /// `@exclusivity(unchecked)`: the runner reads and clears the list between checks, and
    /// the check appends to it during its own call, on the runner's thread (a context is
    /// never shared between runs), so no two accesses overlap; the run-time check cost a
    /// measurable share of a cheap property's per-case time.
    @exclusivity(unchecked) public internal(set) var labels: [String] = []

    /// Scores reported by ``target(_:label:)`` for the current case, in call order.
    ///
    /// `@exclusivity(unchecked)` for the same reason as ``labels``.
    @exclusivity(unchecked) public internal(set) var targets: [(label: String, score: Double)] = []

    /// What the check measured of the current case (``measure(_:bound:unit:)``), when the
    /// case is checked on its own to be measured (``Property/probe(_:settingNumberAt:to:)``);
    /// nil for a run's cases, which record nothing.
    package var measurements: [CaseMeasurement]?

    /// Effects put off until the runner judges the case (see ``whenJudged(_:)``); nil when
    /// the case is judged as soon as its check returns.
    var putOff: [() -> Void]?

    init() {}

    /// Runs `effect` once the runner has judged this case — at once when cases are checked
    /// one at a time; with a ``RunConfiguration/caseWindow``, when the case's turn comes, and
    /// never for a case checked past the run's end (after the first failure, say). A check
    /// that counts something across cases (answers of a kind, say) counts here, so that the
    /// count is the same for every window.
    public func whenJudged(_ effect: @escaping () -> Void) {
        if putOff == nil { effect() } else { putOff!.append(effect) }
    }

    /// Reports `score` for the current case: the runner then searches for cases with larger
    /// scores (targeted property-based testing, like Hypothesis' `target()`).
    ///
    /// After half of the generated cases (``RunConfiguration/targetingShare``), the runner
    /// spends the rest of the case budget hill-climbing from the best case of each label:
    /// it moves one numeric choice at a time — a double by steps in its numeric order from a
    /// factor of 2 down to one ulp, an integer by powers of two, a Bool by flipping it —
    /// keeps every move that raises the score, and, once no move helps, kicks the best case
    /// by a move of random size (from the run's seed) and climbs again. The run's report
    /// gives each label's best score and the case that reached it; a failure found while
    /// climbing is shrunk and reported like any other. Deterministic for a seed. A check
    /// that never calls this costs nothing extra.
    ///
    /// - Parameters:
    ///   - score: Larger is more interesting; NaN is ignored. Units are the property's own
    ///     (pixels of error, levels, degrees).
    ///   - label: Names the quantity, when a check reports several; each is maximised on
    ///     its own. A label reported twice in one case keeps the larger score.
    public func target(_ score: Double, label: String = "target") {
        guard !score.isNaN else { return }
        targets.append((label, score))
    }

    /// Records that the check found `error` where its bound allowed `bound`, both in `unit`,
    /// when the case is being measured; nothing (one test of an optional) otherwise.
    package func measure(_ error: Double, bound: Double, unit: String) {
        guard measurements != nil else { return }
        measurements!.append(CaseMeasurement(error: error, bound: bound, unit: unit))
    }

    /// Attaches `label` to the current case; a label counts once per case.
    public func label(_ label: String) { labels.append(label) }

    /// Attaches `label` to the current case when `condition` holds.
    public func label(_ label: String, when condition: Bool) { if condition { labels.append(label) } }
}
