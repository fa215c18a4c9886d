/// The fast path of `PortableMath.atan`: atan y = atan c + atan((y − c)/(1 + y·c)) with c = j/64
/// the table node nearest y in [0, 1] (above 1, π/2 − atan(1/x)), the second term from a short
/// series, then the rounding test (`DoubleDouble.roundedIfUnambiguous`). The same bits as the
/// series alone (two angle halvings, a square root each, and 27 terms in double-double).
///
/// Error, for y = y_hi + y_lo in [0, 1] within 2^−104·y of |x| or 1/|x| (exact, or the quotient
/// corrected once by its exact residual 1 − |x|·q) and z = (y − c)/(1 + y·c), |z| ≤ 1/128 + 2^−60:
/// 1. y − c: y_hi − c is exact (Sterbenz: y_hi is within 1/128 of c ≥ 1/64), then a TwoSum
///    with y_lo. 1 + y·c: a TwoProduct and sums below 2^−52, within 2^−104 relative. The
///    long division (a TwoProduct residual, one correction) adds below 2^−102: z is within
///    2^−101·|z| of the exact quotient of the exact y.
/// 2. atan z = z_hi + (z_lo + z_hi·(s·Ĥ)), H = −1/3 + s/5 − s²/7 + s³/9, s = fl(z_hi²),
///    truncated below z^11/11 < 2^−80: Ĥ's last addition and −1/3's rounding ≤ 2^−55 each,
///    three product roundings 2^−53·|z|³, z_hi for z 2^−53·|z|³, the sum with z_lo
///    2^−54.6·|z|³: relative error below z²·2^−51.5 < 2^−65.5 (z² < 2^−14).
/// 3. Adding the node's angle (the series' own value, relative error below `seriesError`) and
///    the two roundings of the low parts, each ≤ 2^−53·2^−22: below 2^−74.
/// For j ≥ 1 the angle is at least atan(1/128) > 2^−7.01 and the absolute error below
/// 2^−65.5·2^−7 + 2^−74 + 2^−92 < 2^−72.1, so the relative error is below 2^−65.0; for j = 0
/// (z = y, no division) every error term is proportional to y: below 2^−65.4. π/2 − angle
/// (x > 1) keeps the absolute error and is at least π/4. `relativeError` = 2^−62 keeps a
/// factor of 8.
enum FastArctangent {
    /// The bound on the fast value's relative error (derived above).
    static let relativeError = 0x1p-62
    /// The bound on `PortableMath.accurateAtan`'s relative error: 2^−92. 1/x is one
    /// double-double division (below 2^−100); each halving r/(1 + √(1 + r²)) is five
    /// operations within 2^−100 each, and has a relative condition below 1; the 27-term series
    /// in r² ≤ 0.04 alternates with Σ|terms| ≤ 1.03·|sum|, 54 operations within 8·2^−106 each:
    /// below 2^−95.5 in all, and π/2 − angle for x > 1 subtracts at most π/4 from π/2. 2^−92
    /// keeps a factor of 8.
    static let seriesError = 0x1p-92

    /// atan(j/64), j = 0…64: the series' own values, unrounded.
    static let angles: [DoubleDouble] = (0...64).map { PortableMath.accurateAtan(DoubleDouble(Double($0) / 64)) }

    /// H's coefficients: −1/3, 1/5, −1/7, 1/9, each one rounding.
    static let h3 = -1.0 / 3, h5 = 1.0 / 5, h7 = -1.0 / 7, h9 = 1.0 / 9

    /// atan x for 2^−500 ≤ |x| ≤ 2^500 when the rounding test decides it; nil otherwise.
    static func atan(_ x: Double) -> Double? {
        guard let angle = value(ofMagnitude: x.magnitude),
            let rounded = angle.roundedIfUnambiguous(relativeError: relativeError + seriesError)
        else { return nil }
        return x.sign == .minus ? -rounded : rounded
    }

    /// atan |x| unrounded (within `relativeError`) for 2^−500 ≤ |x| ≤ 2^500; nil otherwise.
    @inline(__always) static func value(ofMagnitude magnitude: Double) -> DoubleDouble? {
        guard magnitude >= 0x1p-500, magnitude <= 0x1p500 else { return nil }
        let inverted = magnitude > 1
        var y = DoubleDouble(magnitude)
        if inverted {
            // 1/x: q and the exact residual 1 − x·q (an FMA), one correction.
            let q = 1 / magnitude
            y = DoubleDouble.fastTwoSum(q, (1.0).addingProduct(-magnitude, q) / magnitude)
        }
        let j = (y.hi * 64).rounded()
        let c = j / 64
        var z = y
        if j != 0 {
            let numerator = DoubleDouble.twoSum(y.hi - c, y.lo)
            let product = DoubleDouble.twoProduct(y.hi, c)
            let sum = DoubleDouble.fastTwoSum(1, product.hi)
            let denominator = DoubleDouble(sum.hi, sum.lo + (product.lo + y.lo * c)).normalised
            z = DoubleDouble.quotient(numerator, denominator)
        }
        let square = z.hi * z.hi
        let correction = z.lo + z.hi * (square * (h3 + square * (h5 + square * (h7 + square * h9))))
        let node = angles[Int(j)]
        let sum = DoubleDouble.twoSum(node.hi, z.hi)
        var angle = DoubleDouble(sum.hi, sum.lo + (node.lo + correction))
        if inverted {
            let difference = DoubleDouble.twoSum(DoubleDouble.halfPi.hi, -angle.hi)
            angle = DoubleDouble(difference.hi, difference.lo + (DoubleDouble.halfPi.lo - angle.lo))
        }
        return angle
    }
}
