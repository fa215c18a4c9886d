/// The one step every generation loop takes per case, and the tally it keeps.
///
/// The loops differ only in how a case is drawn and checked: inline, one at a time
/// (``RunSession/generate(scores:_:)``), or a window at a time on threads or in batches
/// (``RunSession/generateInWindows(of:)``). What happens to a case once its check has
/// returned or thrown is decided here, by ``RunSession/judge(_:failure:in:tally:scores:record:)``
/// and ``RunSession/reject(_:labels:tally:)``, whichever loop drew it; a failure goes on to
/// ``RunSession/judgeFailure(_:_:in:index:tally:record:)``.
extension RunSession {
    /// What the loop does after a case. Not generic over the run's value: a verdict holding
    /// the run was stored through the value's witnesses on every case of an unspecialised run
    /// (81 instructions a case of P1's 720, `valgrind --tool=callgrind`); the loop builds the
    /// stopped run itself (``stoppedRun(after:tally:)``).
    enum StepVerdict {
        /// Draws the next case (when the case budget allows).
        case next
        /// Ends the loop: the random phase of a run whose cases report scores is spent (the
        /// targeted phase spends the rest of the budget), or the run has found as many
        /// distinct failures as it reports.
        case endLoop
        /// Stops the run past the discard limit; the error is the last discard's.
        case stop(after: any Error)
    }

    /// What the generation loop has counted so far.
    struct GenerationTally {
        /// Generated cases judged: passed, or failed (a discarded case is not one).
        var generated = 0
        /// Cases discarded: rejected by the generator or by the check.
        var discarded = 0
        /// The first failure of each kind too small to notice, set aside (see ``UnseenFailure``).
        var unseen: [UnseenFailure] = []
        /// Whether a passing case reported a score: the targeted phase follows the loop.
        var targeting = false
    }

    /// Judges one generated case whose check has returned (`failure` nil) or thrown.
    ///
    /// Every loop keeps this contract, for every case, in the order the cases were drawn,
    /// so that a seed gives the same cases, counts, labels, verdict and minimal
    /// counterexamples whichever loop ran them (inline, on threads, in batches; any window):
    ///
    /// 1. **Count.** A case that passed or failed counts as generated; one that passed also
    ///    counts as checked (``casesChecked``, the cases a report says passed).
    /// 2. **Discard.** A check that throws ``CaseDiscarded`` (and a generator that rejects a
    ///    case: ``reject(_:labels:tally:)``) counts a discard, never a generated case; past
    ///    the discard limit the run gives up, naming the last reason, unless it has found a
    ///    failure: then it stops with that failure, noting the discards.
    /// 3. **Label.** A passing case's labels (the generator's, then the check's) count once
    ///    each, toward coverage. A failing or discarded case's labels count nowhere.
    /// 4. **Score.** With `scores` (a check that receives a context), a passing case's scores
    ///    are kept among each label's best (recording its choices only when a score
    ///    qualifies), and the random phase ends at the first scored case past
    ///    ``randomCaseLimit``. Scores of a case that did not pass are dropped, and so are all
    ///    scores once a failure has been shrunk: the run then looks for other failures, not
    ///    for larger scores.
    /// 5. **Observe.** When the run observes, every case gets its line: passed, failed or
    ///    gave up — before it is counted, so a case that ends the loop is observed too.
    /// 6. **Set aside an unseen failure.** A failure smaller than a reader notices
    ///    (``FailureSize``) does not stop the loop: the first of each kind
    ///    (``FailureSignature``) is kept, its choices recorded now and its passing count with
    ///    it, and shrunk after the loop only if no noticeable failure of its kind followed.
    /// 7. **Shrink a distinct failure, stop at enough.** A noticeable failure (or one without
    ///    a size) of a kind not found yet has its choices recorded by drawing the case again
    ///    (`record`), and is shrunk at once, keeping its kind, with the cases that passed
    ///    before it; a failure of a kind found already is only counted. The loop goes on
    ///    within the case budget, and ends once ``RunConfiguration/distinctFailureLimit``
    ///    kinds are found.
    ///
    /// The loop itself keeps the rest: it draws cases in order from the seed's stream,
    /// never more than the case budget, clears the context's labels and scores before each
    /// check, runs put-off effects (``CaseContext/whenJudged(_:)``) just before the case is
    /// judged, and ignores every case checked past the point where it stopped.
    @inline(__always) mutating func judge(
        _ value: Value, failure: (any Error)?, in context: CaseContext, tally: inout GenerationTally, scores: Bool,
        record: () -> [UInt64]
    ) -> StepVerdict {
        if let failure {
            if let discard = failure as? CaseDiscarded {
                if let observations { observe(observations, value, .gaveUp, discard.reason, context) }
                if scores, !context.targets.isEmpty { context.targets.removeAll(keepingCapacity: true) }
                return countDiscard(discard, tally: &tally)
            }
            if let observations { observe(observations, value, .failed, Self.message(for: failure), context) }
            if scores, !context.targets.isEmpty { context.targets.removeAll(keepingCapacity: true) }
            tally.generated += 1
            return judgeFailure(failure, value, in: context, index: tally.generated, tally: &tally, record: record)
        }
        tally.generated += 1
        casesChecked += 1
        if let observations { observe(observations, value, .passed, "", context) }
        if !context.labels.isEmpty { countLabels(context.labels) }
        if scores, !context.targets.isEmpty {
            guard failures.isEmpty else {
                context.targets.removeAll(keepingCapacity: true)
                return .next
            }
            observeTargets(in: context, case: casesChecked, record: record)
            tally.targeting = true
            if tally.generated >= randomCaseLimit { return .endLoop }
        }
        return .next
    }

    /// A case the generator rejected (it has no value): observed, and counted as a discard
    /// (contract point 2 of ``judge(_:failure:in:tally:scores:record:)``).
    @inline(__always) mutating func reject(_ error: any Error, labels: [String], tally: inout GenerationTally)
        -> StepVerdict
    {
        if let observations { observeRejection(observations, error, labels: labels) }
        return countDiscard(error, tally: &tally)
    }

    /// Counts a discard; past the discard limit, the run gives up — or, when it has found a
    /// failure already, stops with it: discards after a failure (an implementation that
    /// stopped answering for good) never hide it.
    @inline(__always) func countDiscard(_ error: any Error, tally: inout GenerationTally) -> StepVerdict {
        tally.discarded += 1
        guard tally.discarded > discardLimit else { return .next }
        return .stop(after: error)
    }

    /// The verdict of a run stopped past the discard limit by `error`: it gives up, or, when it
    /// has found a failure already, stops with it.
    func stoppedRun(after error: any Error, tally: GenerationTally) -> PropertyRun<Value> {
        guard failures.isEmpty else { return stoppedByDiscards(error, discarded: tally.discarded) }
        return gaveUp(error, generated: tally.generated, discarded: tally.discarded)
    }

    /// The failures found, once the cases after them were discarded past the limit: the
    /// headline says the run stopped there, and why.
    func stoppedByDiscards(_ error: any Error, discarded: Int) -> PropertyRun<Value> {
        let reason = (error as? CaseDiscarded)?.reason ?? "\(error)"
        // Said once when the headline's note names it already (its case discarded when checked again).
        let named = failures[0].result.failure?.notes.contains { $0.contains(reason) } == true
        let why = named ? "for the same reason" : "last reason: \(reason)"
        return reportFailures(note: "the run stopped after \(discarded) discarded cases, \(why)")
    }

    /// After the loop: the failures set aside as unseen are shrunk (unless one of their kind
    /// was found), then, when nothing failed and cases reported scores, the targeted phase;
    /// then the pinned cases and the verdict.
    mutating func endGeneration(_ tally: GenerationTally) -> PropertyRun<Value> {
        for unseen in tally.unseen where !hasEnoughFailures {
            shrinkIfDistinct(
                unseen.value, message: unseen.message, signature: unseen.signature, choices: unseen.choices,
                origin: .generated(unseen.index), casesBefore: unseen.casesChecked)
        }
        if failures.isEmpty, tally.targeting, let failed = climbTargets(budget: caseCount - tally.generated) {
            return failed
        }
        return replayPinnedCases(generated: tally.generated, discarded: tally.discarded)
    }
}
