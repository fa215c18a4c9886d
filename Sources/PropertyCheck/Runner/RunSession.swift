/// The state of one property run: counters, label counts and the phases in order.
struct RunSession<Value: Sendable> {
    let property: Property<Value>
    let configuration: RunConfiguration
    /// The run's seed, case count and discard limit, from the configuration.
    let seed: Seed
    let caseCount: Int
    let discardLimit: Int
    let started: ContinuousClock.Instant
    let context = CaseContext()
    var casesChecked = 0
    /// Saved counterexamples and explicit choice sequences replayed before generation, a
    /// failing one included.
    var casesReplayed = 0
    /// The passing cases' label counts (``LabelTally``).
    var labelTally = LabelTally()
    /// Each target label's best random case so far (see ``CaseContext/target(_:label:)``).
    var targetBests: [String: TargetSearch.Point] = [:]
    /// Each target label's best distinct random cases, best first (see ``observeTargets``).
    var targetStarts: [String: [TargetSearch.Point]] = [:]
    /// Cases checked by the targeted phase.
    var targetedCases = 0
    /// The distinct failures found so far, each shrunk, in the order found: the first is the
    /// headline (see ``FailureSignature``, ``RunConfiguration/distinctFailureLimit``).
    var failures: [PropertyRun<Value>] = []
    /// The signatures of ``failures``: a later failure with one of them is not shrunk again.
    var failedSignatures: Set<FailureSignature> = []
    /// A check as a generation loop calls it: the value and its context.
    typealias CaseCheck = (Value, CaseContext) throws -> Void
    /// How a case is checked: `nil` calls the property's synchronous check inline (the hot
    /// path); otherwise a time-limited or async runner (see ``CaseExecution``).
    let execution: CaseExecution<Value>?
    /// The run's observation file when it observes (see ``RunObservation``); nil (the
    /// default) costs each case one test of this optional and nothing else.
    let observations: ObservationLog?

    init(
        property: Property<Value>, configuration: RunConfiguration, started: ContinuousClock.Instant,
        execution: CaseExecution<Value>? = nil
    ) {
        self.property = property
        self.configuration = configuration
        let seed = configuration.settings.seed, caseCount = configuration.settings.caseCount
        self.seed = seed
        self.caseCount = caseCount
        discardLimit = configuration.effectiveDiscardLimit
        self.started = started
        self.execution = execution
        observations = configuration.effectiveObservation.flatMap {
            ObservationLog(
                $0, propertyName: property.name, seed: seed, caseCount: caseCount,
                replayCommand: configuration.replayCommand.command(propertyName: property.name, seed: seed))
        }
    }

    /// Checks one value, inline or through ``execution``.
    func execute(_ value: Value) throws {
        if let execution { try execution.check(value, context) } else { try property.check(value, context) }
    }

    var replayCommand: String { configuration.replayCommand.command(propertyName: property.name, seed: seed) }

    /// Runs every phase and returns the verdict (and closes the observation file).
    mutating func run(regressions: [ChoiceSequence]) -> PropertyRun<Value> {
        guard let observations else { return runPhases(regressions: regressions) }
        let run = runPhases(regressions: regressions)
        observations.finish(run.result, casesChecked: casesChecked)
        return run
    }

    /// Every phase in order: examples, replays, generation (and what follows it).
    ///
    /// A failure among the examples and replays is shrunk, the rest are replayed for failures
    /// distinct from it, and the run ends there, generating nothing: a saved failure that
    /// still fails is reported at once rather than after a search for others (as Hypothesis
    /// does when its database reproduces a failure).
    mutating func runPhases(regressions: [ChoiceSequence]) -> PropertyRun<Value> {
        for (offset, example) in property.examples.enumerated() where !hasEnoughFailures {
            if case .fails(let message, _, let signature) = evaluate(example) {
                if failedSignatures.insert(signature).inserted {
                    failures.append(exampleFailure(example, message: message, index: offset + 1))
                }
                continue
            }
            casesChecked += 1
        }
        let replays =
            configuration.examples.enumerated().map { (PropertyReport.Origin.choiceExample($0.offset + 1), $0.element) }
            + regressions.enumerated().map { (PropertyReport.Origin.regression($0.offset + 1), $0.element) }
        for (origin, choices) in replays where !hasEnoughFailures {
            let source = ChoiceSource(replaying: choices.values, recordsStructure: false)
            guard let value = try? property.generator.body(source) else { continue }
            casesReplayed += 1
            if case .fails(let message, _, let signature) = evaluate(value) {
                shrinkIfDistinct(value, message: message, signature: signature, choices: source.choices, origin: origin)
                continue
            }
            casesChecked += 1
        }
        if !failures.isEmpty { return reportFailures() }
        return generate()
    }

    /// The generation loop for the check's form: a window at a time, or one case at a time
    /// with or without scores (see ``generate(scores:_:)``).
    mutating func generate() -> PropertyRun<Value> {
        observations?.phase = .generated
        if configuration.caseWindow > 1, execution == nil { return generateInWindows(of: configuration.caseWindow) }
        if let execution { return generate(scores: true) { value, context in try execution.check(value, context) } }
        if let plain = property.plainCheck {
            guard let observer = property.caseObserver else {
                return generate(scores: false) { value, _ in try plain(value) }
            }
            // The loop runs on this thread: its flags are fetched once.
            let flags = observer.flagsForCurrentThread()
            return generate(scores: false) { value, _ in try flags.observe(by: observer) { try plain(value) } }
        }
        let check = property.check
        return generate(scores: true) { value, context in try check(value, context) }
    }

    /// The generation loop that checks one case at a time, inline: draw, check, judge
    /// (``judge(_:failure:in:tally:scores:record:)``), with no allocation per case once buffers
    /// have grown.
    ///
    /// `scores` is false for a check without a context, which cannot report scores. Inlined
    /// with a constant, the one loop compiles to two, and the plain one keeps nothing for the
    /// targeted phase: run unspecialised, the scoring loop cost a plain check about a quarter
    /// of its speed. `zoomcheck bench` measures the two forms side by side.
    @inline(__always) mutating func generate(scores: Bool, _ check: CaseCheck) -> PropertyRun<Value> {
        let source = ChoiceSource(seed: seed.rawValue, recordsChoices: false)
        let generator = property.generator
        let context = self.context
        var tally = GenerationTally()
        cases: while tally.generated < caseCount {
            source.beginGeneratedCase()
            let value: Value
            do { value = try generator.body(source) } catch {
                if case .stop(let last) = reject(error, labels: source.labels, tally: &tally) {
                    return stoppedRun(after: last, tally: tally)
                }
                continue
            }
            if !context.labels.isEmpty { context.labels.removeAll(keepingCapacity: true) }
            if !source.labels.isEmpty { context.labels.append(contentsOf: source.labels) }
            var failure: (any Error)?
            do { try check(value, context) } catch { failure = error }
            switch judge(
                value, failure: failure, in: context, tally: &tally, scores: scores,
                record: { source.recordCurrentCase(generator) })
            {
            case .next: continue
            case .endLoop: break cases
            case .stop(let last): return stoppedRun(after: last, tally: tally)
            }
        }
        return endGeneration(tally)
    }

    /// After generation: the pinned cases unless the run found enough distinct failures (see
    /// ``RunConfiguration/pinnedCases``), then the verdict.
    mutating func replayPinnedCases(generated: Int, discarded: Int) -> PropertyRun<Value> {
        observations?.phase = .replayed
        for (offset, choices) in configuration.pinnedCases.enumerated() where !hasEnoughFailures {
            let replaying = ChoiceSource(replaying: choices.values, recordsStructure: false)
            guard let value = try? property.generator.body(replaying) else { continue }
            if case .fails(let message, _, let signature) = evaluate(value) {
                shrinkIfDistinct(
                    value, message: message, signature: signature, choices: replaying.choices,
                    origin: .pinned(offset + 1))
                continue
            }
            casesChecked += 1
        }
        if !failures.isEmpty { return reportFailures() }
        return finish(generated: generated, discarded: discarded)
    }

    /// Counts each distinct label of one case once.
    mutating func countLabels(_ labels: [String]) { labelTally.count(labels) }

    /// A ``PropertyFailure``'s message, or "threw" and the error's full description.
    static func message(for error: any Error) -> String {
        if let failure = error as? PropertyFailure { return failure.message }
        return "threw \(String(reflecting: error))"
    }

    func timing(shrinking: Duration = .zero, since shrinkStart: ContinuousClock.Instant? = nil) -> RunTiming {
        let generationEnd = shrinkStart ?? ContinuousClock.now
        var timing = RunTiming(generation: generationEnd - started, shrinking: shrinking, casesChecked: casesChecked)
        timing.casesReplayed = casesReplayed
        return timing
    }

    func finish(generated: Int, discarded: Int) -> PropertyRun<Value> {
        let labelCounts = labelTally.counted
        let counts = LabelCount.sorted(labelCounts)
        let coverage = coverageRows(generated: generated, labelCounts: labelCounts)
        var pass = PassReport(
            propertyName: property.name, seed: seed, generatedCases: generated,
            replayedCases: casesChecked - generated - targetedCases, discardedCases: discarded, labelCounts: counts)
        pass.targetedCases = targetedCases
        pass.targets = targetResults()
        pass.coverage = coverage
        var under = CoverageReport(
            propertyName: property.name, seed: seed, generatedCases: generated, coverage: coverage, labelCounts: counts,
            replayCommand: replayCommand)
        under.falseFailureRate = configuration.coverageFalseFailureRate
        let result: PropertyResult =
            coverage.contains { $0.status == .underCovered } ? .coverageFailed(under) : .passed(pass)
        return PropertyRun(
            result: result, originalCounterexample: nil, minimalCounterexample: nil, shrinkTrace: [], timing: timing())
    }

    /// The coverage table of `generated` passing cases: each requirement judged at the run's
    /// false-failure rate shared equally among the requirements (Bonferroni), so that a
    /// generator meeting every requirement fails the run with at most that probability.
    func coverageRows(generated: Int, labelCounts: [String: Int]) -> [CoverageRow] {
        guard !property.coverage.isEmpty else { return [] }
        let significance = configuration.coverageFalseFailureRate / Double(property.coverage.count)
        return property.coverage.map { requirement in
            requirement.judge(count: labelCounts[requirement.label] ?? 0, cases: generated, significance: significance)
        }
    }

    func gaveUp(_ error: any Error, generated: Int, discarded: Int) -> PropertyRun<Value> {
        let reason: PropertyCheckError
        switch (error as? GenerationRejection)?.reason {
        case let .filterBudgetExhausted(filter, attempts)?:
            reason = .filterBudgetExhausted(filter: filter, attemptsPerValue: attempts, discardedCases: discarded)
        case let .generatorThrew(description)?: reason = .generatorFailed(description, discardedCases: discarded)
        case .replayOverrun?, nil:
            if let discard = error as? CaseDiscarded {
                reason = .checkDiscarded(discard.reason, discardedCases: discarded)
            } else {
                reason = .generatorFailed(String(reflecting: error), discardedCases: discarded)
            }
        }
        let report = GaveUpReport(
            propertyName: property.name, seed: seed, passedCases: generated, error: reason, replayCommand: replayCommand
        )
        return PropertyRun(
            result: .gaveUp(report), originalCounterexample: nil, minimalCounterexample: nil, shrinkTrace: [],
            timing: timing())
    }
}
