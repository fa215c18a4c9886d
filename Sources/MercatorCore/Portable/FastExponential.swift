/// The fast path of `PortableMath.exp2` and `PortableMath.exp`: 2^(j/64) from a table times
/// e^x, |x| ≤ X = 0.00542 (just over ln 2/128), from a short series, then the rounding test
/// (`DoubleDouble.roundedIfUnambiguous`). The same bits as the series alone, at a few percent
/// of its cost: the series takes 26 double-double divisions.
///
/// Error of `scaled(_:byExpOf:_:)`, for T = T_hi + T_lo = 2^(j/64)(1 + τ), |τ| ≤ 2^−92, and
/// x = x_hi + x_lo with |x| ≤ X and |x_lo| ≤ 2^−52·|x_hi|. It returns T_hi + T_hi·x_hi (exact)
/// + [T_lo + T_hi·a + T_lo·x_hi] with a = x_lo + q and q = x_hi²·G(x_hi), G(y) = 1/2 + y/6 +
/// … + y⁵/5040, so that 1 + x + x²G(x) is e^x truncated after x⁷. Absolute errors, e^x ≤ 1.0055:
/// 1. Truncation: Σ_(k≥8) X^k/k! < 1.01·X⁸/8! < 2^−75.
/// 2. x_hi for x in x²G(x): |x_lo|·max|d(x²G)/dx| = |x_lo|·(e^X − 1) ≤ 2^−52·X·0.00544 < 2^−67.0.
/// 3. G in doubles: the last step adds 0.5 to a term below 0.001, one rounding ≤ 2^−54; the
///    inner steps err by less than 2^−62 (the coefficients' roundings times |x| ≤ 2^−7.5).
///    q = fl(fl(x_hi²)·Ĝ) then errs by ≤ X²·(2^−53.9 + 0.501·2·2^−53) < 2^−67.4 (X² < 2^−15.05).
/// 4. a = fl(x_lo + q), |a| < 1.48e-5 < 2^−16: one rounding ≤ 2^−70.
/// 5. The bracket: T_hi·a < 2.95e-5 < 2^−15 and every partial sum stays below 2^−15, so each of
///    its five roundings is ≤ 2^−69 (half an ulp in [2^−16, 2^−15)): ≤ 5·2^−69 < 2^−66.6.
///    The term dropped, T_lo·a, is below 2^−52·2^−16 = 2^−68.
/// 6. The table: |τ|·T ≤ 2^−91.
/// Items 1–4 are errors in e^x, scaled by T ≤ 2: 2·(2^−75 + 2^−67.0 + 2^−67.4 + 2^−70) < 2^−65.0.
/// With 5 and 6 the total is below 2^−65.0 + 2^−66.6 + 2^−68 + 2^−91 < 2^−64.4, and the value
/// is at least e^−X > 0.994, so the relative error is below 2^−64.4: `relativeError` = 2^−62
/// keeps a factor of 5.
enum FastExponential {
    /// The bound on `scaled(_:byExpOf:_:)`'s relative error (derived above).
    static let relativeError = 0x1p-62

    /// 2^(j/64), j = 0…64: the double-double series of `PortableMath.exp2` itself, unrounded
    /// (relative error below 2^−92, `PortableMath.exp2Series`).
    static let powersOfTwo: [DoubleDouble] = (0...64).map { PortableMath.exp2Series(fraction: Double($0) / 64) }

    /// G's coefficients after the first: 1/3!, 1/4!, 1/5!, 1/6!, 1/7!, each one rounding.
    static let c3 = 1.0 / 6, c4 = 1.0 / 24, c5 = 1.0 / 120, c6 = 1.0 / 720, c7 = 1.0 / 5040

    /// T·e^x, unnormalised (hi + lo), for |x| ≤ 0.00542 and |xLo| ≤ 2^−52·|xHi|.
    @inline(__always) static func scaled(_ t: DoubleDouble, byExpOf xHi: Double, _ xLo: Double) -> DoubleDouble {
        let g = 0.5 + xHi * (c3 + xHi * (c4 + xHi * (c5 + xHi * (c6 + xHi * c7))))
        let a = xLo + (xHi * xHi) * g
        let p = DoubleDouble.twoProduct(t.hi, xHi)
        let s = DoubleDouble.fastTwoSum(t.hi, p.hi)
        return DoubleDouble(s.hi, s.lo + (p.lo + (t.lo + (t.hi * a + t.lo * xHi))))
    }

    /// 2^f for a fraction f in (0, 1), rounded to a double in [1, 2], when the rounding test
    /// decides it; nil otherwise.
    ///
    /// f = j/64 + r with j = round(64f) and |r| ≤ 1/128, exactly: f − j/64 is a multiple of
    /// ulp(f) no larger than f (for j = 0 it is f), so it is a double. x = r·ln 2 in double-double
    /// (TwoProduct, plus r·ln2.lo: error below 2^−105·|x|), normalised.
    static func powerOfTwo(fraction: Double) -> Double? {
        powerOfTwoValue(fraction: fraction).roundedIfUnambiguous(
            relativeError: relativeError + PortableMath.exp2SeriesError)
    }

    /// 2^f for a fraction f in (0, 1), unrounded (within `relativeError`).
    @inline(__always) static func powerOfTwoValue(fraction: Double) -> DoubleDouble {
        let j = (fraction * 64).rounded()
        let r = fraction - j / 64
        let product = DoubleDouble.twoProduct(r, DoubleDouble.ln2.hi)
        let x = DoubleDouble.fastTwoSum(product.hi, product.lo + r * DoubleDouble.ln2.lo)
        return scaled(powersOfTwo[Int(j)], byExpOf: x.hi, x.lo)
    }

    /// ln 2/64 in three parts, L1 + L2 + L3 = ln2/64 as the double-double `DoubleDouble.ln2`
    /// gives it: L1 keeps 36 significant bits, so N·L1 is exact for |N| < 2^17.
    static let lnTwoOver64 = (
        first: Double(bitPattern: (DoubleDouble.ln2.hi / 64).bitPattern & ~0x1_FFFF),
        second: DoubleDouble.ln2.hi / 64 - Double(bitPattern: (DoubleDouble.ln2.hi / 64).bitPattern & ~0x1_FFFF),
        third: DoubleDouble.ln2.lo / 64
    )

    /// e^x for −700 ≤ x ≤ 709 (normal results), when the rounding test decides it; nil otherwise.
    ///
    /// x = N·ln2/64 + r with N = round(x·64/ln 2), |N| < 2^16, and |r| ≤ ln2/128·(1 + 2^−36) <
    /// 0.00542 (N may be off by one at a tie from the rounded product, which moves |r| by at most
    /// 2^−36 of ln2/64). x − N·L1 is exact (N·L1 is; x and it are within a factor 2 when N ≠ 0,
    /// Sterbenz); N·L2 is exact as a TwoProduct; N·L3 and the two sums below err by less than
    /// 2^−53·2^−46 in all. With N = 64k + j, e^x = 2^k · 2^(j/64) · e^r; the rounding test is made
    /// on 2^(j/64)·e^r, in [0.99, 2.02], and scaling by 2^k keeps every rounding interval (normal
    /// results): the same double as the series' 2^whole · m rounded.
    static func exp(_ x: Double) -> Double? {
        let error = relativeError + PortableMath.exponentialError(x)
        guard let (k, value) = expValue(x), let significand = value.roundedIfUnambiguous(relativeError: error) else {
            return nil
        }
        return Double(sign: .plus, exponent: k, significand: significand)
    }

    /// e^x = 2^k·v for −700 ≤ x ≤ 709, v unrounded (within `relativeError`); nil for other x.
    @inline(__always) static func expValue(_ x: Double) -> (exponent: Int, value: DoubleDouble)? {
        guard x >= -700, x <= 709 else { return nil }
        let n = (x * 92.332_482_616_893_66).rounded()  // 64/ln 2
        let parts = lnTwoOver64
        let reduced = x - n * parts.first
        let product = DoubleDouble.twoProduct(n, parts.second)
        let sum = DoubleDouble.twoSum(reduced, -product.hi)
        let r = DoubleDouble.twoSum(sum.hi, sum.lo - product.lo - n * parts.third)
        let whole = Int(n)
        let j = whole & 63, k = whole >> 6  // floor division: N = 64k + j, j in 0…63
        return (k, scaled(powersOfTwo[j], byExpOf: r.hi, r.lo))
    }
}
