/// Integer generators of every width, and half-open ranges.
extension Gen where Value: FixedWidthInteger & Sendable {
    /// An integer of any width in `range`, shrinking toward zero (or the bound nearest zero).
    ///
    /// Generation and shrinking as ``Gen/int(in:)-(ClosedRange<Int>)``: one draw in 16 is a
    /// boundary value (the value nearest zero, either bound), the rest uniform by Lemire's
    /// method; the recorded choice is the value's rank (0 for the value nearest zero). Types
    /// wider than 64 bits are not supported.
    ///
    /// - Precondition: `Value.bitWidth <= 64` (a programming error, not user input).
    public static func integer(in range: ClosedRange<Value>) -> Gen<Value> {
        precondition(Value.bitWidth <= 64, "Gen.integer(in:) supports integers up to 64 bits")
        if !Value.isSigned, range.upperBound > Value(truncatingIfNeeded: Int.max) {
            return unsignedWide(in: UInt64(range.lowerBound)...UInt64(range.upperBound))
        }
        return Gen<Int>.int(in: Int(range.lowerBound)...Int(range.upperBound)).map { Value($0) }
    }

    /// An integer in the half-open `range` (its upper bound excluded).
    ///
    /// - Precondition: `range` is not empty.
    public static func integer(in range: Range<Value>) -> Gen<Value> {
        precondition(!range.isEmpty, "Gen.integer(in:) needs a non-empty range")
        return integer(in: range.lowerBound...(range.upperBound - 1))
    }

    /// Any integer of the type, shrinking toward zero.
    public static var integer: Gen<Value> { integer(in: Value.min...Value.max) }

    /// Unsigned ranges reaching above `Int.max`: the rank is `value - lower`.
    static func unsignedWide(in range: ClosedRange<UInt64>) -> Gen<Value> {
        let lower = range.lowerBound
        let maximumRank = range.upperBound - lower
        return Gen { source throws(GenerationRejection) in
            let rank = try source.choose(maximum: maximumRank, kind: .integer) { rng in
                let selector = rng.next()
                if selector < Gen<Int>.integerBoundaryThreshold { return selector % 2 == 0 ? 0 : maximumRank }
                return rng.nextThrough(maximumRank)
            }
            return Value(lower + Swift.min(rank, maximumRank))
        }
    }
}

extension Gen where Value == Int {
    /// An integer in the half-open `range`, shrinking toward zero (or the bound nearest it).
    ///
    /// - Precondition: `range` is not empty.
    public static func int(in range: Range<Int>) -> Gen<Int> {
        precondition(!range.isEmpty, "Gen.int(in:) needs a non-empty range")
        return int(in: range.lowerBound...(range.upperBound - 1))
    }
}

extension Gen where Value == Double {
    /// A double in the half-open `range` (its upper bound excluded), biased toward boundary
    /// values as ``double(in:includeNonFinite:)`` is: the greatest value is
    /// `range.upperBound.nextDown`.
    ///
    /// - Precondition: `range` is not empty.
    public static func double(in range: Range<Double>) -> Gen<Double> {
        precondition(!range.isEmpty, "Gen.double(in:) needs a non-empty range")
        return double(in: range.lowerBound...range.upperBound.nextDown)
    }
}
