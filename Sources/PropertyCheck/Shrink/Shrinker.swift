/// The integrated shrinker: simplifies a failing choice sequence by passes until none helps.
///
/// The shrinker only edits recorded choices; ``evaluate`` replays each candidate through the
/// property's generator and check, so every candidate is a valid input. A candidate is
/// accepted when it still fails (noticeably, if the first failure was: see ``FailureSize``; with
/// ``keepsSignature``, the same way: the same ``FailureSignature``) and the choices the replay
/// actually used are strictly shortlex-smaller than the current ones — so shrinking always
/// terminates, and, being free of randomness, hashing order and (unless the time limit is hit)
/// timing, it is deterministic. Keeping the signature rejects a step that turns one distinct
/// failure into another, as Hypothesis's shrinker keeps a failure's "interesting origin".
/// Passes run in the order of ``ShrinkPass/allCases``, repeatedly, until a whole round changes
/// nothing or a limit is reached.
final class Shrinker {
    /// A failing case as the shrinker sees it.
    struct Target {
        var choices: [UInt64]
        var kinds: [ChoiceKind]
        /// Spans sorted by start, longer first.
        var spans: [ChoiceSpan]
        var message: String
        /// How large the failure is, when the property says.
        var size: FailureSize? = nil
        /// Which clause failed: a candidate must fail the same one (see ``FailureSignature``).
        var signature = FailureSignature("")
    }

    /// Replays a candidate: the failing case it rebuilds, or `nil` if it passes or is discarded.
    typealias Evaluate = ([UInt64]) -> Target?

    private(set) var current: Target
    let evaluate: Evaluate
    /// Whether the failure first found was noticeable (see ``FailureSize``): then only
    /// candidates whose failure is noticeable too, or carries no size, are accepted.
    let keepsNoticeable: Bool
    /// Whether a candidate must fail with the initial failure's signature (a later distinct
    /// failure of a run: see ``RunConfiguration/distinctFailureLimit``).
    let keepsSignature: Bool
    let stepLimit: Int
    let attemptLimit: Int
    let deadline: ContinuousClock.Instant
    private(set) var steps = 0
    private(set) var attempts = 0
    private(set) var stopReason: ShrinkStopReason?
    /// Accepted steps: the pass and the choices after it.
    private(set) var trace: [(pass: ShrinkPass, choices: [UInt64])] = []
    /// Each pass's evaluated candidates and accepted steps so far.
    private(set) var passCounts: [ShrinkPass: (attempts: Int, accepted: Int)] = [:]
    /// Candidates already known not to improve (they pass, or were not simpler then and
    /// cannot be simpler than any later, simpler current).
    private var rejected = Set<[UInt64]>()
    var activePass: ShrinkPass = .deleteSpans

    init(
        initial: Target, stepLimit: Int, attemptLimit: Int, timeLimit: Duration, keepsSignature: Bool = false,
        evaluate: @escaping Evaluate
    ) {
        current = initial
        keepsNoticeable = initial.size?.isNoticeable == true
        self.keepsSignature = keepsSignature
        self.evaluate = evaluate
        self.stepLimit = stepLimit
        self.attemptLimit = attemptLimit
        deadline = ContinuousClock.now.advanced(by: timeLimit)
    }

    var isStopped: Bool { stopReason != nil }

    /// Runs passes until a fixpoint or a limit.
    func run() {
        while !isStopped {
            let before = current.choices
            for pass in ShrinkPass.allCases where !isStopped {
                activePass = pass
                pass.apply(to: self)
            }
            if !isStopped, current.choices == before { stopReason = .fixpoint }
        }
    }

    /// Tries `candidate`; adopts it and returns `true` if it fails and is simpler (and, with
    /// `requiringShorter`, uses fewer choices than the current case).
    @discardableResult func consider(_ candidate: [UInt64], requiringShorter: Bool = false) -> Bool {
        guard !isStopped, candidate != current.choices, !rejected.contains(candidate) else { return false }
        if steps >= stepLimit {
            stopReason = .stepLimit
            return false
        }
        if attempts >= attemptLimit {
            stopReason = .attemptLimit
            return false
        }
        if ContinuousClock.now >= deadline {
            stopReason = .timeLimit
            return false
        }
        attempts += 1
        passCounts[activePass, default: (0, 0)].attempts += 1
        guard let result = evaluate(candidate), !keepsSignature || result.signature == current.signature,
            Shortlex.isLess(result.choices, current.choices), !keepsNoticeable || result.size?.isNoticeable != false,
            !requiringShorter || result.choices.count < current.choices.count
        else {
            rejected.insert(candidate)
            return false
        }
        current = result
        steps += 1
        passCounts[activePass, default: (0, 0)].accepted += 1
        trace.append((activePass, result.choices))
        return true
    }

    /// Tries the current choices with the choice at `index` replaced by `value`.
    @discardableResult func consider(replacingChoiceAt index: Int, with value: UInt64) -> Bool {
        guard index < current.choices.count else { return false }
        var candidate = current.choices
        candidate[index] = value
        return consider(candidate)
    }

    /// Lowers the choice at `index` as far as possible: 0 first, then a binary search
    /// between `floor` (assumed not to fail) and the current value.
    func minimizeChoice(at index: Int, floor: UInt64 = 0) {
        guard index < current.choices.count, current.choices[index] > floor else { return }
        let kind = current.kinds[index]
        if consider(replacingChoiceAt: index, with: floor) { return }
        var low = floor
        var high = current.choices[index]
        while low &+ 1 < high, !isStopped {
            let middle = low + (high - low) / 2
            if consider(replacingChoiceAt: index, with: middle) {
                guard index < current.choices.count, current.kinds[index] == kind else { return }
                high = current.choices[index]
            } else {
                low = middle
            }
        }
    }
}
