/// What the property said about each choice sequence already checked during one failure's
/// shrink and boundary search, so that boundary search reuses it instead of checking again.
///
/// Boundary candidates are the minimal case with one draw moved; the shrinker, lowering and
/// simplifying each choice of its last, minimal case before stopping at a fixpoint, already
/// checked many of them (the simplest value of a draw, an end of its range), and bisections
/// of different inputs meet again at the minimal case. A reused outcome is the one a second
/// check would give: checks are deterministic functions of their value (``Property``), and a
/// choice sequence replays to the same value. Evaluation counts are unchanged (a reused
/// probe counts as an evaluation), so every boundary and report is the same as without it.
final class EvaluatedChoices {
    /// Whether a sequence failed (`true`), passed (`false`) or was discarded (`nil`).
    private var outcomes: [[UInt64]: Bool?] = [:]

    /// Notes what checking `choices` gave.
    func record(_ choices: [UInt64], fails: Bool?) { outcomes[choices] = .some(fails) }

    /// What checking `choices` gave, if it was checked: `.some(nil)` when it was discarded.
    func outcome(of choices: [UInt64]) -> Bool?? { outcomes[choices] }
}
