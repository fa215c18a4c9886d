/// The values a `Gen.double` may produce, and how it draws and validates them.
struct DoubleDomain: Sendable {
    /// Lower bound, clipped to the finite doubles.
    let lower: Double
    /// Upper bound, clipped to the finite doubles.
    let upper: Double
    /// Whether NaN and ±infinity may be produced.
    let includesNonFinite: Bool
    /// Whether -0.0 may be produced: the range reaches below zero or starts at -0.0.
    let allowsNegativeZero: Bool
    /// Boundary and awkward values inside the domain, without duplicates (by bit pattern).
    let specialValues: [Double]

    /// Draws below this (out of 2^64) pick a special value: one in 8.
    static let specialThreshold: UInt64 = 1 << 61
    /// Draws below this but not below ``specialThreshold`` try a raw bit pattern: one in 16.
    static let rawBitsThreshold: UInt64 = (1 << 61) + (1 << 60)

    /// Whether values are `Float`s (held exactly as doubles): every value is rounded to the
    /// nearest `Float`, and the special values are `Float`'s.
    let singlePrecision: Bool

    init(_ range: ClosedRange<Double>, includesNonFinite: Bool, singlePrecision: Bool = false) {
        self.singlePrecision = singlePrecision
        let greatest = singlePrecision ? Double(Float.greatestFiniteMagnitude) : Double.greatestFiniteMagnitude
        lower = Swift.min(Swift.max(range.lowerBound, -greatest), greatest)
        upper = Swift.min(Swift.max(range.upperBound, -greatest), greatest)
        self.includesNonFinite = includesNonFinite
        allowsNegativeZero = range.lowerBound < 0 || (range.lowerBound == 0 && range.lowerBound.sign == .minus)
        let neighbours =
            singlePrecision
            ? (Double(Float(lower).nextUp), Double(Float(upper).nextDown)) : (lower.nextUp, upper.nextDown)
        let tiny =
            singlePrecision
            ? (Double(Float.leastNonzeroMagnitude), Double(Float.leastNormalMagnitude))
            : (Double.leastNonzeroMagnitude, Double.leastNormalMagnitude)
        let candidates: [Double] = [
            lower, upper, neighbours.0, neighbours.1, 0, -0.0, 1, -1, tiny.0, -tiny.0, tiny.1, -tiny.1, greatest,
            -greatest,
        ]
        // At most 14 candidates: a linear search for duplicates (by bit pattern) is cheaper than
        // a set, and generators built per draw (a range that depends on earlier draws) pay it.
        var specials: [Double] = []
        specials.reserveCapacity(candidates.count + 3)
        for value in candidates where value >= lower && value <= upper {
            if value == 0, value.sign == .minus, !allowsNegativeZero { continue }
            if !specials.contains(where: { $0.bitPattern == value.bitPattern }) { specials.append(value) }
        }
        if includesNonFinite { specials += [.nan, .infinity, -.infinity] }
        specialValues = specials
    }

    /// A fresh value: 1/8 a special value, 1/16 a raw bit pattern if it lies in the domain,
    /// otherwise uniform on [lower, upper].
    ///
    /// Uniform method: u from ``Xoshiro256StarStar/nextUnitDouble()`` (top 53 bits × 2^-53),
    /// then `lower + (upper - lower) * u`, or `lower * (1 - u) + upper * u` when the width
    /// overflows; clamped to the bounds against rounding.
    @inline(__always) func generate(_ rng: inout Xoshiro256StarStar) -> Double {
        let selector = rng.next()
        if selector < Self.specialThreshold { return specialValues[Int(selector % UInt64(specialValues.count))] }
        if selector < Self.rawBitsThreshold {
            let bits = rng.next()
            let raw =
                singlePrecision
                ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits >> 32))) : Double(bitPattern: bits)
            if raw >= lower, raw <= upper, raw != 0 || raw.sign == .plus || allowsNegativeZero { return raw }
        }
        let u = rng.nextUnitDouble()
        let width = upper - lower
        let value = width.isFinite ? lower + width * u : lower * (1 - u) + upper * u
        return rounded(Swift.min(Swift.max(value, lower), upper))
    }

    /// `value` rounded to the nearest `Float` (kept within the bounds) in single precision.
    @inline(__always) func rounded(_ value: Double) -> Double {
        guard singlePrecision else { return value }
        let single = Double(Float(value))
        return Swift.min(Swift.max(single, lower), upper)
    }

    /// The valid value nearest to a replayed `value`: NaN becomes the simplest value and
    /// infinities are clamped unless non-finite values are allowed; finite values are
    /// clamped to the bounds; -0.0 becomes +0.0 where it is not allowed.
    @inline(__always) func normalize(_ value: Double) -> Double {
        if value.isNaN { return includesNonFinite ? .nan : normalize(0) }
        if value.isInfinite, includesNonFinite { return value }
        let clamped = rounded(Swift.min(Swift.max(value, lower), upper))
        if clamped == 0, clamped.sign == .minus, !allowsNegativeZero { return 0 }
        return clamped
    }
}
