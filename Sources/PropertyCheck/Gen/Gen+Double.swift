/// Double generators biased toward boundary and awkward values.
extension Gen where Value == Double {
    /// A double in `range`, biased toward boundary and awkward values.
    ///
    /// About one draw in 8 is a special value inside the range: either bound, the neighbours
    /// of the bounds (`nextUp`/`nextDown`), 0, -0.0 (when the range reaches below zero or
    /// starts at -0.0), ±1, the smallest subnormal and normal magnitudes, ±greatest finite
    /// magnitude, and — only when `includeNonFinite` is true — NaN, +∞ and -∞. About one in
    /// 16 tries a raw 64-bit pattern (reaching every binade of a wide range). The rest are
    /// uniform on the range (see `DoubleDomain.generate(_:)`).
    ///
    /// Infinite bounds are clipped to ±greatestFiniteMagnitude; infinities and NaN appear
    /// only with `includeNonFinite`.
    ///
    /// Shrinking: toward integers first, then fewer significant digits, then smaller
    /// magnitude; positive before negative (see `DoubleLexEncoding`).
    public static func double(in range: ClosedRange<Double>, includeNonFinite: Bool = false) -> Gen<Double> {
        let domain = DoubleDomain(range, includesNonFinite: includeNonFinite)
        return Gen { source throws(GenerationRejection) in
            try source.chooseDouble(generated: { domain.generate(&$0) }, normalize: { domain.normalize($0) })
        }
    }
}
