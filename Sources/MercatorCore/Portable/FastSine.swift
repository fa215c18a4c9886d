/// The fast path of `PortableMath.sine(degrees:)`, `cosine(degrees:)` and `cos`: sin(a + η) =
/// sin a·cos η + cos a·sin η with a the table node nearest the argument (a whole degree, or
/// k/64 radians; sin a and cos a from the table) and |η| ≤ ½° (1/128 rad), cos η − 1 and
/// sin η from short series, then the rounding test (`DoubleDouble.roundedIfUnambiguous`). The
/// same bits as the 20-term double-double series.
///
/// Error, for d = d_hi + d_lo with 2^−900 ≤ d ≤ 90 degrees, a = round(d_hi) and h = (d_hi − a)
/// + d_lo (d_hi − a exact: Sterbenz for a ≥ 1, d_hi itself for a = 0), η = h·π/180 in
/// double-double (below 2^−99 relative, the constant's 2^−100 included); or r = r_hi + r_lo
/// radians, b = round(64·r_hi)/64 and η = (r_hi − b) + r_lo exactly. |η| ≤ 0.00873, η² < 2^−13.68:
/// 1. sin η = η_hi + (η_lo + η_hi·(t·P̂)), t = fl(η_hi²), P = −1/3! + t/5! − t²/7!, truncated
///    below η⁹/9! < 2^−80·|η|. P̂'s last addition and 1/6's rounding err by ≤ 2^−56 each; the
///    three roundings of the products by 3·2^−53 of the term ≤ |η|³/6; η_hi for η in it costs
///    3η²|η_lo|/6 ≤ 2^−54·|η|³; the sum with η_lo one rounding, 2^−53·|η|³/6: in all
///    |η|³·(2^−55 + 2^−54 + 2^−54 + 2^−55.6) < 2^−52.4·|η|³, so sin η is within
///    η²·2^−52.4 < 2^−66.0 of itself, relatively.
/// 2. cos η − 1 = t·Q̂, Q = −1/2 + t/4! − t²/6! + t³/8!, truncated below η¹⁰/10! < 2^−88:
///    Q̂'s last addition ≤ 2^−55, the two products 2·2^−53 of η²/2, t from η_hi 2^−53·η²:
///    within η²·(2^−55 + 2^−53 + 2^−53) < 2^−65.5.
/// 3. The sum sin a + [sin a.lo + sin a.hi·(cos η − 1) + cos a·sin η's low parts] with
///    cos a·sin η's leading part a TwoProduct (exact): sin a.hi·(cos η − 1) and the four
///    additions each round by at most 2^−53 of a partial sum below sin a·2^−14.7 + 2^−23
///    (the cos η − 1 term, and cos a·sin η's low parts), and sin a.lo·(cos η − 1) is
///    dropped (2^−53·sin a·2^−14.7): below 6·2^−67.7·sin a + 2·2^−76 < 2^−65.1·sin a + 2^−75.
/// 4. sin a and cos a are the series' values, within `seriesError` (2^−92) relatively.
/// For a ≥ 1 the result R is at least ½·sin a (sin(a − ½°)/sin a ≥ sin ½°/sin 1°, and
/// sin(x/2)/sin x ≥ ½ for the radian nodes) and at least |η|·0.9999 (|cos a·sin η| ≤ |η|), so
/// the relative error is below 2^−66.0·1.0001 + 2·2^−65.5 + 2·2^−65.1 + 2^−75/0.0078 + 2^−91
/// < 2^−63.0; for a = 0 the result is sin η, within 2^−66.0 (item 3's roundings are then
/// 2^−53 of terms below |η|³/6). `relativeError` = 2^−61 keeps a factor of 4.
enum FastSine {
    /// The bound on the fast value's relative error (derived above).
    static let relativeError = 0x1p-61
    /// The bound on `PortableMath.sineSeries`' relative error (and `accurateSine(degrees:)`'s):
    /// 2^−92. The radian value is a double-double product with the constant π/180 (one
    /// division, below 2^−100); the 20-term series alternates with Σ|terms| ≤ sinh(π/2) < 2.31
    /// times its sum, 40 operations within 8·2^−106 each: below 2^−96.5. 2^−92 keeps a factor
    /// of 20.
    static let seriesError = 0x1p-92

    /// A node's sine and cosine.
    typealias Node = (sine: DoubleDouble, cosine: DoubleDouble)

    /// (sin a, cos a) for a = 0…90 degrees: the series' own values, unrounded.
    static let degreeNodes: [Node] = (0...90).map { a in
        (
            PortableMath.accurateSine(degrees: DoubleDouble(Double(a))),
            PortableMath.accurateSine(degrees: DoubleDouble(Double(90 - a)))
        )
    }

    /// (sin b, cos b) for b = k/64 radians, k = 0…101 (up to π/2 + 1/128): the series' own
    /// values on b and on π/2 − b (π/2 − b ≥ 0.008, so the constant's last unit, 2^−106, is
    /// below 2^−99 of it).
    static let radianNodes: [Node] = (0...101).map { k in
        let b = DoubleDouble(Double(k) / 64), complement = DoubleDouble.halfPi - b
        return (PortableMath.sineSeries(radians: b), PortableMath.sineSeries(radians: complement))
    }

    /// 1/3!, 1/5!, 1/7! and 1/2!, 1/4!, 1/6!, 1/8!, each one rounding.
    static let s3 = 1.0 / 6, s5 = 1.0 / 120, s7 = 1.0 / 5040
    static let c4 = 1.0 / 24, c6 = 1.0 / 720, c8 = 1.0 / 40320

    /// sin d for d in degrees, |d| ≤ 90, when the rounding test decides it; nil otherwise.
    static func sine(degrees d: DoubleDouble) -> Double? {
        let negative = d.hi.sign == .minus
        guard let value = value(degrees: negative ? -d : d), let rounded = rounded(value) else { return nil }
        return negative ? -rounded : rounded
    }

    /// sin d unrounded (within `relativeError`) for 2^−900 ≤ d ≤ 90 degrees; nil otherwise.
    @inline(__always) static func value(degrees d: DoubleDouble) -> DoubleDouble? {
        guard d.hi >= 0x1p-900, d.hi <= 90 else { return nil }
        let a = d.hi.rounded()
        let h = DoubleDouble.twoSum(d.hi - a, d.lo)
        let radians = PortableMath.radiansPerDegree
        let product = DoubleDouble.twoProduct(h.hi, radians.hi)
        let eta = DoubleDouble(product.hi, product.lo + (h.hi * radians.lo + h.lo * radians.hi)).normalised
        return sine(degreeNodes[Int(a)], plus: eta)
    }

    /// sin r for r in radians, 2^−900 ≤ r ≤ π/2 + 2^−10, when the rounding test decides it;
    /// nil otherwise.
    static func sine(radians r: DoubleDouble) -> Double? { value(radians: r).flatMap(rounded) }

    /// sin r unrounded (within `relativeError`) for 2^−900 ≤ r ≤ π/2 + 2^−10; nil otherwise.
    /// The node b = k/64 nearest r, η = r − b exactly (Sterbenz for k ≥ 1), |η| ≤ 1/128 <
    /// 0.00873; for k ≥ 1 the result is at least sin(b − 1/128) ≥ ½·sin b.
    @inline(__always) static func value(radians r: DoubleDouble) -> DoubleDouble? {
        guard r.hi >= 0x1p-900, r.hi <= 1.5718 else { return nil }
        let k = (r.hi * 64).rounded()
        let eta = DoubleDouble.twoSum(r.hi - k / 64, r.lo)
        return sine(radianNodes[Int(k)], plus: eta)
    }

    /// The value rounded when the rounding test decides it, for both series' bounds.
    @inline(__always) static func rounded(_ value: DoubleDouble) -> Double? {
        value.roundedIfUnambiguous(relativeError: relativeError + seriesError)
    }

    /// sin(a + η) = sin a + sin a·(cos η − 1) + cos a·sin η, unnormalised, for |η| ≤ 0.00873.
    @inline(__always) static func sine(_ node: Node, plus eta: DoubleDouble) -> DoubleDouble {
        let t = eta.hi * eta.hi
        let sineLow = eta.lo + eta.hi * (t * (-s3 + t * (s5 - t * s7)))
        let cosineLessOne = t * (-0.5 + t * (c4 + t * (-c6 + t * c8)))
        let leading = DoubleDouble.twoProduct(node.cosine.hi, eta.hi)
        let sum = DoubleDouble.fastTwoSum(node.sine.hi, leading.hi)
        let low =
            sum.lo
            + (node.sine.lo
                + (node.sine.hi * cosineLessOne + (leading.lo + (node.cosine.hi * sineLow + node.cosine.lo * eta.hi))))
        return DoubleDouble(sum.hi, low)
    }
}
