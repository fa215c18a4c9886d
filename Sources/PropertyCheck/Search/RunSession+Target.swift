/// The targeted phase of a run: keep the best random case per score label, then hill-climb.
extension RunSession {
    /// Random cases generated before the targeted phase, when the check reports scores.
    var randomCaseLimit: Int {
        let share = Swift.min(1, Swift.max(0, configuration.targetingShare))
        return caseCount - Int((Double(caseCount) * share).rounded(.down))
    }

    /// Random cases kept per label as starts of the targeted phase (the best distinct ones).
    static var targetStartCount: Int { 8 }

    /// Keeps a passing generated case among each label's best distinct cases where one of its
    /// scores in `context` qualifies (recording its choices with `record` only then), and
    /// clears the scores.
    mutating func observeTargets(in context: CaseContext, case number: Int, record: () -> [UInt64]) {
        var choices: [UInt64]?
        for (label, score) in context.targets {
            var pool = targetStarts[label] ?? []
            guard pool.count < Self.targetStartCount || score > pool[pool.count - 1].score else { continue }
            if choices == nil { choices = record() }
            guard let recorded = choices, !pool.contains(where: { $0.choices == recorded }) else { continue }
            let index = pool.firstIndex { $0.score < score } ?? pool.count
            pool.insert(TargetSearch.Point(score: score, choices: recorded, kinds: [], evaluation: number), at: index)
            if pool.count > Self.targetStartCount { pool.removeLast() }
            targetStarts[label] = pool
        }
        context.targets.removeAll(keepingCapacity: true)
    }

    /// Climbs from the best cases with `budget` evaluations; the failure run if a case failed.
    mutating func climbTargets(budget: Int) -> PropertyRun<Value>? {
        targetBests = targetStarts.compactMapValues(\.first)
        guard budget > 0, !targetStarts.isEmpty else { return nil }
        observations?.phase = .targeted
        let source = ChoiceSource(replaying: [], recordsStructure: true)
        let session = self
        let search = TargetSearch(
            starts: targetStarts, budget: budget, evaluationsBefore: casesChecked,
            seed: seed.rawValue ^ 0x7A72_6765_7473_6561
        ) { candidate in
            source.resetForReplay(candidate)
            guard let value = try? session.property.generator.body(source), let fails = session.evaluate(value).fails
            else { return nil }
            var scores: [String: Double] = [:]
            for (label, score) in session.context.targets {
                scores[label] = Swift.max(score, scores[label] ?? -.infinity)
            }
            return TargetSearch.Probe(choices: source.choices, kinds: source.kinds, scores: scores, fails: fails)
        }
        search.run()
        targetBests = search.best
        targetedCases = search.evaluations
        casesChecked += search.evaluations
        guard let failing = search.failingChoices else { return nil }
        let replaying = ChoiceSource(replaying: failing, recordsStructure: false)
        guard let value = try? property.generator.body(replaying), case .fails(let message, _, _) = evaluate(value)
        else { return nil }
        return shrinkAndReport(
            value, message: message, choices: replaying.choices, origin: .targeted(search.evaluations),
            casesBefore: casesChecked)
    }

    /// The best case of each label, by label.
    func targetResults() -> [TargetResult] {
        targetBests.keys.sorted().compactMap { label in
            guard let best = targetBests[label] else { return nil }
            let description = replay(best.choices).map(property.describe) ?? "?"
            return TargetResult(
                label: label, score: best.score, counterexample: description, choices: ChoiceSequence(best.choices),
                evaluation: best.evaluation)
        }
    }
}
