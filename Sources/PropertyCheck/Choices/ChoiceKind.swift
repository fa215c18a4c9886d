/// What a recorded choice encodes; the shrinker picks its edits by kind.
@usableFromInline enum ChoiceKind: UInt8, Sendable {
    /// A Bool (0 or 1), including an array's "one more element?" flag.
    case boolean
    /// An integer's rank (see ``IntegerRank``), or an index into a list of alternatives.
    case integer
    /// A double's magnitude in the lexicographic float encoding (see ``DoubleLexEncoding``).
    case doubleMagnitude
    /// A double's sign bit (0 positive, 1 negative); always follows its magnitude.
    case doubleSign
}

/// A half-open range of choice positions drawn by one generator call worth deleting whole:
/// an array element with its continuation flag, a `flatMap` body, a `filter` attempt.
struct ChoiceSpan: Sendable, Equatable {
    /// Position of the first choice in the span.
    var start: Int
    /// Position just past the last choice in the span.
    var end: Int
}
