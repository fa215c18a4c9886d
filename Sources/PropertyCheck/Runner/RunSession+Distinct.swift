/// Every distinct failure of a run: each kind of failure (``FailureSignature``) found within
/// the case budget is shrunk on its own, keeping its kind, up to
/// ``RunConfiguration/distinctFailureLimit`` kinds; the first found is the headline.
extension RunSession {
    /// A generated case that failed by less than a reader notices (see ``FailureSize``): kept
    /// while the loop looks on for a noticeable failure of its kind, and shrunk only if none
    /// turns up.
    struct UnseenFailure {
        var value: Value
        var message: String
        var signature: FailureSignature
        var choices: [UInt64]
        /// The case's 1-based index among generated cases.
        var index: Int
        /// Cases that had passed when it failed.
        var casesChecked: Int
    }

    /// Whether the run has found as many distinct failures as it reports.
    var hasEnoughFailures: Bool { failures.count >= configuration.distinctFailureLimit }

    /// A generated case (the `index`-th) that failed with `error` (contract points 6 and 7 of
    /// ``judge(_:failure:in:tally:scores:record:)``): shrunk at once when noticeable and of a
    /// kind not found yet, set aside when too small to notice, only counted when its kind was
    /// found already.
    mutating func judgeFailure(
        _ error: any Error, _ value: Value, in context: CaseContext, index: Int, tally: inout GenerationTally,
        record: () -> [UInt64]
    ) -> StepVerdict {
        let signature = FailureSignature(of: error)
        guard !failedSignatures.contains(signature) else { return .next }
        guard (error as? PropertyFailure)?.size?.isNoticeable == false else {
            shrinkIfDistinct(
                value, message: Self.message(for: error), signature: signature, choices: record(),
                origin: .generated(index))
            observations?.phase = .generated
            tally.unseen.removeAll { $0.signature == signature }
            // Shrinking checked its candidates with the run's context, which the inline loop
            // checks its cases with too.
            context.labels.removeAll(keepingCapacity: true)
            context.targets.removeAll(keepingCapacity: true)
            return hasEnoughFailures ? .endLoop : .next
        }
        if !tally.unseen.contains(where: { $0.signature == signature }) {
            tally.unseen.append(
                UnseenFailure(
                    value: value, message: Self.message(for: error), signature: signature, choices: record(),
                    index: index, casesChecked: casesChecked))
        }
        return .next
    }

    /// Shrinks a failing case, found at `origin` after `casesBefore` passing cases (by default
    /// the cases checked so far), unless a failure of its kind was found already.
    ///
    /// The run's first failure, the headline, is shrunk as a run's failure always was: to the
    /// simplest case that fails at all (noticeably, if it was noticeable), so that its minimal
    /// case and every replay line and pin recorded for it stay what they were; its kind is the
    /// kind its minimal case fails with, and a failure of the kind first found is still found
    /// again, and shrunk keeping it, when the headline's shrink left that kind. Every later
    /// failure, and a case replayed by its choices (a choice example: the replay of one distinct
    /// failure), is shrunk keeping its kind.
    mutating func shrinkIfDistinct(
        _ value: Value, message: String, signature: FailureSignature, choices: [UInt64], origin: PropertyReport.Origin,
        casesBefore: Int? = nil
    ) {
        guard !failedSignatures.contains(signature) else { return }
        var keepsKind = !failures.isEmpty
        if case .choiceExample = origin { keepsKind = true }
        let (run, minimalSignature) = shrinkAndReportKind(
            value, message: message, choices: choices, origin: origin, casesBefore: casesBefore ?? casesChecked,
            keepsKind: keepsKind)
        failedSignatures.insert(minimalSignature ?? signature)
        failures.append(run)
    }

    /// The run's verdict once it has failed: the first failure found, the headline, with every
    /// other distinct failure in its report (``PropertyReport/otherFailures``), each with a
    /// replay line that selects its own case when the configuration's command can
    /// (``ReplayCommand/command(propertyName:seed:choices:)``); `note`, if any, added to the
    /// headline's notes.
    func reportFailures(note: String? = nil) -> PropertyRun<Value> {
        let headline = failures[0]
        guard var report = headline.result.failure else { return headline }
        if let note { report.notes.append(note) }
        report.otherFailures = failures.dropFirst().compactMap { run in
            guard var other = run.result.failure else { return nil }
            if let choices = other.minimalChoices {
                other.replayCommand = configuration.replayCommand.command(
                    propertyName: property.name, seed: seed, choices: choices)
            }
            return other
        }
        var timing = headline.timing
        timing.shrinking = failures.reduce(.zero) { $0 + $1.timing.shrinking }
        timing.boundaries = failures.reduce(.zero) { $0 + $1.timing.boundaries }
        timing.generation = ContinuousClock.now - started - timing.shrinking - timing.boundaries
        timing.casesChecked = casesChecked
        var run = PropertyRun(
            result: .failed(report), originalCounterexample: headline.originalCounterexample,
            minimalCounterexample: headline.minimalCounterexample, shrinkTrace: headline.shrinkTrace, timing: timing)
        run.shrinkPasses = headline.shrinkPasses
        run.otherMinimalCounterexamples = failures.dropFirst().compactMap(\.minimalCounterexample)
        return run
    }
}
