/// The fast path of `PortableMath.gudermannian(degreesOf:)`: from tan(φ/2) = tanh(ψ/2), for a
/// node ψ_a with latitude a = gd ψ_a and δ = ψ − ψ_a,
///
///     gd ψ = a + 2·atan( sinh(δ/2) / cosh(ψ_a + δ/2) ),
///
/// since atan U − atan U_a = atan((U − U_a)/(1 + U·U_a)) and, with U = tanh(ψ/2),
/// (U − U_a)/(1 + U·U_a) = sinh(δ/2)/cosh((ψ + ψ_a)/2). The nodes are ψ_a = k/32 for
/// 0 ≤ ψ_a ≤ 20, so |δ/2| ≤ 1/128; cosh(ψ_a + δ/2) = cosh ψ_a·cosh(δ/2) + sinh ψ_a·sinh(δ/2)
/// changes the first term by at most 1/128 of it (tanh ψ_a·|sinh(δ/2)| < 1/127): no
/// cancellation.
/// Then the rounding test (`DoubleDouble.roundedIfUnambiguous`). The same bits as the series
/// (e^ψ, its reciprocal, and the arctangent's 27 terms, all in double-double).
///
/// Error, for x = δ/2 exact (|x| ≤ 1/128 + 2^−60, x² < 2^−14.0, |x_lo| ≤ 2^−53·|x|) and the
/// quotient w, |w| < 0.0079 (sinh|x| over a cosh of at least 1):
/// 1. sinh x = x_hi + (x_lo + x_hi·(t·P̂)), P = 1/3! + t/5! + t²/7! + t³/9!, truncated below
///    x^11/11!: P̂'s last addition and 1/6's rounding ≤ 2^−56 each, three product roundings
///    2^−54·|x|³, x_hi for x 2^−54·|x|³, the sum with x_lo 2^−55.6·|x|³: relative error below
///    x²·2^−52.4 < 2^−66.4.
/// 2. cosh x − 1 = t·Q̂, Q = 1/2! + t/4! + t²/6! + t³/8!: Q̂'s last addition ≤ 2^−54 (it lies
///    in [½, 1)), the two products and t from x_hi 2·2^−53·x²/2 + 2^−53·x²: within
///    x²·2^−51.7 < 2^−65.7.
/// 3. The denominator cosh ψ_a + [cosh ψ_a.lo + cosh ψ_a.hi·(cosh x − 1) + sinh ψ_a·sinh x's
///    low parts], sinh ψ_a·sinh x's leading part a TwoProduct (exact): the product with
///    cosh x − 1 and the four additions each round by at most 2^−53 of a partial sum below
///    cosh ψ_a·2^−14.9, and cosh ψ_a.lo·(cosh x − 1) is dropped (2^−68·cosh ψ_a): below
///    6·2^−67.9·cosh ψ_a < 2^−65.3·cosh ψ_a. With item 2 (times cosh ψ_a), item 1 (times
///    sinh ψ_a·|sinh x| < cosh ψ_a/127) and the nodes (the series' values, below 2^−91), and a
///    denominator of at least cosh ψ_a·(1 − 1/128): relative error below 2^−64.5.
/// 4. The quotient (`DoubleDouble.quotient`, both sides normalised): below 2^−101. So w is
///    within 2^−66.4 + 2^−64.5 < 2^−64.2 of its value, relatively.
/// 5. atan w = w_hi + (w_lo − w_hi·(s·Ĥ)), H = 1/3 − s/5 + s²/7 − s³/9 + s⁴/11, s = fl(w_hi²),
///    truncated below w^13/13: Ĥ's last addition and 1/3's rounding ≤ 2^−55 each, three
///    product roundings 2^−53·|w|³, w_hi for w 2^−53·|w|³, the sum 2^−54.6·|w|³: relative error
///    below w²·2^−51.5 < 2^−65.5.
/// 6. × 360/π: a TwoProduct and the cross terms with the unnormalised atan's low part (below
///    2^−15.6 of it): three roundings and a dropped product, each below 2^−68.6, and the
///    constant's division 2^−100: below 2^−66.6. + a: the series' value, below 2^−90
///    relative (`PortableMath.gudermannianSeriesError` at ψ_a ≥ 1/32); the sum's low parts
///    round below 2^−104.
/// The term 2·atan w·180/π thus errs by below 2^−64.2 + 2^−65.5 + 2^−66.6 < 2^−63.6 of itself;
/// for k = 0 it is the whole result, and for k ≥ 1 it is at most 2·0.0079 rad against a
/// result of at least gd(1/64) > 0.0156 rad (ratio below 1.02): the result's relative error is
/// below 1.02·2^−63.6 + 2^−90 < 2^−63.5. `relativeError` = 2^−61 keeps a factor of 5.
enum FastGudermannian {
    /// The bound on the fast value's relative error (derived above).
    static let relativeError = 0x1p-61
    /// The nodes per unit of ψ, and the largest node.
    static let nodesPerUnit = 32.0, largestNode = 20.0

    /// (latitude in degrees, cosh ψ_a, sinh ψ_a) at ψ_a = k/32, k = 0…640: the series' values.
    static let nodes: [(latitude: DoubleDouble, cosh: DoubleDouble, sinh: DoubleDouble)] =
        (0...Int(largestNode * nodesPerUnit)).map { k in
            let psi = DoubleDouble(Double(k) / nodesPerUnit)
            let sinh = PortableMath.accurateSinh(psi)
            let exponential = PortableMath.accurateExp(psi)
            let cosh = (exponential + DoubleDouble(1) / exponential) * 0.5
            return (PortableMath.gudermannianSeries(psi), k == 0 ? DoubleDouble(1) : cosh, sinh)
        }

    /// 1/3!, 1/5!, 1/7!, 1/9!; 1/4!, 1/6!, 1/8!; 1/3, 1/5, 1/7, 1/9, 1/11: each one rounding.
    static let s3 = 1.0 / 6, s5 = 1.0 / 120, s7 = 1.0 / 5040, s9 = 1.0 / 362_880
    static let c4 = 1.0 / 24, c6 = 1.0 / 720, c8 = 1.0 / 40320
    static let h3 = 1.0 / 3, h5 = 1.0 / 5, h7 = 1.0 / 7, h9 = 1.0 / 9, h11 = 1.0 / 11

    /// 360/π in double-double (twice `PortableMath.degreesPerRadian`, exact).
    static let degreesPerHalfRadian = PortableMath.degreesPerRadian * 2

    /// gd ψ in degrees for 2^−900 ≤ |ψ| ≤ 20 + 1/64 when the rounding test decides it; nil
    /// otherwise (0 included).
    static func gudermannian(degreesOf psi: DoubleDouble) -> Double? {
        let negative = psi.hi.sign == .minus
        let magnitude = negative ? -psi : psi
        let error = relativeError + PortableMath.gudermannianSeriesError(magnitude.hi)
        guard let value = value(degreesOf: magnitude), let rounded = value.roundedIfUnambiguous(relativeError: error)
        else { return nil }
        return negative ? -rounded : rounded
    }

    /// gd ψ in degrees unrounded (within `relativeError`) for 2^−900 ≤ ψ ≤ 20 + 1/64; nil
    /// otherwise.
    @inline(__always) static func value(degreesOf magnitude: DoubleDouble) -> DoubleDouble? {
        guard magnitude.hi >= 0x1p-900, magnitude.hi <= largestNode + 1 / (2 * nodesPerUnit) else { return nil }
        let k = (magnitude.hi * nodesPerUnit).rounded()
        // ψ − ψ_a: the leading difference is exact (Sterbenz for k ≥ 1; ψ itself for k = 0).
        let delta = DoubleDouble.twoSum(magnitude.hi - k / nodesPerUnit, magnitude.lo)
        let x = DoubleDouble(delta.hi * 0.5, delta.lo * 0.5)
        let t = x.hi * x.hi
        let sinh = DoubleDouble(x.hi, x.lo + x.hi * (t * (s3 + t * (s5 + t * (s7 + t * s9))))).normalised
        let coshLessOne = t * (0.5 + t * (c4 + t * (c6 + t * c8)))
        let node = nodes[Int(k)]
        let leading = DoubleDouble.twoProduct(node.sinh.hi, sinh.hi)
        let sum = DoubleDouble.fastTwoSum(node.cosh.hi, leading.hi)
        let low =
            sum.lo
            + (node.cosh.lo
                + (node.cosh.hi * coshLessOne + (leading.lo + (node.sinh.hi * sinh.lo + node.sinh.lo * sinh.hi))))
        let w = DoubleDouble.quotient(sinh, DoubleDouble(sum.hi, low).normalised)
        let square = w.hi * w.hi
        let atan = DoubleDouble(
            w.hi, w.lo - w.hi * (square * (h3 - square * (h5 - square * (h7 - square * (h9 - square * h11))))))
        let scale = degreesPerHalfRadian
        let product = DoubleDouble.twoProduct(atan.hi, scale.hi)
        let term = DoubleDouble(product.hi, product.lo + (atan.hi * scale.lo + atan.lo * scale.hi))
        let total = DoubleDouble.twoSum(node.latitude.hi, term.hi)
        return DoubleDouble(total.hi, total.lo + (node.latitude.lo + term.lo))
    }
}
