/// The search behind ``InputBoundary``: for each numeric draw of a minimal failing choice
/// sequence, a deterministic bisection in the draw's numeric order toward a passing value.
///
/// Candidates differ from the minimal sequence in one draw's choice (two for a double: its
/// magnitude and its sign); the draw's value is read back from the replay, so a range
/// mapping or a clamp is honoured and the bisection runs on values the generator produces.
struct BoundarySearch {
    /// One replay of a candidate.
    struct Probe {
        /// Whether the property failed on it.
        var fails: Bool
        var draws: [NumericDraw]
        var named: [NamedDraw]
    }

    /// Replays and checks a candidate: `nil` when the generator or the check discarded it.
    typealias Evaluate = ([UInt64]) -> Probe?

    let evaluate: Evaluate
    /// Most evaluations for one input.
    let limitPerInput: Int
    /// Most evaluations for the whole search.
    let limit: Int
    private(set) var evaluations = 0

    init(limitPerInput: Int, limit: Int, evaluate: @escaping Evaluate) {
        self.limitPerInput = limitPerInput
        self.limit = limit
        self.evaluate = evaluate
    }

    /// One side of a boundary: the choices, the draw's value there, and the replay.
    private struct Side {
        var choices: [UInt64]
        var value: NumericDraw.Value
        var probe: Probe
    }

    /// The boundary of every numeric draw of `minimal` (which must fail), in draw order.
    mutating func run(minimal: [UInt64]) -> [InputBoundary] {
        guard let start = probe(minimal), start.fails else { return [] }
        var boundaries: [InputBoundary] = []
        for draw in start.draws where evaluations < limit {
            if case .double(let value) = draw.value, value.isNaN { continue }
            let before = evaluations
            let budgetEnd = Swift.min(limit, evaluations + limitPerInput)
            let failing = Side(choices: minimal, value: draw.value, probe: start)
            let boundary = search(draw, from: failing, until: budgetEnd)
            boundaries.append(describe(draw, boundary, named: start.named, evaluations: evaluations - before))
        }
        return boundaries
    }

    private mutating func probe(_ choices: [UInt64]) -> Probe? {
        evaluations += 1
        return evaluate(choices)
    }

    /// The failing side nearest a passing one, and the passing side (nil if none was found).
    private mutating func search(_ draw: NumericDraw, from start: Side, until budgetEnd: Int) -> (
        fails: Side, holds: Side?, narrowed: Bool
    ) {
        var failing = start
        var passing: Side?
        var ends: [NumericDraw.Value] = []
        for target in Self.targets(for: draw.value) where evaluations < budgetEnd && passing == nil {
            guard let side = side(draw, setTo: target, in: start.choices), Self.key(side.value) != Self.key(start.value)
            else { continue }
            if side.probe.fails { ends.append(side.value) } else { passing = side }
        }
        for end in ends where passing == nil {
            for fraction in Self.scanFractions where evaluations < budgetEnd {
                guard let side = side(draw, setTo: Self.interpolate(start.value, end, fraction), in: start.choices),
                    Self.key(side.value) != Self.key(start.value)
                else { continue }
                if !side.probe.fails {
                    passing = side
                    break
                }
            }
        }
        guard var holds = passing else { return (failing, nil, true) }
        while evaluations < budgetEnd {
            let (low, high) = (
                Swift.min(Self.key(failing.value), Self.key(holds.value)),
                Swift.max(Self.key(failing.value), Self.key(holds.value))
            )
            if high - low <= 1 { return (failing, holds, true) }
            let middle = Self.value(ofKey: low + (high - low) / 2, like: draw.value)
            guard let side = side(draw, setTo: middle, in: failing.choices) else { break }
            let key = Self.key(side.value)
            if key == Self.key(failing.value) || key == Self.key(holds.value) { return (failing, holds, true) }
            if side.probe.fails { failing = side } else { holds = side }
        }
        let adjacent =
            Swift.max(Self.key(failing.value), Self.key(holds.value))
            - Swift.min(Self.key(failing.value), Self.key(holds.value)) <= 1
        return (failing, holds, adjacent)
    }

    /// Replays `choices` with the draw set to `value`; the side it gives, or nil when the
    /// replay was discarded or no longer has a draw of the same kind at that position.
    private mutating func side(_ draw: NumericDraw, setTo value: NumericDraw.Value, in choices: [UInt64]) -> Side? {
        var candidate = choices
        switch value {
        case .double(let double):
            guard draw.position + 1 < candidate.count else { return nil }
            candidate[draw.position] = DoubleLexEncoding.encode(double)
            candidate[draw.position + 1] = double.sign == .minus ? 1 : 0
        case .integer(let integer, let ranks):
            candidate[draw.position] = ranks.rank(of: Swift.min(Swift.max(integer, ranks.lower), ranks.upper))
        }
        guard let probe = probe(candidate), let drawn = probe.draws.first(where: { $0.position == draw.position }),
            Self.sameKind(drawn.value, value)
        else { return nil }
        return Side(choices: candidate, value: drawn.value, probe: probe)
    }

    /// Passing candidates, in order: the simplest value, then the top and bottom of the range
    /// (a double's ±greatest magnitude, which the replay clamps to its range).
    static func targets(for value: NumericDraw.Value) -> [NumericDraw.Value] {
        switch value {
        case .double: return [.double(0), .double(.greatestFiniteMagnitude), .double(-.greatestFiniteMagnitude)]
        case .integer(_, let ranks):
            return [ranks.value(ofRank: 0), ranks.upper, ranks.lower].map { .integer($0, ranks) }
        }
    }

    /// Where, between the failing value and a failing end, to look for a passing value when
    /// the ends all fail: halves, then quarters, then eighths of the way (in value).
    static let scanFractions: [Double] = [0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875]

    /// The value `fraction` of the way from `start` to `end` (same kind).
    static func interpolate(_ start: NumericDraw.Value, _ end: NumericDraw.Value, _ fraction: Double)
        -> NumericDraw.Value
    {
        switch (start, end) {
        case (.double(let a), .double(let b)):
            let value = a + (b - a) * fraction
            return .double(value.isFinite ? value : a * (1 - fraction) + b * fraction)
        case (.integer(let a, let ranks), .integer(let b, _)):
            let value = (Double(a) + (Double(b) - Double(a)) * fraction).rounded(.towardZero)
            return .integer(Int(Swift.min(Swift.max(value, Double(ranks.lower)), Double(ranks.upper).nextDown)), ranks)
        default: return start
        }
    }

    static func sameKind(_ lhs: NumericDraw.Value, _ rhs: NumericDraw.Value) -> Bool {
        switch (lhs, rhs) {
        case (.double, .double): true
        case (.integer(_, let a), .integer(_, let b)): a == b
        default: false
        }
    }

    /// A key whose unsigned order is the values' numeric order (-0.0 just below +0.0).
    static func key(_ value: NumericDraw.Value) -> UInt64 {
        switch value {
        case .double(let double):
            let bits = double.bitPattern
            return double.sign == .minus ? ~bits : bits | (1 << 63)
        case .integer(let integer, _): return UInt64(bitPattern: Int64(integer)) ^ (1 << 63)
        }
    }

    /// The value of `key`, of the same kind as `template`.
    static func value(ofKey key: UInt64, like template: NumericDraw.Value) -> NumericDraw.Value {
        switch template {
        case .double:
            return .double(key & (1 << 63) != 0 ? Double(bitPattern: key & ~(1 << 63)) : Double(bitPattern: ~key))
        case .integer(_, let ranks): return .integer(Int(Int64(bitPattern: key ^ (1 << 63))), ranks)
        }
    }

    /// The report of one input's search.
    private func describe(
        _ draw: NumericDraw, _ found: (fails: Side, holds: Side?, narrowed: Bool), named: [NamedDraw], evaluations: Int
    ) -> InputBoundary {
        let name = Self.name(of: draw.position, in: named)
        func rendered(_ side: Side) -> String {
            guard name != nil, let inner = Self.innermost(draw.position, in: side.probe.named) else {
                return Self.render(side.value)
            }
            return inner.rendered
        }
        return InputBoundary(
            input: name ?? "\(Self.kindName(draw.value)) at choice \(draw.position)", choicePosition: draw.position,
            failingValue: rendered(found.fails), passingValue: found.holds.map(rendered),
            failingDraw: Self.number(found.fails.value), passingDraw: found.holds.map { Self.number($0.value) },
            isNarrowed: found.narrowed, evaluations: evaluations,
            movedWith: found.holds.map { Self.moved(besides: draw.position, from: found.fails, to: $0) } ?? [])
    }

    /// The named inputs that do not hold `position` and whose rendered values differ between
    /// the two sides (matched by name and occurrence): values derived from the varied draw.
    private static func moved(besides position: Int, from failing: Side, to passing: Side) -> [InputBoundary.MovedInput]
    {
        func labelled(_ named: [NamedDraw]) -> [(label: String, rendered: String)] {
            named.filter { !($0.start <= position && position < $0.end) }.map { draw in
                let same = named.filter { $0.name == draw.name }.sorted { $0.start < $1.start }
                guard same.count > 1, let index = same.firstIndex(of: draw) else { return (draw.name, draw.rendered) }
                return ("\(draw.name) #\(index + 1)", draw.rendered)
            }
        }
        let after = labelled(passing.probe.named)
        return labelled(failing.probe.named).compactMap { before in
            guard let other = after.first(where: { $0.label == before.label }), other.rendered != before.rendered else {
                return nil
            }
            return InputBoundary.MovedInput(
                input: before.label, failingValue: before.rendered, passingValue: other.rendered)
        }
    }

    /// The innermost named draw holding `position`.
    static func innermost(_ position: Int, in named: [NamedDraw]) -> NamedDraw? {
        named.filter { $0.start <= position && position < $0.end }.min { ($0.end - $0.start) < ($1.end - $1.start) }
    }

    /// The input's name, numbered when the name occurs more than once in the case.
    static func name(of position: Int, in named: [NamedDraw]) -> String? {
        guard let inner = innermost(position, in: named) else { return nil }
        let same = named.filter { $0.name == inner.name }.sorted { $0.start < $1.start }
        guard same.count > 1, let index = same.firstIndex(of: inner) else { return inner.name }
        return "\(inner.name) #\(index + 1)"
    }

    static func kindName(_ value: NumericDraw.Value) -> String {
        if case .double = value { return "double" }
        return "integer"
    }

    static func render(_ value: NumericDraw.Value) -> String {
        switch value {
        case .double(let double): String(describing: double)
        case .integer(let integer, _): String(integer)
        }
    }

    static func number(_ value: NumericDraw.Value) -> Double {
        switch value {
        case .double(let double): double
        case .integer(let integer, _): Double(integer)
        }
    }
}
