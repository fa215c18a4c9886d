/// The recorder and replayer that every generator draws from.
///
/// In generation mode each draw takes fresh bits from a ``Xoshiro256StarStar`` stream and
/// records the choice it made; in replay mode each draw reads the next recorded choice
/// instead (clamped to what the draw allows, and 0 — the simplest value — once the recorded
/// choices run out) and records what it actually used. The recorded choices are therefore
/// always a canonical sequence that rebuilds the same value.
///
/// A source belongs to one run on one thread; it is handed to generator closures and must
/// not escape them. Custom generators use ``draw(_:)`` and ``label(_:)``.
public final class ChoiceSource {
    enum Mode { case generate, replay }

    /// Longest stretch of zero padding a replay may draw before the case is abandoned, so a
    /// generator that keeps drawing while choices run out cannot loop forever.
    static let maximumPaddingDraws = 100_000

    // Exclusivity: every stored property below is `@exclusivity(unchecked)`. Swift checks
    // accesses to a class's stored properties at run time (`swift_beginAccess`) because it
    // cannot prove statically that two accesses never overlap; on the generation hot path
    // those checks cost about 46% of a cheap property's per-case time. Skipping them is
    // sound because no two accesses to the same property can overlap here:
    // 1. A source belongs to one run on one thread (the runner creates it, hands it only to
    //    generator bodies it calls synchronously, and drops it when the run ends), so there
    //    are no concurrent accesses.
    // 2. The only long access is `choose`/`chooseDouble` passing `&rng` inout to a
    //    `generated` closure; those closures are the engine's own primitives (internal API),
    //    and they touch only their inout parameter, never the source. Custom generators reach
    //    the source through `draw(_:)` and `label(_:)` only, which cannot reach `rng`.
    // 3. Every other access is a plain read or a single mutation (`append`, `+= 1`) that calls
    //    no user code while it is in progress.
    @exclusivity(unchecked) var mode: Mode
    @exclusivity(unchecked) var rng: Xoshiro256StarStar
    @exclusivity(unchecked) var prefix: [UInt64] = []
    @exclusivity(unchecked) var position = 0
    @exclusivity(unchecked) var paddingDraws = 0
    /// Whether kinds and spans are recorded (replays for the shrinker only).
    @exclusivity(unchecked) var recordsStructure = false
    /// Whether choices are recorded. Replays always record; generation does not (the hot
    /// path appends nothing): a generated case's choices are recorded only when needed, by
    /// drawing the case again from its saved starting state (``recordCurrentCase(_:)``).
    @exclusivity(unchecked) var recordsChoices = true
    /// The PRNG state at the start of the current generated case.
    @exclusivity(unchecked) var caseStart: Xoshiro256StarStar

    /// The choices made so far in this case.
    @exclusivity(unchecked) var choices: [UInt64] = []
    @exclusivity(unchecked) var kinds: [ChoiceKind] = []
    @exclusivity(unchecked) var spans: [ChoiceSpan] = []
    /// Labels attached to this case by `Gen.labelled` or ``label(_:)``.
    @exclusivity(unchecked) var labels: [String] = []
    /// Whether numeric and named draws are noted (replays for boundary search only).
    @exclusivity(unchecked) var recordsDraws = false
    /// Numeric primitive draws of this case, when ``recordsDraws`` is on.
    @exclusivity(unchecked) var numericDraws: [NumericDraw] = []
    /// Values of named generators in this case, when ``recordsDraws`` is on.
    @exclusivity(unchecked) var namedDraws: [NamedDraw] = []

    /// A source that generates from `seed`'s xoshiro256** stream.
    init(seed: UInt64, recordsChoices: Bool = true) {
        mode = .generate
        rng = Xoshiro256StarStar(seed: seed)
        caseStart = rng
        self.recordsChoices = recordsChoices
        choices.reserveCapacity(64)
    }

    /// A source that replays `prefix`, recording kinds and spans for the shrinker.
    init(replaying prefix: [UInt64], recordsStructure: Bool = true) {
        mode = .replay
        rng = Xoshiro256StarStar(seed: 0)
        caseStart = rng
        self.prefix = prefix
        self.recordsStructure = recordsStructure
    }

    /// Starts a new generated case, keeping buffer capacity (no allocation in the hot loop).
    @inline(__always) func beginGeneratedCase() {
        caseStart = rng
        if recordsChoices { choices.removeAll(keepingCapacity: true) }
        if !labels.isEmpty { labels.removeAll(keepingCapacity: true) }
    }

    /// The state the current generated case started from (to record it later with
    /// ``recordCase(startingAt:_:)``, once other cases were drawn).
    var currentCaseStart: Xoshiro256StarStar { caseStart }

    /// The choices of the generated case that started at `start`, drawn again with recording
    /// on; leaves the stream where it was.
    func recordCase<Value>(startingAt start: Xoshiro256StarStar, _ generator: Gen<Value>) -> [UInt64] {
        let current = caseStart
        caseStart = start
        defer { caseStart = current }
        return recordCurrentCase(generator)
    }

    /// The choices of the current generated case, drawn again from its starting state with
    /// recording on (generators are deterministic functions of their draws, so this
    /// rebuilds the same value); leaves the stream where the case left it.
    func recordCurrentCase<Value>(_ generator: Gen<Value>) -> [UInt64] {
        let resume = rng
        let wasRecording = recordsChoices
        rng = caseStart
        recordsChoices = true
        choices.removeAll(keepingCapacity: true)
        labels.removeAll(keepingCapacity: true)
        _ = try? generator.body(self)
        let recorded = choices
        rng = resume
        recordsChoices = wasRecording
        return recorded
    }

    /// Draws a value from `generator`, recording its choices into this case.
    @inline(__always) public func draw<Value>(_ generator: Gen<Value>) throws(GenerationRejection) -> Value {
        try generator.body(self)
    }

    /// Attaches a label to the current case, counted once per case for coverage.
    public func label(_ name: String) { labels.append(name) }

    /// Records one choice of `maximum` or less: freshly generated, or replayed and clamped.
    @usableFromInline @inline(__always) func choose(
        maximum: UInt64, kind: ChoiceKind, generated: (inout Xoshiro256StarStar) -> UInt64
    ) throws(GenerationRejection) -> UInt64 {
        let choice: UInt64
        if mode == .generate { choice = generated(&rng) } else { choice = try Swift.min(nextReplayed(), maximum) }
        record(choice, kind)
        return choice
    }

    /// Records `value` as a choice the draw cannot vary (a required array element's flag):
    /// a replay consumes one choice whatever it holds, so spans stay aligned.
    @inline(__always) func chooseForced(_ value: UInt64, kind: ChoiceKind) throws(GenerationRejection) {
        if mode == .replay { _ = try nextReplayed() }
        record(value, kind)
    }

    /// Records a double as its magnitude choice then its sign choice.
    ///
    /// `normalize` maps a replayed value to a value the generator may produce (the range,
    /// finiteness and signed-zero rules); generated values are already valid.
    @inline(__always) func chooseDouble(generated: (inout Xoshiro256StarStar) -> Double, normalize: (Double) -> Double)
        throws(GenerationRejection) -> Double
    {
        var value: Double
        if mode == .generate {
            value = generated(&rng)
        } else {
            let magnitude = DoubleLexEncoding.decode(try nextReplayed())
            let negative = try nextReplayed() != 0
            value = normalize(negative ? -magnitude : magnitude)
        }
        if value.isNaN { value = .nan }
        if recordsChoices {
            if recordsDraws { noteDouble(value) }
            record(DoubleLexEncoding.encode(value), .doubleMagnitude)
            record(value.sign == .minus && !value.isNaN ? 1 : 0, .doubleSign)
        }
        return value
    }

    @inline(__always) func nextReplayed() throws(GenerationRejection) -> UInt64 {
        defer { position &+= 1 }
        if position < prefix.count { return prefix[position] }
        paddingDraws &+= 1
        if paddingDraws > Self.maximumPaddingDraws { throw GenerationRejection(reason: .replayOverrun) }
        return 0
    }

    @inline(__always) func record(_ choice: UInt64, _ kind: ChoiceKind) {
        guard recordsChoices else { return }
        choices.append(choice)
        if recordsStructure { kinds.append(kind) }
    }

    /// Position where a span starting now would begin.
    @usableFromInline @inline(__always) func beginSpan() -> Int { choices.count }

    /// Closes a span opened at `start`; empty spans and generation-mode spans are dropped.
    @usableFromInline @inline(__always) func endSpan(_ start: Int) {
        if recordsStructure, choices.count > start { spans.append(ChoiceSpan(start: start, end: choices.count)) }
    }
}

/// Why a generator abandoned a case: it is discarded, never reported as a failure.
public struct GenerationRejection: Error, Sendable, Equatable {
    /// What made the generator give up.
    public enum Reason: Sendable, Equatable {
        /// A `filter` rejected every attempt within its budget.
        case filterBudgetExhausted(filter: String, attempts: Int)
        /// A replay kept drawing long after its recorded choices ran out.
        case replayOverrun
        /// A custom generator threw this error (described with `String(reflecting:)`).
        case generatorThrew(String)
    }

    /// What made the generator give up.
    public let reason: Reason
}

extension ChoiceSource {
    /// Reuses this source to replay `prefix`, keeping buffer capacity.
    func resetForReplay(_ prefix: [UInt64]) {
        mode = .replay
        self.prefix = prefix
        position = 0
        paddingDraws = 0
        choices.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        labels.removeAll(keepingCapacity: true)
    }
}
