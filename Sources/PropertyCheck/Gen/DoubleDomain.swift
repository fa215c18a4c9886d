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

    init(_ range: ClosedRange<Double>, includesNonFinite: Bool) {
        let greatest = Double.greatestFiniteMagnitude
        lower = Swift.min(Swift.max(range.lowerBound, -greatest), greatest)
        upper = Swift.min(Swift.max(range.upperBound, -greatest), greatest)
        self.includesNonFinite = includesNonFinite
        allowsNegativeZero = range.lowerBound < 0 || (range.lowerBound == 0 && range.lowerBound.sign == .minus)
        let candidates: [Double] = [
            lower, upper, lower.nextUp, upper.nextDown, 0, -0.0, 1, -1,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
            greatest, -greatest,
        ]
        var specials: [Double] = []
        var seen = Set<UInt64>()
        for value in candidates where value >= lower && value <= upper {
            if value == 0, value.sign == .minus, !allowsNegativeZero { continue }
            if seen.insert(value.bitPattern).inserted { specials.append(value) }
        }
        if includesNonFinite {
            specials += [.nan, .infinity, -.infinity]
        }
        specialValues = specials
    }

    /// A fresh value: 1/8 a special value, 1/16 a raw bit pattern if it lies in the domain,
    /// otherwise uniform on [lower, upper].
    ///
    /// Uniform method: u from ``Xoshiro256StarStar/nextUnitDouble()`` (top 53 bits × 2^-53),
    /// then `lower + (upper - lower) * u`, or `lower * (1 - u) + upper * u` when the width
    /// overflows; clamped to the bounds against rounding.
    @inline(__always)
    func generate(_ rng: inout Xoshiro256StarStar) -> Double {
        let selector = rng.next()
        if selector < Self.specialThreshold {
            return specialValues[Int(selector % UInt64(specialValues.count))]
        }
        if selector < Self.rawBitsThreshold {
            let raw = Double(bitPattern: rng.next())
            if raw >= lower, raw <= upper, raw != 0 || raw.sign == .plus || allowsNegativeZero {
                return raw
            }
        }
        let u = rng.nextUnitDouble()
        let width = upper - lower
        let value = width.isFinite ? lower + width * u : lower * (1 - u) + upper * u
        return Swift.min(Swift.max(value, lower), upper)
    }

    /// The valid value nearest to a replayed `value`: NaN becomes the simplest value and
    /// infinities are clamped unless non-finite values are allowed; finite values are
    /// clamped to the bounds; -0.0 becomes +0.0 where it is not allowed.
    @inline(__always)
    func normalize(_ value: Double) -> Double {
        if value.isNaN {
            return includesNonFinite ? .nan : normalize(0)
        }
        if value.isInfinite, includesNonFinite {
            return value
        }
        let clamped = Swift.min(Swift.max(value, lower), upper)
        if clamped == 0, clamped.sign == .minus, !allowsNegativeZero {
            return 0
        }
        return clamped
    }
}
