/// The failure path of a run: shrink the failing choices, save the regression, report.
extension RunSession {
    /// Shrinks a failing case found by replay or generation and builds the failure report.
    func shrinkAndReport(_ original: Value, message: String, choices: [UInt64], origin: PropertyReport.Origin)
        -> PropertyRun<Value>
    {
        let shrinkStart = ContinuousClock.now
        let source = ChoiceSource(replaying: [], recordsStructure: true)
        let evaluate: Shrinker.Evaluate = { candidate in
            source.resetForReplay(candidate)
            guard let value = try? property.generator.body(source) else { return nil }
            guard let failure = failure(checking: value) else { return nil }
            let spans = source.spans.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
            return Shrinker.Target(
                choices: source.choices, kinds: source.kinds, spans: spans, message: failure.message, size: failure.size
            )
        }
        var minimal = original
        var minimalMessage = message
        var minimalSize: FailureSize?
        var minimalChoices = choices
        var steps = 0
        var attempts = 0
        var stop = ShrinkStopReason.notReproducible
        var trace: [ShrinkStep] = []
        if let initial = evaluate(choices) {
            let shrinker = Shrinker(
                initial: initial, stepLimit: configuration.shrinkStepLimit,
                attemptLimit: configuration.shrinkAttemptLimit, timeLimit: configuration.shrinkTimeLimit,
                evaluate: evaluate)
            shrinker.run()
            minimalChoices = shrinker.current.choices
            minimalMessage = shrinker.current.message
            minimalSize = shrinker.current.size
            steps = shrinker.steps
            attempts = shrinker.attempts
            stop = shrinker.stopReason ?? .fixpoint
            if let value = replay(minimalChoices) { minimal = value }
            trace = shrinker.trace.map { step in
                ShrinkStep(
                    pass: step.pass.description, choices: ChoiceSequence(step.choices),
                    value: replay(step.choices).map(property.describe) ?? "?")
            }
        }
        let shrinking = ContinuousClock.now - shrinkStart
        var notes = saveRegression(minimalChoices)
        if let execution, execution.abandonedChecks > 0 {
            notes.append(
                "\(execution.abandonedChecks) checks did not finish within the case time limit and were abandoned"
                    + (execution.isExhausted
                        ? "; shrinking stopped with \(AbandonedChecks.runningLimit) of them still running" : ""))
        }
        var report = PropertyReport(
            propertyName: property.name, seed: resolved.seed, origin: origin, casesBeforeFailure: casesChecked,
            originalCounterexample: property.describe(original), originalMessage: message,
            minimalCounterexample: property.describe(minimal), minimalMessage: minimalMessage, shrinkSteps: steps,
            shrinkAttempts: attempts, shrinkStop: stop, minimalChoices: ChoiceSequence(minimalChoices),
            replayCommand: replayCommand, notes: notes)
        report.minimalSize = minimalSize
        var timing = timing(shrinking: shrinking, since: shrinkStart)
        // Not after a failure that does not reproduce (nothing to move), nor after shrinking
        // ran out of time (its checks are slow enough that the search would be too).
        if resolved.searchesBoundaries, stop != .notReproducible, stop != .timeLimit {
            let boundaryStart = ContinuousClock.now
            (report.boundaries, report.boundaryEvaluations) = boundaries(of: minimalChoices)
            timing.boundaries = ContinuousClock.now - boundaryStart
        }
        return PropertyRun(
            result: .failed(report), originalCounterexample: original, minimalCounterexample: minimal,
            shrinkTrace: trace, timing: timing)
    }

    /// The boundary of each numeric input of the minimal choices (see ``BoundarySearch``),
    /// and the evaluations spent.
    func boundaries(of minimalChoices: [UInt64]) -> ([InputBoundary], Int) {
        let source = ChoiceSource(replaying: [], recordsStructure: false)
        var search = BoundarySearch(
            limitPerInput: configuration.boundaryEvaluationsPerInput, limit: configuration.boundaryEvaluationLimit
        ) { candidate in
            source.resetForDrawReplay(candidate)
            guard let value = try? property.generator.body(source), let fails = judge(value) else { return nil }
            return BoundarySearch.Probe(fails: fails, draws: source.numericDraws, named: source.namedDraws)
        }
        let found = search.run(minimal: minimalChoices)
        return (found, search.evaluations)
    }

    /// Whether `value` fails (`true`), passes (`false`) or is discarded (`nil`).
    func judge(_ value: Value) -> Bool? {
        context.labels.removeAll(keepingCapacity: true)
        context.targets.removeAll(keepingCapacity: true)
        if let execution, execution.isExhausted { return nil }
        do {
            try execute(value)
            return false
        } catch is CaseDiscarded { return nil } catch { return true }
    }

    /// A failing explicit example value: reported as is (it has no choices to shrink).
    func exampleFailure(_ example: Value, message: String, index: Int) -> PropertyRun<Value> {
        let description = property.describe(example)
        let report = PropertyReport(
            propertyName: property.name, seed: resolved.seed, origin: .example(index), casesBeforeFailure: casesChecked,
            originalCounterexample: description, originalMessage: message, minimalCounterexample: description,
            minimalMessage: message, shrinkSteps: 0, shrinkAttempts: 0, shrinkStop: .notShrinkable, minimalChoices: nil,
            replayCommand: replayCommand, notes: [])
        return PropertyRun(
            result: .failed(report), originalCounterexample: example, minimalCounterexample: example, shrinkTrace: [],
            timing: timing())
    }

    func replay(_ choices: [UInt64]) -> Value? {
        try? property.generator.body(ChoiceSource(replaying: choices, recordsStructure: false))
    }

    /// Appends the minimal choices to the regression store if configured; a note saying where
    /// they were saved, or why they could not be.
    func saveRegression(_ choices: [UInt64]) -> [String] {
        guard configuration.savesFailures, let store = configuration.regressionStore else { return [] }
        do {
            let added = try store.append(
                RegressionEntry(seed: resolved.seed, choices: ChoiceSequence(choices)), propertyName: property.name)
            let file = store.path(propertyName: property.name)
            return [added ? "counterexample saved to \(file)" : "counterexample already saved in \(file)"]
        } catch { return ["could not save the regression: \(error)"] }
    }
}
