/// Elementary functions for ZoomCheck's own figures, computed in double-double from
/// IEEE-exact operations only (+, −, ×, ÷, √) and rounded once: the references the
/// properties compare against, their error budgets, the edges a region reading gives, the
/// world's width at a zoom, and the double-precision calls of the seed ports. A platform's
/// libm may differ from another's in the last bit (glibc, musl, Apple's, V8's); these give
/// the same bits everywhere, so a seed gives the same cases, verdicts, counterexamples and
/// messages on every machine.
///
/// Each is correctly rounded unless the exact value lies within about 2^−95 of a rounding
/// midpoint (the series are truncated below 2^−100 relative, and each double-double step
/// loses at most a few units of 2^−106), which is why they agree with glibc's nearly
/// correctly rounded functions except in rare last bits. `PortableMathTests` holds each
/// within an ulp of the platform's function over every binade of its domain.
///
/// Speed: the series cost a microsecond or more a call. Each public function first tries a
/// table-driven fast path with a proven error bound (`FastExponential`, `FastArctangent`,
/// `FastLogarithm`, `FastSine`, `FastGudermannian`) and returns its rounding only when every
/// value within that bound and the series' own bound rounds to the same double
/// (`DoubleDouble.roundedIfUnambiguous`): the series' double, bit for bit (`FastPathTests`).
/// The series runs for the rest, well under 1% of arguments.
///
/// Not for the implementations under test: the corrected core and the panels use the
/// platform's functions, as real code does, and are judged by properties with budgets.
extension PortableMath {
    // MARK: - Double-double kernels

    /// 1/k!, k = 0…27: e^r by Horner for |r| < 0.7, truncation below 2^−110.
    static let exponentialCoefficients: [DoubleDouble] = {
        var coefficients = [DoubleDouble(1)]
        while coefficients.count < 28 {
            coefficients.append(coefficients.last! / DoubleDouble(Double(coefficients.count)))
        }
        return coefficients
    }()

    /// (−1)^k/(2k+1), k = 0…26: atan r by Horner in r² for |r| ≤ tan(π/16) ≈ 0.199
    /// (r^54/55 < 2^−128).
    static let arctangentCoefficients: [DoubleDouble] = (0..<27).map { k in
        let term = DoubleDouble(1) / DoubleDouble(Double(2 * k + 1))
        return k % 2 == 0 ? term : -term
    }

    /// 180/π as a double-double (90 ÷ π/2).
    static let degreesPerRadian = DoubleDouble(90) / DoubleDouble.halfPi
    /// π/180 as a double-double (π/2 ÷ 90).
    static let radiansPerDegree = DoubleDouble.halfPi / DoubleDouble(90)

    /// √a for a ≥ 0: the double root and one Newton correction, (a − s²)/(2s), with s² exact.
    static func squareRoot(_ a: DoubleDouble) -> DoubleDouble {
        guard a.hi > 0 else { return DoubleDouble(0) }
        let s = a.hi.squareRoot()
        let residual = a - DoubleDouble.twoProduct(s, s)
        return DoubleDouble.fastTwoSum(s, residual.hi / (2 * s))
    }

    /// e^x = 2^k · m for finite x with |x| < 746: x/ln 2 = k + f with k = ⌊x/ln 2⌋ (so f in
    /// [0, 1), up to a double-double's last unit), m = e^(f·ln 2) in [1, 2) from its series.
    static func exponential(_ x: DoubleDouble) -> (exponent: Int, significand: DoubleDouble) {
        let t = x / DoubleDouble.ln2
        let whole = t.hi.rounded(.down)
        let fraction = t - DoubleDouble(whole)
        let significand = Horner.evaluate(exponentialCoefficients, at: DoubleDouble.ln2 * fraction)
        return (Int(whole), significand)
    }

    /// The bound on `exponential`'s relative error (2^k·m against e^x): 2^−92 + |x|·2^−98.
    /// x/ln 2 is one double-double division (below 2^−100 relative), an absolute error of
    /// |x|·2^−100/ln 2 in t and so a relative one of |x|·2^−100 in e^x; f = t − ⌊t⌋ is exact;
    /// ln 2·f is one product (2^−104); the Horner sum of 28 positive terms takes 27 products and
    /// 27 additions, each within 5·2^−106, on partial sums that only grow: below 2^−94.7, and the
    /// truncation below 2^−110. 2^−92 keeps a factor of 4 over the sum, |x|·2^−98 one of 4
    /// over the division.
    static func exponentialError(_ x: Double) -> Double { 0x1p-92 + x.magnitude * 0x1p-98 }

    /// e^x in double-double for |x| ≤ 700 (no overflow of either part).
    static func accurateExp(_ x: DoubleDouble) -> DoubleDouble {
        let (exponent, m) = exponential(x)
        let scale = Double(sign: .plus, exponent: exponent, significand: 1)
        return DoubleDouble(m.hi * scale, m.lo * scale)
    }

    /// sinh x in double-double for |x| ≤ 700: (e^x − e^−x)/2, whose cancellation for small
    /// |x| costs log2(1/|x|) of the 106 bits (still below 2^−60 relative at |x| = 2^−40;
    /// smaller |x| return x, whose error x²/6 is below 2^−81).
    static func accurateSinh(_ x: DoubleDouble) -> DoubleDouble {
        guard x.hi.magnitude >= 0x1p-40 else { return x }
        let e = accurateExp(x)
        return (e - DoubleDouble(1) / e) * 0.5
    }

    /// atan x in double-double for finite x: π/2 − atan(1/x) above 1, then two halvings of
    /// the angle, r → r / (1 + √(1 + r²)), down to |r| ≤ tan(π/16), then the series, × 4.
    static func accurateAtan(_ x: DoubleDouble) -> DoubleDouble {
        let negative = x.hi.sign == .minus
        let magnitude = negative ? -x : x
        let inverted = magnitude.hi > 1
        var r = inverted ? DoubleDouble(1) / magnitude : magnitude
        for _ in 0..<2 { r = r / (DoubleDouble(1) + squareRoot(DoubleDouble(1) + r * r)) }
        var angle = Horner.evaluate(arctangentCoefficients, at: r * r) * r * 4
        if inverted { angle = DoubleDouble.halfPi - angle }
        return negative ? -angle : angle
    }

    /// sin of an angle in degrees, in double-double, for |φ| ≤ 90: the series on φ·π/180.
    static func accurateSine(degrees: DoubleDouble) -> DoubleDouble { sineSeries(radians: radiansPerDegree * degrees) }

    /// sin r in double-double for |r| ≤ π/2: the 20-term Taylor series.
    static func sineSeries(radians r: DoubleDouble) -> DoubleDouble {
        Horner.evaluate(AccurateMercator.sineCoefficients, at: r * r) * r
    }

    // MARK: - Doubles, rounded once

    /// e^x.
    public static func exp(_ x: Double) -> Double {
        guard x.isFinite else { return x.isNaN ? x : (x > 0 ? .infinity : 0) }
        guard x < 709.8 else { return .infinity }
        guard x > -746 else { return 0 }
        if let fast = FastExponential.exp(x) { return fast }
        let (exponent, m) = exponential(DoubleDouble(x))
        // m in [1, 2) rounded once, then scaled exactly (one more rounding when subnormal).
        return Double(sign: .plus, exponent: exponent, significand: m.value)
    }

    /// atan x in radians; ±π/2 (rounded) at ±∞.
    public static func atan(_ x: Double) -> Double {
        guard x.isFinite else { return x.isNaN ? x : (x > 0 ? DoubleDouble.halfPi.hi : -DoubleDouble.halfPi.hi) }
        if let fast = FastArctangent.atan(x) { return fast }
        return accurateAtan(DoubleDouble(x)).value
    }

    /// log2 x: ln x / ln 2 (NaN below 0, −∞ at 0, +∞ at +∞); exact for powers of two.
    public static func log2(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : (x.isNaN || x < 0 ? .nan : .infinity) }
        if x.significand == 1 { return Double(x.exponent) }
        if let fast = FastLogarithm.log2(x) { return fast }
        return (naturalLogarithm(x) / DoubleDouble.ln2).value
    }

    /// ln x (NaN below 0, −∞ at 0, +∞ at +∞).
    public static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : (x.isNaN || x < 0 ? .nan : .infinity) }
        if let fast = FastLogarithm.log(x) { return fast }
        return naturalLogarithm(x).value
    }

    /// ln x in double-double for a positive finite x; a subnormal is scaled by 2^54 first
    /// (exact), whose logarithm is then taken off.
    static func naturalLogarithm(_ x: Double) -> DoubleDouble {
        guard x < .leastNormalMagnitude else { return AccurateMercator.logarithm(DoubleDouble(x)) }
        return AccurateMercator.logarithm(DoubleDouble(x * 0x1p54)) - DoubleDouble.ln2 * 54
    }

    /// cos x for |x| ≤ π/2 (radians): sin(π/2 − x) with π/2 in double-double.
    public static func cos(_ x: Double) -> Double {
        let complement = DoubleDouble.halfPi - DoubleDouble(Swift.min(x.magnitude, DoubleDouble.halfPi.hi))
        if let fast = FastSine.sine(radians: complement) { return fast }
        return sineSeries(radians: complement).value
    }

    /// sin φ of an angle in degrees, any finite φ (reduced exactly modulo 360).
    public static func sine(degrees: Double) -> Double {
        guard degrees.isFinite else { return .nan }
        var angle = degrees.truncatingRemainder(dividingBy: 360)  // exact
        if angle > 180 { angle -= 360 } else if angle < -180 { angle += 360 }  // exact (Sterbenz)
        // sin φ = sin(±180 − φ) brings |φ| within 90; 180 − |φ| is exact for |φ| ≥ 90.
        if angle > 90 { angle = 180 - angle } else if angle < -90 { angle = -180 - angle }
        if let fast = FastSine.sine(degrees: DoubleDouble(angle)) { return fast }
        return accurateSine(degrees: DoubleDouble(angle)).value
    }

    /// cos φ of an angle in degrees, any finite φ: sin(90° − |φ|), the subtraction kept in
    /// double-double so that cos φ near the poles keeps its relative accuracy.
    public static func cosine(degrees: Double) -> Double {
        guard degrees.isFinite else { return .nan }
        var angle = degrees.truncatingRemainder(dividingBy: 360).magnitude  // exact
        if angle > 180 { angle = 360 - angle }  // exact
        let complement = DoubleDouble(90) - DoubleDouble(angle)
        if let fast = FastSine.sine(degrees: complement) { return fast }
        return accurateSine(degrees: complement).value
    }

    /// The Gudermannian in degrees, gd ψ = atan(sinh ψ) · 180/π, for a ψ in radians; ±90 once
    /// the colatitude is below half an ulp of 90 (|ψ| above about 37.4).
    public static func gudermannian(degreesOf psi: Double) -> Double { gudermannian(degreesOf: DoubleDouble(psi)) }

    /// The Gudermannian of a ψ given in double-double (a reference's ψ kept unrounded).
    public static func gudermannian(degreesOf psi: DoubleDouble) -> Double {
        guard psi.hi.isFinite else { return psi.hi.isNaN ? psi.hi : (psi.hi > 0 ? 90 : -90) }
        guard psi.hi.magnitude < 40 else { return psi.hi > 0 ? 90 : -90 }
        if let fast = FastGudermannian.gudermannian(degreesOf: psi) { return fast }
        return gudermannianSeries(psi).value
    }

    /// gd ψ in degrees in double-double, |ψ| < 40: atan(sinh ψ)·180/π.
    static func gudermannianSeries(_ psi: DoubleDouble) -> DoubleDouble {
        accurateAtan(accurateSinh(psi)) * degreesPerRadian
    }

    /// The bound on `gudermannianSeries`' relative error at |ψ| = `magnitude` < 40:
    /// (1 + 1/|ψ|)·2^−91 from |ψ| = 2^−40 up, 2^−82 below.
    ///
    /// e^ψ errs by below 2^−92 + 40·2^−98 < 2^−91.39 (`exponentialError`), 1/e^ψ by 2^−100 more;
    /// e^ψ − e^−ψ keeps their absolute errors, (e^ψ + e^−ψ)·2^−91.39, which is coth|ψ| ≤
    /// 1 + 1/|ψ| times 2^−91.39 of the difference. The arctangent passes a relative error on
    /// with a condition below 1 and adds below 2^−95.5 (`FastArctangent.seriesError`'s
    /// derivation); the product with 180/π below 2^−99.9: in all below (1 + 1/|ψ|)·2^−91.39 +
    /// 2^−95.3 < (1 + 1/|ψ|)·2^−91. Below 2^−40, sinh ψ is taken as ψ: ψ²/6 < 2^−82.5.
    static func gudermannianSeriesError(_ magnitude: Double) -> Double {
        magnitude < 0x1p-40 ? 0x1p-82 : (1 + 1 / magnitude) * 0x1p-91
    }
}
