/// Where a numeric input of a minimal counterexample stops failing: the failing value
/// nearest to a passing one, and that passing value.
///
/// Found after shrinking by ``RunSettings/searchesBoundaries``: for each numeric draw
/// (`Gen.double`, `Gen.float`, `Gen.int`, `Gen.integer` within `Int`) of the minimal case,
/// everything else held fixed, the engine looks for a passing value of that draw — first its
/// simplest value (0, or the bound nearest 0), then the top and the bottom of its range, and
/// when all of those fail, 7 values spread between the minimal value and each of them
/// (halves, quarters, eighths of the way) — and bisects in the draw's numeric order between the minimal (failing)
/// value
/// and the first
/// passing one found, until the two are neighbours: adjacent doubles (or `Float`s, or
/// integers), or values between which the generator produces nothing else. A property need
/// not be monotone in the input, so "fails from a, holds at b" says only that a fails, b
/// holds, and nothing the generator can draw lies between them.
public struct InputBoundary: Sendable, Equatable, CustomStringConvertible {
    /// The input: its ``Gen/named(_:)`` name ("latitude", "latitude #2" when the name occurs
    /// more than once), else "double at choice 3" / "integer at choice 0".
    public let input: String
    /// Position of the draw's choice in the minimal choice sequence.
    public let choicePosition: Int
    /// The generated value at the failing side, as the named generator renders it (after
    /// its `map`s), or the primitive's value when the input is not named.
    public let failingValue: String
    /// The generated value at the passing side; `nil` when every value tried failed.
    public let passingValue: String?
    /// The primitive draw at the failing side (an integer as a double), for tests and plots.
    public let failingDraw: Double
    /// The primitive draw at the passing side; `nil` when none passed.
    public let passingDraw: Double?
    /// Whether nothing the generator can draw lies between the two sides; false when the
    /// evaluation limit stopped the bisection first (the two then bracket the boundary).
    public let isNarrowed: Bool
    /// Property evaluations spent on this input.
    public let evaluations: Int
    /// The other named inputs whose values moved with this one between the two sides: the
    /// inputs a generator derives from it (an x drawn as a fraction of a world the zoom
    /// sizes), one of which may be what actually crosses the edge. Empty when none moved.
    public let movedWith: [MovedInput]

    /// A named input that moved with the searched one: its value at each side.
    public struct MovedInput: Sendable, Equatable, CustomStringConvertible {
        public let input: String
        public let failingValue: String
        public let passingValue: String

        /// "x 741455.19 → 741455.1900000001".
        public var description: String { "\(input) \(failingValue) → \(passingValue)" }
    }

    /// One line: "latitude: fails from 1.0058283894911134e-06, holds at 1.0058283894911132e-06"
    /// (passing below the failure), or "zoom: fails up to 27, holds at 28" (passing above).
    public var description: String {
        guard let passingValue else {
            return """
                \(input): fails at every value tried (\(failingValue); its simplest value, both ends of its range and \
                values between)
                """
        }
        // Read outward from the failure: "fails from a" when the passing side is below it,
        // "fails up to a" when it is above.
        let side = passingDraw.map { $0 > failingDraw } == true ? "up to" : "from"
        let moved = movedWith.isEmpty ? "" : "; with it \(movedWith.map(\.description).joined(separator: ", "))"
        if isNarrowed { return "\(input): fails \(side) \(failingValue), holds at \(passingValue)\(moved)" }
        return "\(input): fails at \(failingValue), holds at \(passingValue) (not narrowed further: evaluation limit)"
            + moved
    }
}
