/// What a property's check may do besides judging its value: label the case.
///
/// One context is reused for every case of a run; it is only valid during the check call
/// that receives it.
public final class CaseContext {
    /// Labels attached to the current case (generator labels first, then the check's).
    ///
    /// `@exclusivity(unchecked)`: the runner reads and clears the list between checks, and
    /// the check appends to it during its own call, on the runner's thread (a context is
    /// never shared between runs), so no two accesses overlap; the run-time check cost a
    /// measurable share of a cheap property's per-case time.
    @exclusivity(unchecked) public internal(set) var labels: [String] = []

    init() {}

    /// Attaches `label` to the current case; a label counts once per case.
    public func label(_ label: String) {
        labels.append(label)
    }

    /// Attaches `label` to the current case when `condition` holds.
    public func label(_ label: String, when condition: Bool) {
        if condition { labels.append(label) }
    }
}
