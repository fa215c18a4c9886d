/// The boundary phase of a failing run: where each numeric input of the minimal case stops
/// failing (see ``BoundarySearch``).
extension RunSession {
    /// The boundary of each numeric input of the minimal choices (see ``BoundarySearch``),
    /// and the evaluations spent.
    func boundaries(of minimalChoices: [UInt64]) -> ([InputBoundary], Int) {
        let source = ChoiceSource(replaying: [], recordsStructure: false)
        var search = BoundarySearch(
            limitPerInput: configuration.boundaryEvaluationsPerInput, limit: configuration.boundaryEvaluationLimit
        ) { candidate in
            source.resetForDrawReplay(candidate)
            guard let value = try? property.generator.body(source), let fails = evaluate(value).fails else {
                return nil
            }
            return BoundarySearch.Probe(fails: fails, draws: source.numericDraws, named: source.namedDraws)
        }
        let found = search.run(minimal: minimalChoices)
        return (found, search.evaluations)
    }
}
