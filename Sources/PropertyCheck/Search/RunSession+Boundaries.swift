/// The boundary phase of a failing run: where each numeric input of the minimal case stops
/// failing (see ``BoundarySearch``).
extension RunSession {
    /// The boundary of each numeric input of the minimal choices (see ``BoundarySearch``),
    /// the evaluations spent, and how many of them checked the property: the others reused
    /// an outcome from `evaluated` (the shrink's, or the search's own), which the search adds
    /// to, or stopped at a generator that rejected the candidate.
    func boundaries(of minimalChoices: [UInt64], reusing evaluated: EvaluatedChoices) -> (
        [InputBoundary], evaluations: Int, checks: Int
    ) {
        let source = ChoiceSource(replaying: [], recordsStructure: false)
        var checks = 0
        var search = BoundarySearch(
            limitPerInput: configuration.boundaryEvaluationsPerInput, limit: configuration.boundaryEvaluationLimit
        ) { candidate in
            let known = evaluated.outcome(of: candidate)
            if case .some(nil) = known { return nil }
            source.resetForDrawReplay(candidate)
            guard let value = try? property.generator.body(source) else {
                evaluated.record(candidate, fails: nil)
                return nil
            }
            let fails: Bool
            if case .some(.some(let knownFails)) = known {
                fails = knownFails
            } else {
                checks += 1
                guard let checked = evaluate(value).fails else {
                    evaluated.record(candidate, fails: nil)
                    return nil
                }
                evaluated.record(candidate, fails: checked)
                fails = checked
            }
            return BoundarySearch.Probe(fails: fails, draws: source.numericDraws, named: source.namedDraws)
        }
        let found = search.run(minimal: minimalChoices)
        return (found, search.evaluations, checks)
    }
}
