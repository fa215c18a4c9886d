import PropertyCheck

/// The boundaries of a finding's minimal counterexample, as the findings tables and the HTML
/// report show them beside the minimum.
public enum BoundarySummary {
    /// One line per input whose boundary was found ("latitude: fails from …, holds at …"),
    /// then one line naming the inputs that failed at every value tried, if any.
    public static func lines(_ boundaries: [InputBoundary]) -> [String] {
        var lines = boundaries.filter { $0.passingValue != nil }.map(\.description)
        let throughout = boundaries.filter { $0.passingValue == nil }.map(\.input)
        if !throughout.isEmpty {
            lines.append("fails at every value tried of \(throughout.joined(separator: ", ")) (the others held fixed)")
        }
        return lines
    }

    /// The lines for `outcome`'s minimal counterexample: its boundaries, "none" when the
    /// search ran and the case has no numeric draw (a value picked from a list), and nothing
    /// when it did not fail or the search was off.
    public static func lines(of outcome: CatalogueOutcome) -> [String] {
        outcome.run?.result.failure.map(lines(of:)) ?? []
    }

    /// The lines for one failure's minimal counterexample (the headline's, or one of its
    /// `otherFailures`), as ``lines(of:)-(CatalogueOutcome)`` says.
    public static func lines(of failure: PropertyReport) -> [String] {
        if failure.boundaries.isEmpty {
            return failure.boundaryEvaluations > 0
                ? ["none (no numeric input: the minimal value is picked from a list)"] : []
        }
        return lines(failure.boundaries)
    }
}
