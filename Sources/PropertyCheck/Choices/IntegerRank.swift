/// The bijection between the integers of a range and their choices ("ranks"), simplest first.
///
/// Rank 0 is the value nearest zero, and ranks grow with distance from it, so lowering a
/// choice moves the value toward zero (or toward the bound nearest zero):
/// - `lower >= 0`: rank r is `lower + r`.
/// - `upper <= 0`: rank r is `upper - r`.
/// - the range straddles 0: ranks alternate 0, 1, -1, 2, -2, ... while both signs fit
///   (positive first at equal magnitude), then run on along the longer side.
/// All arithmetic is on 64-bit patterns, so `Int.min ... Int.max` works.
struct IntegerRank: Sendable, Equatable {
    let lower: Int
    let upper: Int
    /// The largest rank: the range's width minus one, as an unsigned count.
    let maximumRank: UInt64
    /// `min(|lower|, upper)` for a straddling range; 0 otherwise.
    let alternatingMagnitude: UInt64

    init(_ range: ClosedRange<Int>) {
        lower = range.lowerBound
        upper = range.upperBound
        maximumRank = UInt64(bitPattern: Int64(upper &- lower))
        alternatingMagnitude =
            (lower < 0 && upper > 0) ? Swift.min(UInt64(lower.magnitude), UInt64(upper.magnitude)) : 0
    }

    /// The integer with rank `rank` (ranks above ``maximumRank`` are clamped).
    @inline(__always) func value(ofRank rank: UInt64) -> Int {
        let r = Swift.min(rank, maximumRank)
        if lower >= 0 { return Int(bitPattern: UInt(bitPattern: lower) &+ UInt(r)) }
        if upper <= 0 { return Int(bitPattern: UInt(bitPattern: upper) &- UInt(r)) }
        let m = alternatingMagnitude
        if r <= 2 &* m {
            if r & 1 == 1 { return Int(bitPattern: UInt((r &+ 1) / 2)) }
            return Int(bitPattern: 0 &- UInt(r / 2))
        }
        let magnitude = UInt(m &+ (r &- 2 &* m))
        return upper.magnitude > lower.magnitude ? Int(bitPattern: magnitude) : Int(bitPattern: 0 &- magnitude)
    }

    /// The rank of `value`, which must lie in the range.
    func rank(of value: Int) -> UInt64 {
        if lower >= 0 { return UInt64(UInt(bitPattern: value) &- UInt(bitPattern: lower)) }
        if upper <= 0 { return UInt64(UInt(bitPattern: upper) &- UInt(bitPattern: value)) }
        let m = alternatingMagnitude
        let magnitude = UInt64(value.magnitude)
        if magnitude <= m {
            if value == 0 { return 0 }
            return value > 0 ? 2 &* magnitude &- 1 : 2 &* magnitude
        }
        return 2 &* m &+ (magnitude &- m)
    }
}
