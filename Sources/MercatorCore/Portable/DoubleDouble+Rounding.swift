/// The fast paths' rounding test (Ziv's strategy, as `CorrectlyRounded` applies it to binary32).
///
/// Each double-double function of `PortableMath` and `AccurateMercator` has a fast path: a short
/// evaluation from a table with a proven bound B_fast on its error, and the double-double series
/// with its own proven bound B_series. The function's result has always been the double nearest
/// to the series' value V_series. If the fast value V_fast lies farther than B_fast + B_series
/// from every rounding midpoint, V_series lies in the same rounding interval as V_fast (both lie
/// within B_series + B_fast of it, on the same side of every midpoint: |V_series − V_fast| ≤
/// |V_series − exact| + |exact − V_fast|), so the double nearest to V_fast is the double nearest
/// to V_series, bit for bit. Otherwise the fast path returns nil and the series runs as before.
/// The result is therefore the same bits as before for every input; only its cost changes.
extension DoubleDouble {
    /// The double nearest to this value when every real within `relativeError` · |value|
    /// (+ `absoluteError`) of it rounds to that same double; nil when that interval reaches a
    /// rounding midpoint, or when the value is zero, subnormal, below 2^−1000 or not finite.
    ///
    /// The test: n = hi + lo exactly as s + e (TwoSum, s the double nearest), g the smaller of
    /// the gaps from s to its neighbours (half an ulp below a power of two). Every real within
    /// E = ρ·|n| + α of s + e rounds to s when |e| + E < g/2 (strictly: a tie could go either
    /// way). In doubles: |s|·ρ·(1 + 2^−50) exceeds ρ·|n| by more than the two roundings of its
    /// computation can take away (|n| ≤ |s|·(1 + 2^−53)), and the two additions round down by
    /// at most 2^−53 relative each, so the exact |e| + E is below the computed sum times
    /// (1 + 2^−51); requiring the computed sum to be at most g/2·(1 − 2^−40) (exact: g is a
    /// power of two) leaves the exact one strictly below g/2.
    @inline(__always) func roundedIfUnambiguous(relativeError: Double, absoluteError: Double = 0) -> Double? {
        let n = DoubleDouble.twoSum(hi, lo)
        let magnitude = n.hi.magnitude
        guard magnitude >= 0x1p-1000, magnitude.isFinite else { return nil }
        // ulp(s) is the gap above; below a power of two the gap below is half of it.
        let gap = magnitude.significandBitPattern == 0 ? magnitude.ulp / 2 : magnitude.ulp
        let bound = magnitude * relativeError * (1 + 0x1p-50) + absoluteError
        return n.lo.magnitude + bound <= gap * (0.5 - 0x1p-41) ? n.hi : nil
    }
}

/// The fast paths' two compound steps, cheaper than the "accurate" operators (`DoubleDouble`'s
/// `+`, `*`, `/`) because their inputs are known to be small corrections of a leading double.
extension DoubleDouble {
    /// hi + lo as a normalised pair (FastTwoSum, exact), for a leading double and corrections
    /// smaller than it.
    @inline(__always) var normalised: DoubleDouble { DoubleDouble.fastTwoSum(hi, lo) }

    /// n/d for normalised n and d (|lo| ≤ ulp(hi)/2): the double quotient q corrected once by
    /// the residual n − d·q, whose leading part n.hi − fl(d.hi·q) is exact (Sterbenz) and whose
    /// TwoProduct error is exact; the remaining terms err by a few units of 2^−53·ulp(n.hi).
    /// Relative error below 2^−101 (the correction's rounding, d.lo's share of it, and those
    /// roundings, each below 2^−103).
    @inline(__always) static func quotient(_ n: DoubleDouble, _ d: DoubleDouble) -> DoubleDouble {
        let q = n.hi / d.hi
        let product = twoProduct(d.hi, q)
        let residual = ((n.hi - product.hi) - product.lo) + n.lo - d.lo * q
        return DoubleDouble(q, residual / d.hi)
    }
}
