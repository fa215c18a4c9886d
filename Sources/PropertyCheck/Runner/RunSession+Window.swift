/// The generation loop with a ``RunConfiguration/caseWindow``: cases drawn in order, checked
/// a window at a time (on several threads, or in batches on this one), judged in order.
extension RunSession {
    /// One drawn case of a window: where its draws started, and its value or why none.
    struct DrawnCase {
        let start: Xoshiro256StarStar
        let value: Value?
        let rejection: (any Error)?
        let labels: [String]
    }

    /// Runs the generated cases `width` at a time.
    ///
    /// Equal to ``generate(scores:_:)`` case for case: the source draws the same cases in the
    /// same order, each window holds no more cases than the run still needs, and the cases
    /// are judged in order by the same step (``judge(_:failure:in:tally:scores:record:)``),
    /// each just after the effects its check put off (``CaseContext/whenJudged(_:)``).
    /// Cases checked past the point where the run stops (after the first failure, or once
    /// the targeted phase starts) are ignored, and so are the effects their checks put off.
    mutating func generateInWindows(of width: Int) -> PropertyRun<Value> {
        let source = ChoiceSource(seed: seed.rawValue, recordsChoices: false)
        let generator = property.generator
        let check = property.check
        let batch = configuration.caseBatch
        let threads = batch == nil ? CaseWindowThreads(helpers: width - 1) : nil
        defer { threads?.stop() }
        let contexts = (0..<width).map { _ in CaseContext() }
        let failures = UnsafeMutableBufferPointer<(any Error)?>.allocate(capacity: width)
        failures.initialize(repeating: nil)
        defer {
            failures.deinitialize()
            failures.deallocate()
        }
        var drawn: [DrawnCase] = []
        drawn.reserveCapacity(width)
        var tally = GenerationTally()
        windows: while tally.generated < caseCount {
            drawn.removeAll(keepingCapacity: true)
            for _ in 0..<Swift.min(width, caseCount - tally.generated) {
                source.beginGeneratedCase()
                let start = source.currentCaseStart
                do {
                    let value = try generator.body(source)
                    drawn.append(DrawnCase(start: start, value: value, rejection: nil, labels: source.labels))
                } catch { drawn.append(DrawnCase(start: start, value: nil, rejection: error, labels: [])) }
            }
            if let batch {
                checkInBatches(drawn, batch: batch, contexts: contexts, failures: failures)
            } else {
                for (index, drawnCase) in drawn.enumerated() {
                    prepare(contexts[index], for: drawnCase)
                    failures[index] = nil
                }
                let shared = Unchecked((drawn, contexts, failures))
                threads!.run(count: drawn.count) { index in
                    let (drawn, contexts, failures) = shared.value
                    guard let value = drawn[index].value else { return }
                    do { try check(value, contexts[index]) } catch { failures[index] = error }
                }
            }
            for (index, drawnCase) in drawn.enumerated() {
                guard let value = drawnCase.value else {
                    if case .stop(let last) = reject(drawnCase.rejection!, labels: drawnCase.labels, tally: &tally) {
                        return stoppedRun(after: last, tally: tally)
                    }
                    continue
                }
                let context = contexts[index]
                for effect in context.putOff ?? [] { effect() }
                switch judge(
                    value, failure: failures[index], in: context, tally: &tally, scores: true,
                    record: { source.recordCase(startingAt: drawnCase.start, generator) })
                {
                case .next: continue
                case .endLoop: break windows
                case .stop(let last): return stoppedRun(after: last, tally: tally)
                }
            }
        }
        return endGeneration(tally)
    }

    /// A case's context before its check: the generator's labels, no scores, effects put off.
    private func prepare(_ context: CaseContext, for drawnCase: DrawnCase) {
        context.labels = drawnCase.labels
        context.targets.removeAll(keepingCapacity: true)
        context.putOff = []
    }

    /// Checks a window's cases on this thread through `batch`: every case that has not
    /// finished is checked again, from the start, after each batch of answers, until every
    /// case has finished (each round answers at least one more question of each suspended
    /// case, so a check that asks finitely many questions finishes).
    private func checkInBatches(
        _ drawn: [DrawnCase], batch: any CaseBatching, contexts: [CaseContext],
        failures: UnsafeMutableBufferPointer<(any Error)?>
    ) {
        let check = property.check
        batch.reset(slots: drawn.count)
        var open = drawn.indices.filter { drawn[$0].value != nil }
        var suspended: [Int] = []
        suspended.reserveCapacity(open.count)
        while !open.isEmpty {
            suspended.removeAll(keepingCapacity: true)
            for index in open {
                prepare(contexts[index], for: drawn[index])
                failures[index] = nil
                batch.begin(slot: index)
                do { try check(drawn[index].value!, contexts[index]) } catch { failures[index] = error }
                if batch.end() { suspended.append(index) }
            }
            if suspended.isEmpty { break }
            batch.resolve()
            swap(&open, &suspended)
        }
    }
}
