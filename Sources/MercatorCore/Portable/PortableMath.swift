/// Sine and arcsine in binary64 from IEEE-exact operations only (+, −, ×, ÷, √), so that
/// the same input gives the same bits on every platform: for code whose *output decides
/// something pinned*, such as which case a seed generates, where a libm's last bit must not.
///
/// Faithful, not correctly rounded: within 2 ulps of the exact value (checked against
/// mpmath in `PortableMathTests`). Use the platform's functions where speed matters and
/// the last bit decides nothing.
public enum PortableMath {
    /// sin x for |x| ≤ π/2 (radians); larger arguments are outside the contract and give
    /// the Taylor sum at the clamped argument.
    public static func sin(_ x: Double) -> Double {
        let magnitude = Swift.min(x.magnitude, DoubleDouble.halfPi.hi)
        let value: Double
        if magnitude <= 0.785_398_163_397_448_3 {
            value = Horner.evaluate(CorrectlyRounded.sineCoefficients, at: magnitude * magnitude) * magnitude
        } else {
            // sin x = cos(π/2 − x); π/2.hi − x is exact (Sterbenz: x is within a factor 2).
            let complement = (DoubleDouble.halfPi.hi - magnitude) + DoubleDouble.halfPi.lo
            value = Horner.evaluate(CorrectlyRounded.cosineCoefficients, at: complement * complement)
        }
        return x.sign == .minus ? -value : value
    }

    /// asin z in radians for |z| ≤ 1; NaN outside.
    ///
    /// |z| ≤ ½: the Maclaurin series Σ c_k z^(2k+1), c_(k+1) = c_k (2k+1)²/((2k+2)(2k+3)),
    /// 28 terms (z² ≤ ¼, so the tail is below 2^−57 relative). Above: asin z =
    /// π/2 − 2·asin(√((1 − z)/2)), where 1 − z is exact (Sterbenz) and the square root
    /// correctly rounded.
    public static func asin(_ z: Double) -> Double {
        let magnitude = z.magnitude
        guard magnitude <= 1 else { return .nan }
        let value: Double
        if magnitude <= 0.5 {
            value = Horner.evaluate(arcsineCoefficients, at: magnitude * magnitude) * magnitude
        } else {
            let half = ((1 - magnitude) / 2).squareRoot()
            let inner = Horner.evaluate(arcsineCoefficients, at: half * half) * half
            value = (DoubleDouble.halfPi.hi - 2 * inner) + DoubleDouble.halfPi.lo
        }
        return z.sign == .minus ? -value : value
    }

    /// The arcsine's Maclaurin coefficients, each one IEEE operation chain from the last.
    static let arcsineCoefficients: [Double] = {
        var coefficients = [1.0]
        while coefficients.count < 28 {
            let k = Double(coefficients.count - 1)
            coefficients.append(coefficients.last! * ((2 * k + 1) * (2 * k + 1)) / ((2 * k + 2) * (2 * k + 3)))
        }
        return coefficients
    }()

    /// 2^z from IEEE-exact operations: 2^⌊z⌋ (exact) times 2^f, f = z − ⌊z⌋ in [0, 1), from
    /// `exp2Series` (relative error below `exp2SeriesError`) rounded once: correctly rounded
    /// unless 2^f lies within about 2^−95 of a rounding midpoint. Exact for integers; 0 below
    /// −1075, +∞ from 1024; NaN for NaN. For generation, where the platform's `exp2` must not
    /// decide which case a seed gives. `FastExponential.powerOfTwo` gives the same double for
    /// almost every f from a table, and the series runs only where it cannot decide.
    public static func exp2(_ z: Double) -> Double {
        guard z.isFinite else { return z.isNaN ? z : (z > 0 ? .infinity : 0) }
        guard z < 1024 else { return .infinity }
        guard z >= -1075 else { return 0 }
        let whole = z.rounded(.down), fraction = z - whole  // both exact
        if fraction == 0 { return Double(sign: .plus, exponent: Int(whole), significand: 1) }
        // The significand in [1, 2] rounded once, then scaled by 2^whole: exact unless the
        // result is subnormal, where the one rounding happens here instead.
        if let significand = FastExponential.powerOfTwo(fraction: fraction) {
            return Double(sign: .plus, exponent: Int(whole), significand: significand)
        }
        let sum = exp2Series(fraction: fraction)
        return Double(sign: .plus, exponent: Int(whole), significand: sum.hi + sum.lo)
    }

    /// 2^f = e^(f·ln 2) for f in [0, 1] in double-double: its Taylor series, 26 terms
    /// ((ln 2)^27/27! < 2^−107), each term the last times t/k.
    static func exp2Series(fraction: Double) -> DoubleDouble {
        var term = DoubleDouble(1), sum = DoubleDouble(1)
        let t = DoubleDouble.ln2 * fraction
        for k in 1...26 {
            term = term * t / DoubleDouble(Double(k))
            sum = sum + term
        }
        return sum
    }

    /// The bound on `exp2Series`' relative error: 2^−92. t = ln 2·f errs by below 2^−104
    /// relative (the constant to 107 bits, one double-double product); term k is k products and
    /// k divisions from 1, each within 2^−100 relative (Joldes–Muller–Popescu bound the product
    /// by 5·2^−106; the three-step long division by below 8·2^−106), so term k errs by below
    /// k·2^−99 relative and the sum of these positive terms, whose first is 1, by below
    /// 26·2^−99 + 26·3·2^−106 (the additions) + 2^−107 (truncation) < 2^−94.2. 2^−92 keeps a
    /// factor of 4.
    static let exp2SeriesError = 0x1p-92
}
