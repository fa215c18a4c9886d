/// Single-precision generators, with the same edge-case bias as the double generators.
extension Gen where Value == Float {
    /// A `Float` in `range`, biased toward boundary and awkward values.
    ///
    /// Like ``Gen/double(in:includeNonFinite:)``, at `Float`'s precision: one draw in 8 is a
    /// special value inside the range (the bounds and their `Float` neighbours, ±0, ±1, the
    /// smallest subnormal and normal `Float` magnitudes, ±`Float.greatestFiniteMagnitude`,
    /// and NaN/±∞ with `includeNonFinite`), one in 16 a raw 32-bit pattern, the rest uniform
    /// (computed in double, rounded to the nearest `Float`, clamped to the range). The
    /// choice is the value as a double (exact), so shrinking is the double's: toward
    /// integers, fewer digits, smaller magnitudes, positive before negative.
    public static func float(in range: ClosedRange<Float>, includeNonFinite: Bool = false) -> Gen<Float> {
        let domain = DoubleDomain(
            Double(range.lowerBound)...Double(range.upperBound), includesNonFinite: includeNonFinite,
            singlePrecision: true)
        return Gen<Double> { source throws(GenerationRejection) in
            try source.chooseDouble(generated: { domain.generate(&$0) }, normalize: { domain.normalize($0) })
        }.map { Float($0) }
    }

    /// A `Float` in the half-open `range` (its upper bound excluded).
    ///
    /// - Precondition: `range` is not empty.
    public static func float(in range: Range<Float>) -> Gen<Float> {
        precondition(!range.isEmpty, "Gen.float(in:) needs a non-empty range")
        return float(in: range.lowerBound...range.upperBound.nextDown)
    }
}
