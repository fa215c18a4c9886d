/// A numeric primitive draw, noted while a replay records draws (boundary search only).
///
/// Boundary search moves one such draw through its numeric order; the note says where the
/// draw's choice sits and which value the primitive produced from it.
struct NumericDraw: Sendable, Equatable {
    /// What the primitive drew, in the terms needed to set the choice to another value.
    enum Value: Sendable, Equatable {
        /// A `Gen.double`/`Gen.float` value (magnitude choice at `position`, sign after it).
        case double(Double)
        /// A `Gen.int`/`Gen.integer` value, with the range's rank bijection.
        case integer(Int, IntegerRank)
    }

    /// Position of the draw's (first) choice in the sequence.
    var position: Int
    /// The value the primitive produced.
    var value: Value
}

/// A value drawn by a generator named with ``Gen/named(_:)``: its choices and its rendering.
struct NamedDraw: Sendable, Equatable {
    /// Position of the first choice drawn by the named generator.
    var start: Int
    /// Position just past its last choice.
    var end: Int
    /// The name given to the generator ("latitude").
    var name: String
    /// The value it produced, as `String(describing:)` renders it.
    var rendered: String
}

extension ChoiceSource {
    /// Notes the double about to be recorded (out of line: it runs only in boundary replays,
    /// and keeping it out of the inlined draw keeps the generation loop as it was).
    @inline(never) func noteDouble(_ value: Double) {
        numericDraws.append(NumericDraw(position: choices.count, value: .double(value)))
    }

    /// Notes the integer just drawn (its rank is the last recorded choice); called by the
    /// integer primitives only when ``recordsDraws`` is on.
    @inline(never) func noteInteger(_ value: Int, ranks: IntegerRank) {
        numericDraws.append(NumericDraw(position: choices.count - 1, value: .integer(value, ranks)))
    }

    /// Starts a replay that also notes numeric and named draws (for boundary search).
    func resetForDrawReplay(_ prefix: [UInt64]) {
        resetForReplay(prefix)
        recordsStructure = false
        recordsDraws = true
        numericDraws.removeAll(keepingCapacity: true)
        namedDraws.removeAll(keepingCapacity: true)
    }
}
