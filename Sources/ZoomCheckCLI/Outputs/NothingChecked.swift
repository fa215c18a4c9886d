import ZoomProperties

/// Whether a `check` run checked anything: a run in which an implementation's gated
/// properties checked no case at all (a program that answers `unsupported` to everything,
/// a `--property` or `--shard` selection with nothing gated in it) has shown nothing, and
/// must not pass as if it had (exit status `ExitStatus.nothingChecked`).
enum NothingChecked {
    /// Why the run checked nothing, one line per reason; empty when every implementation
    /// that had runs checked at least one case of a gated property, and there were runs.
    /// A shard of a larger run (`wholeRun` false) is judged only by whether it holds runs:
    /// one implementation's runs in one shard may all be not applicable, which says nothing
    /// about the run as a whole.
    static func reasons(_ run: CheckRun) -> [String] {
        let outcomes = run.outcomes, wholeRun = run.header.shard.count == 1
        guard !outcomes.isEmpty else {
            return ["the selection (--property, --shard) holds no run: nothing was checked"]
        }
        guard wholeRun else { return [] }
        var reasons: [String] = []
        for subject in run.header.subjects {
            let implementation = subject.name
            let runs = outcomes.filter { $0.implementationName == implementation }
            guard !runs.isEmpty else { continue }
            let scope = subject.gate
            let gated = runs.filter { $0.isGated(scope) }
            // A run that failed checked its failing case, even when it failed on the first
            // one (a documented finding reproduces at once, a saved counterexample may fail
            // as it is replayed).
            let cases = gated.reduce(0) { total, outcome in
                let failed = if case .fails? = outcome.observed { true } else { false }
                let checked = (outcome.run?.timing.casesChecked ?? 0) + (outcome.run?.timing.casesReplayed ?? 0)
                return total + Swift.max(checked, failed ? 1 : 0)
            }
            guard cases == 0 else { continue }
            let notApplicable = gated.filter { if case .notApplicable? = $0.observed { true } else { false } }.count
            reasons.append(
                gated.isEmpty
                    ? """
                    \(implementation): none of its \(runs.count) selected runs is gated (--gate \(scope)): nothing \
                    was checked
                    """
                    : """
                    \(implementation): its \(gated.count) gated properties checked 0 cases (\(notApplicable) not \
                    applicable): nothing was checked
                    """)
        }
        return reasons
    }
}
