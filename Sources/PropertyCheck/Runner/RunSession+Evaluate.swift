/// How every phase after generation judges one value: examples, replays, pinned cases,
/// shrinking, targeting and boundaries all call ``RunSession/evaluate(_:)``.
extension RunSession {
    /// What checking one value gave.
    enum Outcome {
        case passes
        /// The check or the generator discarded the case (``CaseDiscarded``, with its reason),
        /// or so many abandoned checks ran on that the case was not evaluated.
        case discarded(reason: String)
        /// Why it fails, which clause failed (``FailureSignature``) and, when the property
        /// says, how large the failure is.
        case fails(message: String, size: FailureSize?, signature: FailureSignature)

        /// Whether the value fails (`true`), passes (`false`) or was discarded (`nil`).
        var fails: Bool? {
            switch self {
            case .passes: false
            case .discarded: nil
            case .fails: true
            }
        }
    }

    /// Checks `value` with fresh labels and scores (inline, or through the run's
    /// ``CaseExecution``), and records it when the run observes.
    func evaluate(_ value: Value) -> Outcome {
        guard let observations else { return evaluateUnobserved(value) }
        let start = ContinuousClock.now
        let outcome = evaluateUnobserved(value)
        let seconds = (ContinuousClock.now - start).seconds
        switch outcome {
        case .passes: observe(observations, value, .passed, "", context, seconds: seconds)
        case .discarded: observe(observations, value, .gaveUp, "discarded", context, seconds: seconds)
        case .fails(let message, _, _): observe(observations, value, .failed, message, context, seconds: seconds)
        }
        return outcome
    }

    /// ``evaluate(_:)`` without the observation.
    func evaluateUnobserved(_ value: Value) -> Outcome {
        context.labels.removeAll(keepingCapacity: true)
        context.targets.removeAll(keepingCapacity: true)
        if let execution, !execution.hasRoom() {
            return .discarded(reason: "not evaluated: too many abandoned checks still running")
        }
        do {
            try execute(value)
            return .passes
        } catch let discard as CaseDiscarded { return .discarded(reason: discard.reason) } catch {
            return .fails(
                message: Self.message(for: error), size: (error as? PropertyFailure)?.size,
                signature: FailureSignature(of: error))
        }
    }
}

/// Observation lines (see ``RunObservation``): called only when the run observes.
extension RunSession {
    /// A `test_case` line for `value`, unless its bound is reached: the check's own time in
    /// `seconds` (`execute:test`) when measured, else the time since the previous line
    /// (`overall:case`, drawing the case included).
    @inline(never) func observe(
        _ log: ObservationLog, _ value: Value, _ status: ObservationLog.Status, _ reason: @autoclosure () -> String,
        _ context: CaseContext, seconds: Double? = nil
    ) {
        let sinceMark = log.secondsSinceMark()
        guard log.admits(status) else { return }
        log.testCase(
            status, reason: reason(), representation: property.describe(value), labels: context.labels,
            targets: context.targets, timing: seconds.map { ("execute:test", $0) } ?? ("overall:case", sinceMark))
    }

    /// A `gave_up` line for a case the generator rejected (it has no value).
    @inline(never) func observeRejection(_ log: ObservationLog, _ error: any Error, labels: [String]) {
        let sinceMark = log.secondsSinceMark()
        guard log.admits(.gaveUp) else { return }
        let reason = (error as? CaseDiscarded)?.reason ?? "the generator rejected the case: \(error)"
        log.testCase(
            .gaveUp, reason: reason, representation: "", labels: labels, targets: [],
            timing: ("overall:case", sinceMark))
    }
}
