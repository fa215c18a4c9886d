/// The hill climber behind ``CaseContext/target(_:label:)``: iterated local search over
/// choice sequences toward larger scores, deterministic for a seed.
///
/// First climb from each of the random phase's best distinct cases of each label (best first,
/// labels in turn), then, round robin over the labels, climb from the current case — for each choice in turn, a
/// pattern search that tries a step up and a step down, keeps a move that raises the score
/// (and doubles the step along it), and halves the step when neither helps, down to the
/// smallest step — until a sweep over every choice helps no more; then kick the label's best
/// case by one move of random size (from ``rng``) and climb again, the kicked choice's steps
/// starting at a quarter of the kick's size. Doubles move in their
/// numeric order (steps of 2^52 keys, a factor of 2, down to 1 key, one ulp); integers and
/// alternatives by ranks ±2^16 down to ±1; Bools flip. Every evaluation counts against the
/// budget, and every evaluation's scores update every label's best, whichever label is
/// being climbed.
final class TargetSearch {
    /// One replay of a candidate.
    struct Probe {
        var choices: [UInt64]
        var kinds: [ChoiceKind]
        /// Each label's score (the largest when reported twice).
        var scores: [String: Double]
        var fails: Bool
    }

    /// Replays and checks a candidate; `nil` when it was discarded.
    typealias Evaluate = ([UInt64]) -> Probe?

    /// A case and its score for one label.
    struct Point {
        var score: Double
        var choices: [UInt64]
        var kinds: [ChoiceKind]
        /// 1-based evaluation at which the score was first reached (random cases first).
        var evaluation: Int
    }

    static let doubleStep: UInt64 = 1 << 52
    static let integerStep: UInt64 = 1 << 16

    private(set) var best: [String: Point]
    private(set) var evaluations = 0
    /// The choices of a failing case, once one was met (the search then stops).
    private(set) var failingChoices: [UInt64]?
    let budget: Int
    let evaluationsBefore: Int
    let evaluate: Evaluate
    var rng: Xoshiro256StarStar

    /// Per label, the random phase's best distinct cases, best first: the climbs' starts.
    let starts: [String: [Point]]

    init(starts: [String: [Point]], budget: Int, evaluationsBefore: Int, seed: UInt64, evaluate: @escaping Evaluate) {
        self.starts = starts
        best = starts.compactMapValues(\.first)
        self.budget = budget
        self.evaluationsBefore = evaluationsBefore
        self.evaluate = evaluate
        rng = Xoshiro256StarStar(seed: seed)
    }

    var isDone: Bool { evaluations >= budget || failingChoices != nil }

    /// Climbs every label until the budget is spent or a case fails.
    func run() {
        let labels = best.keys.sorted()
        var current: [String: Point] = [:]
        // First climb from each start, best first: the landscape may be noisy, and the best
        // random case need not sit in the best basin.
        let startCount = starts.values.map(\.count).max() ?? 0
        for index in 0..<startCount where !isDone {
            for label in labels where !isDone {
                guard let start = starts[label], index < start.count, let probe = probe(start[index].choices),
                    !probe.fails
                else { continue }
                var point = Point(
                    score: probe.scores[label] ?? start[index].score, choices: probe.choices, kinds: probe.kinds,
                    evaluation: start[index].evaluation)
                climb(&point, label: label, cap: nil)
            }
        }
        for label in labels where !isDone {
            guard let point = best[label], let probe = probe(point.choices), !probe.fails else { continue }
            current[label] = Point(
                score: point.score, choices: probe.choices, kinds: probe.kinds, evaluation: point.evaluation)
        }
        var caps: [String: (position: Int, step: UInt64)] = [:]
        while !isDone, !current.isEmpty {
            let before = evaluations
            for label in labels where !isDone {
                guard var point = current[label] else { continue }
                climb(&point, label: label, cap: caps[label])
                if let (kicked, cap) = kick(label) { (current[label], caps[label]) = (kicked, cap) }
            }
            if evaluations == before { break }  // nothing left to move (no numeric choice)
        }
    }

    /// Evaluates `choices`, updating every label's best; nil when discarded.
    private func probe(_ choices: [UInt64]) -> Probe? {
        evaluations += 1
        guard let probe = evaluate(choices) else { return nil }
        if probe.fails {
            failingChoices = probe.choices
            return probe
        }
        for (label, score) in probe.scores where score > (best[label]?.score ?? -.infinity) {
            best[label] = Point(
                score: score, choices: probe.choices, kinds: probe.kinds, evaluation: evaluationsBefore + evaluations)
        }
        return probe
    }

    /// Sweeps over the choices of `point` until no move raises its score; the choice a kick
    /// moved (`cap`) starts its steps at the kick's size, so the climb explores around the
    /// kicked case at that scale rather than falling back into the best case's basin.
    private func climb(_ point: inout Point, label: String, cap: (position: Int, step: UInt64)?) {
        var improved = true
        while improved, !isDone {
            improved = false
            var position = 0
            while position < point.kinds.count, !isDone {
                let limit = cap?.position == position ? cap?.step : nil
                if search(&point, at: position, label: label, limit: limit) { improved = true }
                position += 1
            }
        }
    }

    /// Pattern search on one choice; whether it raised the score.
    private func search(_ point: inout Point, at position: Int, label: String, limit: UInt64?) -> Bool {
        guard let largest = Self.initialStep(point.kinds[position]) else { return false }
        let initial = Swift.min(largest, limit ?? largest)
        var step = initial
        var improved = false
        while step >= 1, !isDone, position < point.kinds.count {
            var moved = false
            for upward in [true, false] where !isDone {
                guard let candidate = Self.move(point, at: position, by: step, upward: upward, flip: largest == 1),
                    let probe = probe(candidate), !probe.fails, let score = probe.scores[label], score > point.score
                else { continue }
                point = Point(score: score, choices: probe.choices, kinds: probe.kinds, evaluation: 0)
                moved = true
                break
            }
            if moved {
                improved = true
                step = Swift.min(initial, step << 1)
            } else {
                step >>= 1
            }
        }
        return improved
    }

    /// The label's best case moved at one random choice by a random step: the next climb's
    /// start, and the choice and step; nil when the move is impossible or the case was
    /// discarded.
    private func kick(_ label: String) -> (Point, (position: Int, step: UInt64))? {
        guard let point = best[label] else { return nil }
        let positions = point.kinds.indices.filter { Self.initialStep(point.kinds[$0]) != nil }
        guard !positions.isEmpty, !isDone else { return nil }
        let position = positions[Int(rng.next() % UInt64(positions.count))]
        guard let initial = Self.initialStep(point.kinds[position]) else { return nil }
        let bits = UInt64(initial.trailingZeroBitCount + 1)
        let step = UInt64(1) << (rng.next() % bits)
        guard
            let candidate = Self.move(point, at: position, by: step, upward: rng.next() >> 63 == 1, flip: initial == 1),
            let probe = probe(candidate), !probe.fails
        else { return nil }
        // The climb from here starts at a quarter of the kick, so its first move cannot
        // undo the kick and fall straight back to the best case.
        return (
            Point(score: probe.scores[label] ?? -.infinity, choices: probe.choices, kinds: probe.kinds, evaluation: 0),
            (position, Swift.max(1, step >> 2))
        )
    }

    /// The largest step for a choice of `kind`, or nil when the choice is not moved alone (a
    /// double's sign moves with its magnitude).
    static func initialStep(_ kind: ChoiceKind) -> UInt64? {
        switch kind {
        case .doubleMagnitude: doubleStep
        case .integer: integerStep
        case .boolean: 1
        case .doubleSign: nil
        }
    }

    /// `point`'s choices with the choice at `position` moved by `step` (saturating), or nil
    /// when that changes nothing.
    static func move(_ point: Point, at position: Int, by step: UInt64, upward: Bool, flip: Bool) -> [UInt64]? {
        var choices = point.choices
        guard position < choices.count else { return nil }
        if flip {
            guard upward else { return nil }
            choices[position] = choices[position] == 0 ? 1 : 0
            return choices
        }
        if point.kinds[position] == .doubleMagnitude {
            guard position + 1 < choices.count else { return nil }
            let magnitude = DoubleLexEncoding.decode(choices[position])
            let value = choices[position + 1] != 0 ? -magnitude : magnitude
            guard value.isFinite else { return nil }
            let key = BoundarySearch.key(.double(value))
            let lowest = BoundarySearch.key(.double(-.greatestFiniteMagnitude))
            let highest = BoundarySearch.key(.double(.greatestFiniteMagnitude))
            let moved =
                upward ? (highest - key < step ? highest : key + step) : (key - lowest < step ? lowest : key - step)
            guard moved != key, case .double(let next) = BoundarySearch.value(ofKey: moved, like: .double(0)) else {
                return nil
            }
            choices[position] = DoubleLexEncoding.encode(next)
            choices[position + 1] = next.sign == .minus ? 1 : 0
            return choices
        }
        let rank = choices[position]
        let moved = upward ? (UInt64.max - rank < step ? UInt64.max : rank + step) : (rank < step ? 0 : rank - step)
        guard moved != rank else { return nil }
        choices[position] = moved
        return choices
    }
}
