/// The failure path of a run: shrink the failing choices, save the regression, report.
extension RunSession {
    /// Shrinks a failing case found by replay or generation, after `casesBefore` passing
    /// cases (with `keepsKind`, only through cases of its kind: ``FailureSignature``), and
    /// builds the failure report.
    func shrinkAndReport(
        _ original: Value, message: String, choices: [UInt64], origin: PropertyReport.Origin, casesBefore: Int,
        keepsKind: Bool = false
    ) -> PropertyRun<Value> {
        shrinkAndReportKind(
            original, message: message, choices: choices, origin: origin, casesBefore: casesBefore, keepsKind: keepsKind
        ).run
    }

    /// ``shrinkAndReport(_:message:choices:origin:casesBefore:keepsKind:)``, and the signature
    /// its minimal case fails with (nil when the failure did not reproduce).
    func shrinkAndReportKind(
        _ original: Value, message: String, choices: [UInt64], origin: PropertyReport.Origin, casesBefore: Int,
        keepsKind: Bool
    ) -> (run: PropertyRun<Value>, signature: FailureSignature?) {
        let shrinkStart = ContinuousClock.now
        observations?.phase = .shrinking
        let source = ChoiceSource(replaying: [], recordsStructure: true)
        let evaluated = EvaluatedChoices()
        // Why the last candidate checked was discarded, if it was.
        var discard: String?
        let evaluateCandidate: Shrinker.Evaluate = { candidate in
            source.resetForReplay(candidate)
            discard = nil
            guard let value = try? property.generator.body(source) else {
                evaluated.record(candidate, fails: nil)
                return nil
            }
            let outcome = evaluate(value)
            evaluated.record(candidate, fails: outcome.fails)
            if case .discarded(let reason) = outcome { discard = reason }
            guard case .fails(let message, let size, let signature) = outcome else { return nil }
            let spans = source.spans.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
            return Shrinker.Target(
                choices: source.choices, kinds: source.kinds, spans: spans, message: message, size: size,
                signature: signature)
        }
        var minimal = original
        var minimalMessage = message
        var minimalSize: FailureSize?
        var minimalChoices = choices
        var steps = 0
        var attempts = 0
        var stop = ShrinkStopReason.notReproducible
        var trace: [ShrinkStep] = []
        var passCounts: [ShrinkPassCount] = []
        var minimalSignature: FailureSignature?
        var notes: [String] = []
        let initial = evaluateCandidate(choices)
        if initial == nil, let discard {
            // Checked again, the failing case was discarded (an implementation that stopped
            // answering for good): it is reported as found, and nothing is shrunk onto it.
            stop = .notRechecked
            notes.append("not shrunk: checked again, the failing case was discarded (\(discard))")
        }
        if let initial {
            let shrinker = Shrinker(
                initial: initial, stepLimit: configuration.shrinkStepLimit,
                attemptLimit: configuration.shrinkAttemptLimit, timeLimit: configuration.shrinkTimeLimit,
                keepsSignature: keepsKind, evaluate: evaluateCandidate)
            shrinker.run()
            minimalSignature = shrinker.current.signature
            minimalChoices = shrinker.current.choices
            minimalMessage = shrinker.current.message
            minimalSize = shrinker.current.size
            steps = shrinker.steps
            attempts = shrinker.attempts
            stop = shrinker.stopReason ?? .fixpoint
            if let value = replay(minimalChoices) { minimal = value }
            passCounts = ShrinkPass.allCases.compactMap { pass in
                shrinker.passCounts[pass].map {
                    ShrinkPassCount(pass: pass.description, attempts: $0.attempts, accepted: $0.accepted)
                }
            }
            trace = shrinker.trace.map { step in
                ShrinkStep(
                    pass: step.pass.description, choices: ChoiceSequence(step.choices),
                    value: replay(step.choices).map(property.describe) ?? "?")
            }
        }
        let shrinking = ContinuousClock.now - shrinkStart
        notes += saveRegression(minimalChoices)
        if let execution, execution.abandonedChecks > 0 {
            let limit = AbandonedChecks.runningLimit, grace = AbandonedChecks.grace
            notes.append(
                "\(execution.abandonedChecks) checks did not finish within the case time limit and were abandoned"
                    + (execution.isExhausted ? "; shrinking stopped: \(limit) of them still ran \(grace) later" : ""))
        }
        var report = PropertyReport(
            propertyName: property.name, seed: seed, origin: origin, casesBeforeFailure: casesBefore,
            originalCounterexample: property.describe(original), originalMessage: message,
            minimalCounterexample: property.describe(minimal), minimalMessage: minimalMessage, shrinkSteps: steps,
            shrinkAttempts: attempts, shrinkStop: stop, minimalChoices: ChoiceSequence(minimalChoices),
            replayCommand: replayCommand, notes: notes)
        report.minimalSize = minimalSize
        var timing = timing(shrinking: shrinking, since: shrinkStart)
        // Not after a failure that does not reproduce (nothing to move), nor after shrinking
        // ran out of time (its checks are slow enough that the search would be too).
        if configuration.settings.searchesBoundaries, ![.notReproducible, .notRechecked, .timeLimit].contains(stop) {
            let boundaryStart = ContinuousClock.now
            observations?.phase = .boundary
            (report.boundaries, report.boundaryEvaluations, report.boundaryChecks) = boundaries(
                of: minimalChoices, reusing: evaluated)
            timing.boundaries = ContinuousClock.now - boundaryStart
        }
        var run = PropertyRun(
            result: .failed(report), originalCounterexample: original, minimalCounterexample: minimal,
            shrinkTrace: trace, timing: timing)
        run.shrinkPasses = passCounts
        return (run, minimalSignature)
    }

    /// A failing explicit example value: reported as is (it has no choices to shrink).
    func exampleFailure(_ example: Value, message: String, index: Int) -> PropertyRun<Value> {
        let description = property.describe(example)
        let report = PropertyReport(
            propertyName: property.name, seed: seed, origin: .example(index), casesBeforeFailure: casesChecked,
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
                RegressionEntry(seed: seed, choices: ChoiceSequence(choices)), propertyName: property.name)
            let file = store.path(propertyName: property.name)
            return [added ? "counterexample saved to \(file)" : "counterexample already saved in \(file)"]
        } catch { return ["could not save the regression: \(error)"] }
    }
}
