/// The fast path of `PortableMath.log` and `PortableMath.log2`: ln x = e·ln 2 + ln c +
/// 2·atanh((m − c)/(m + c)) for x = 2^e·m, m in [0.75, 1.5), and c = j/64 the table node
/// nearest m, then the rounding test (`DoubleDouble.roundedIfUnambiguous`). The same bits as
/// the double-double series (a quotient and 25 terms).
///
/// m in [0.75, 1.5) rather than [1, 2): x just below 1 keeps e = 0 and c = 1, so ln x is the
/// series term alone and keeps its relative accuracy (with m in [1, 2) it would be
/// ln 2 − ln 2 + a small term, cancelling).
///
/// Error, for z = (m − c)/(m + c), |z| ≤ (1/128)/1.49 < 2^−7.57:
/// 1. m − c is exact (both in [0.74, 1.51], within a factor 2: Sterbenz); m + c a TwoSum,
///    exact; the quotient (`DoubleDouble.quotient`) below 2^−101 relative.
/// 2. 2·atanh z = 2z_hi + 2(z_lo + z_hi·(s·Â)), A = 1/3 + s/5 + s²/7 + s³/9, s = fl(z_hi²),
///    truncated below z^10/11 < 2^−79 relative: Â's last addition and 1/3's rounding ≤ 2^−55
///    each, three product roundings 2^−53·|z|³, z_hi for z 2^−53·|z|³, the sum with z_lo
///    2^−54.6·|z|³: relative error below z²·2^−51.5 < 2^−66.6 (z² < 2^−15.1).
/// 3. e·ln 2: a TwoProduct with ln2.hi plus e·ln2.lo (ln 2 to 2^−107 relative): below
///    2^−105·|e|; ln c the series' own value (`seriesError`, below 2^−94 relative, and
///    |ln c| < 0.41); the sums' low parts, below 2^−104·|ln x| + 2^−104·|e|.
/// The result: for e = 0 and c = 1 the series term alone, relative error below 2^−66.5; for
/// c ≠ 1 or e ≠ 0, |ln x| ≥ ln(1 + 1/128) > 2^−7.01 (e = 0) or > 0.28 (e ≠ 0), and the
/// absolute error below 2·2^−7.57·2^−66.6 + 2^−94·0.41 + 2^−103·(|e| + |ln x|) < 2^−73.1 +
/// 2^−101·|ln x| (|e| ≤ 1.5·|ln x|/ln 2 + 1 for e ≠ 0): relative below 2^−66.0.
/// `relativeError` = 2^−62 keeps a factor of 16.
enum FastLogarithm {
    /// The bound on the fast value's relative error (derived above).
    static let relativeError = 0x1p-62
    /// The bound on `PortableMath.naturalLogarithm`'s relative error for normal x: 2^−94.
    /// ln x = e·ln 2 + 2·atanh s with s = (m − 1)/(m + 1), m in [√½, √2): m − 1 and m + 1 are
    /// exact double-doubles, their quotient within 2^−100, the 25 positive terms in s² ≤ 0.0295
    /// within 2^−97 and the product with s 2^−103: the term errs by below 2^−96.5 relative,
    /// and |2·atanh s| ≤ 0.347. With e ≠ 0, |ln x| ≥ ln 2 − 0.347 > 0.346 and e·ln 2 errs by
    /// below 2^−104·|e ln 2|: below 2^−96.5 relative again. 2^−94 keeps a factor of 5.
    static let seriesError = 0x1p-94

    /// ln(j/64), j = 48…96: the series' own values, unrounded (index j − 48).
    static let logarithms: [DoubleDouble] = (48...96).map { AccurateMercator.logarithm(DoubleDouble(Double($0) / 64)) }

    /// 1/3, 1/5, 1/7, 1/9, each one rounding.
    static let a3 = 1.0 / 3, a5 = 1.0 / 5, a7 = 1.0 / 7, a9 = 1.0 / 9

    /// ln x for a positive normal finite x, unnormalised; nil for other x.
    @inline(__always) static func logarithm(_ x: Double) -> DoubleDouble? {
        guard x >= .leastNormalMagnitude, x.isFinite else { return nil }
        var exponent = Double(x.exponent), m = x.significand
        if m >= 1.5 {
            m /= 2
            exponent += 1
        }
        let j = (m * 64).rounded()
        let c = j / 64
        let sum = DoubleDouble.twoSum(m, c)
        let z = DoubleDouble.quotient(DoubleDouble(m - c), sum)
        let square = z.hi * z.hi
        let atanh = z.lo + z.hi * (square * (a3 + square * (a5 + square * (a7 + square * a9))))
        let node = logarithms[Int(j) - 48]
        let scaled = DoubleDouble.twoProduct(exponent, DoubleDouble.ln2.hi)
        let first = DoubleDouble.twoSum(scaled.hi, node.hi)
        let second = DoubleDouble.twoSum(first.hi, 2 * z.hi)
        let low = second.lo + (first.lo + (scaled.lo + exponent * DoubleDouble.ln2.lo + node.lo + 2 * atanh))
        return DoubleDouble(second.hi, low)
    }

    /// ln x rounded, when the rounding test decides it; nil otherwise.
    static func log(_ x: Double) -> Double? {
        logarithm(x)?.roundedIfUnambiguous(relativeError: relativeError + seriesError)
    }

    /// 1/ln 2 in double-double.
    static let inverseLnTwo = DoubleDouble(1) / DoubleDouble.ln2

    /// log2 x rounded, when the rounding test decides it; nil otherwise. ln x times 1/ln 2 (a
    /// division, below 2^−100, then a TwoProduct and cross terms, below 2^−101); the series
    /// divides by ln 2, another 2^−100.
    static func log2(_ x: Double) -> Double? {
        guard let ln = logarithm(x)?.normalised else { return nil }
        let k = inverseLnTwo
        let product = DoubleDouble.twoProduct(ln.hi, k.hi)
        let value = DoubleDouble(product.hi, product.lo + (ln.hi * k.lo + ln.lo * k.hi))
        return value.roundedIfUnambiguous(relativeError: relativeError + seriesError + 0x1p-98)
    }
}
