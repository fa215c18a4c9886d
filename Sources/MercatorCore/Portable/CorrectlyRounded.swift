/// ZoomCheck's own binary32 `sinf` and `logf`, correctly rounded (to nearest, ties to even)
/// for every input, from IEEE-exact operations only: the same bits on every platform.
///
/// The seed code's single-precision path runs through `sinf` and `logf`, and libms differ in
/// their last bits (glibc's `sinf` is one ulp off the correctly rounded value on 0.0755% of
/// the angles the seed passes). These functions model *a correct* float libm, the most
/// faithful portable reading of the documents' code; `FloatMath.platform` keeps the
/// platform's own.
///
/// Method (Ziv's strategy): a binary64 evaluation whose relative error is below
/// `fastRelativeError`; when the interval `y ± error` rounds to one float, that float is
/// the correctly rounded result (the rounding-ambiguity test). Otherwise — about 2^−20 of
/// inputs — a double-double evaluation (relative error below `accurateRelativeError`) is
/// rounded exactly. The exhaustive test (`ZOOMCHECK_EXHAUSTIVE=1`) checks over all 2^32
/// inputs that the double-double value is never within `accurateRelativeError` of a
/// rounding midpoint (so its rounding is the correct one) and that the fast path agrees
/// with it; `Tests/MercatorCoreTests/Reference/make_hard_cases.py` checks the hardest
/// cases against mpmath at 200 bits.
public enum CorrectlyRounded {
    /// Bound on the binary64 paths' relative error: 2^−47. The evaluation itself stays below
    /// about 2^−50 (a reduced argument good to 2^−53, 9–12 Horner steps of 2^−53 each with
    /// terms shrinking geometrically, a final sum that cancels by at most a factor of 3 in
    /// `log`); 2^−47 leaves a factor of 8.
    public static let fastRelativeError = 0x1p-47
    /// Bound on the double-double paths' relative error: 2^−90. Each step is good to
    /// 2^−102 (Joldes–Muller–Popescu), ~30 steps, truncation below 2^−110.
    public static let accurateRelativeError = 0x1p-90

    /// sin x correctly rounded to binary32. sin(±0) = ±0; NaN and ±∞ give NaN.
    public static func sin(_ x: Float) -> Float {
        guard x.isFinite else { return .nan }
        guard x != 0 else { return x }
        let reduction = SineArgumentReduction(x.magnitude)
        let magnitude: Float
        if let fast = roundedIfUnambiguous(fastSine(reduction), relativeError: fastRelativeError) {
            magnitude = fast
        } else {
            magnitude = nearest(accurateSine(reduction))
        }
        return x.sign == .minus ? -magnitude : magnitude
    }

    /// ln x correctly rounded to binary32. ln 1 = +0, ln ±0 = −∞, ln +∞ = +∞; x < 0 and NaN
    /// give NaN.
    public static func log(_ x: Float) -> Float {
        guard !x.isNaN, x >= 0 else { return .nan }
        guard x != 0 else { return -.infinity }
        guard x.isFinite else { return x }
        guard x != 1 else { return 0 }
        let parts = LogarithmArgument(x)
        if let fast = roundedIfUnambiguous(fastLogarithm(parts), relativeError: fastRelativeError) { return fast }
        return nearest(accurateLogarithm(parts))
    }

    /// sin |x| as a double-double good to `accurateRelativeError` (x finite, nonzero): the
    /// reference the tests judge `sin` by.
    public static func accurateSine(ofMagnitude x: Float) -> DoubleDouble {
        accurateSine(SineArgumentReduction(x.magnitude))
    }

    /// ln x as a double-double good to `accurateRelativeError` (x finite, positive, ≠ 1).
    public static func accurateLogarithm(_ x: Float) -> DoubleDouble { accurateLogarithm(LogarithmArgument(x)) }

    /// The float nearest to y when every value within `relativeError` of y rounds to the
    /// same float; nil when the interval straddles a rounding midpoint.
    static func roundedIfUnambiguous(_ y: Double, relativeError: Double) -> Float? {
        let error = y.magnitude * relativeError
        let low = Float(y - error), high = Float(y + error)
        return low == high ? low : nil
    }

    /// hi + lo rounded to the nearest float, ties to even, exactly: `Float(hi)` is right
    /// unless hi is itself a midpoint between two floats, and then lo's sign decides.
    public static func nearest(_ value: DoubleDouble) -> Float {
        let rounded = Float(value.hi)
        let offset = value.hi - Double(rounded)  // exact: both are multiples of ulp(hi)
        guard offset != 0, value.lo != 0, rounded.isFinite else { return rounded }
        let neighbour = offset > 0 ? rounded.nextUp : rounded.nextDown
        guard offset == (Double(neighbour) - Double(rounded)) / 2 else { return rounded }
        return (value.lo > 0) == (offset > 0) ? neighbour : rounded
    }

    /// The distance from `value` to the nearest rounding midpoint between two floats,
    /// relative to |value|: a value farther than its own error bound from every midpoint
    /// rounds the same way as the exact result. +∞ for 0.
    public static func relativeDistanceToMidpoint(_ value: DoubleDouble) -> Double {
        guard value.hi != 0 else { return .infinity }
        let rounded = Double(nearest(value))
        let above = rounded + (Double(Float(rounded).nextUp) - rounded) / 2
        let below = rounded - (rounded - Double(Float(rounded).nextDown)) / 2
        let distance = Swift.min((DoubleDouble(above) - value).hi.magnitude, (value - DoubleDouble(below)).hi.magnitude)
        return distance / value.hi.magnitude
    }
}
