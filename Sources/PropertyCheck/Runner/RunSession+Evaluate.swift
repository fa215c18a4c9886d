/// How every phase after generation judges one value: examples, replays, pinned cases,
/// shrinking, targeting and boundaries all call ``RunSession/evaluate(_:)``.
extension RunSession {
    /// What checking one value gave.
    enum Outcome {
        case passes
        /// The check or the generator discarded the case (``CaseDiscarded``), or so many
        /// abandoned checks ran on that the case was not evaluated.
        case discarded
        /// Why it fails and, when the property says, how large the failure is.
        case fails(message: String, size: FailureSize?)

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
    /// ``CaseExecution``).
    func evaluate(_ value: Value) -> Outcome {
        context.labels.removeAll(keepingCapacity: true)
        context.targets.removeAll(keepingCapacity: true)
        if let execution, !execution.hasRoom() { return .discarded }
        do {
            try execute(value)
            return .passes
        } catch is CaseDiscarded { return .discarded } catch {
            return .fails(message: Self.message(for: error), size: (error as? PropertyFailure)?.size)
        }
    }
}
