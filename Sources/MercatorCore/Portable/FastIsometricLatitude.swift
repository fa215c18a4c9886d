/// The fast path of `AccurateMercator.y(latitude:world:)`: ψ from a table node and a short
/// series, then y = W/2 − W·ψ/(2π) and the rounding test (`DoubleDouble.roundedIfUnambiguous`).
/// The same bits as the double-double series (sin φ in 20 terms, a quotient, ln in 25 terms).
///
/// From tan(φ/2) = tanh(ψ/2), for a node latitude a and h = φ − a,
///
///     ψ(φ) = ψ(a) + 2·atanh( sin(h/2) / cos(a + h/2) ),
///
/// since atanh U − atanh U_a = atanh((U − U_a)/(1 − U·U_a)) and, with U = tan(φ/2),
/// (U − U_a)/(1 − U·U_a) = sin(h/2)/cos((φ + a)/2). cos(a + η) = cos a·cos η − sin a·sin η
/// with η = h/2 in radians. Two sets of nodes keep h exact and the denominator free of
/// cancellation:
/// - |φ| < 45.5: a = round(|φ|), h = |φ| − a (exact: Sterbenz for a ≥ 1, |φ| itself for
///   a = 0), |h| ≤ ½°; cos(a + η) ≥ cos 45.25° > 0.704.
/// - |φ| ≥ 45.5: the colatitude θ = 90 − |φ| (exact, Sterbenz) from 2^−10° up, and the node
///   θ_a = 2^e·(1 + (m + ½)/32) in θ's binade (m: θ's top five fraction bits), so
///   a = 90 − θ_a, h = θ_a − θ (exact: within a factor 2), |h| ≤ 2^e/64 ≤ ½°; then
///   cos(a + η) = sin((θ_a + θ)/2) ≥ sin(θ_a·(1 − 1/128)), and |sin η| ≤ θ_a·π/180/128.
/// Either way |w| = |sin η/cos(a + η)| < 0.0083 (w² < 2^−13.8), |η| ≤ 0.00437 (η² < 2^−15.68),
/// and sin a·|sin η| < cos a/115 (sin θ_a ≥ 0.9·θ_a in radians).
///
/// Error of ψ, absolute:
/// 1. η = h·π/360 in double-double: below 2^−99 relative (the constant's division 2^−100).
/// 2. sin η = η + η·(η²·P(η²)), P = −1/3! + t/5! − t²/7!: relative error below
///    η²·2^−52.4 < 2^−68.0 (as in `FastSine`, item 1).
/// 3. cos η − 1 = t·Q̂, Q = −1/2 + t/4! − t²/6!, truncated below η⁸/8! < 2^−78: Q̂'s last
///    addition ≤ 2^−55, the two products and t from η_hi η²·2^−53 each: within
///    η²·2^−51.8 < 2^−67.5.
/// 4. The denominator cos a + [cos a.lo + cos a.hi·(cos η − 1) − sin a·sin η's low parts],
///    sin a·sin η's leading part a TwoProduct (exact): the product with cos η − 1 and four
///    additions each round by at most 2^−53 of a partial sum below cos a·2^−16.6, and
///    cos a.lo·(cos η − 1) is dropped: below 6·2^−69.6·cos a < 2^−67.0·cos a. With item 3
///    (times cos a), item 2 (times sin a·|sin η| < cos a/115), the nodes (the series'
///    values, below 2^−91) and a denominator of at least 0.99·cos a: below 2^−66.2 relative.
/// 5. The quotient: below 2^−101. So w is within 2^−68.0 + 2^−66.2 < 2^−65.9 of its value,
///    relatively.
/// 6. atanh w = w_hi + (w_lo + w_hi·(s·Â)), A = 1/3 + s/5 + s²/7 + s³/9, truncated below
///    w^11/11: Â's last addition and 1/3's rounding ≤ 2^−55 each, three product roundings
///    2^−53·|w|³, w_hi for w 2^−53·|w|³, the sum 2^−54.6·|w|³: relative error below
///    w²·2^−51.5 < 2^−65.3.
/// 7. ψ(a): the series' value for a ≤ 45 (`AccurateMercator.psiSeriesError`: below
///    4.5·2^−93 + 2^−100·ψ there), and ln((1 + sin a)/cos a) from the sine and logarithm
///    series for the polar nodes (the quotient within 2^−91.4 relative, so below 2^−90
///    absolute); the sum's low parts round below 2^−73 + 2^−104·ψ.
/// So 2·atanh w, at most 0.0166, errs by below 2^−65.9 + 2^−65.3 < 2^−64.6 of itself, below
/// 2^−70.5 absolutely (for a = 0 it is all of ψ, within 2^−64.6·ψ); with 7,
/// |ψ_fast − ψ| < 2^−70.5 + 2^−73 + 2^−90 + 2^−104·ψ < 2^−70.2 + 2^−104·ψ. `psiError` = 2^−68
/// keeps a factor of 4.
enum FastIsometricLatitude {
    /// The bound on the fast ψ's absolute error, beside 2^−100·|ψ| (derived above).
    static let psiError = 0x1p-68

    /// π/360: radians in half a degree.
    static let radiansPerHalfDegree = DoubleDouble.halfPi / DoubleDouble(180)
    /// 1/(2π) in double-double.
    static let inverseTwoPi = DoubleDouble(1) / (DoubleDouble.halfPi * 4)

    /// A node: its ψ, cos a and sin a in double-double.
    struct Node { let psi: DoubleDouble, cosine: DoubleDouble, sine: DoubleDouble }

    /// a = 0…45 degrees.
    static let equatorialNodes: [Node] = (0...45).map { a in
        Node(
            psi: AccurateMercator.isometricLatitude(degrees: Double(a)),
            cosine: PortableMath.accurateSine(degrees: DoubleDouble(Double(90 - a))),
            sine: PortableMath.accurateSine(degrees: DoubleDouble(Double(a))))
    }

    /// The colatitude's binades 2^−10 … 2^5 degrees, 32 nodes each (index (e + 10)·32 + m).
    static let polarNodes: [Node] = (-10...5).flatMap { e in
        (0..<32).map { m in
            let colatitude = Double(sign: .plus, exponent: e, significand: 1 + (Double(m) + 0.5) / 32)
            let cosine = PortableMath.accurateSine(degrees: DoubleDouble(colatitude))
            let sine = PortableMath.accurateSine(degrees: DoubleDouble(90) - DoubleDouble(colatitude))
            // ψ = ln((1 + sin a)/cos a): no cancellation, whatever the colatitude.
            return Node(psi: AccurateMercator.logarithm((DoubleDouble(1) + sine) / cosine), cosine: cosine, sine: sine)
        }
    }

    /// 1/3!, 1/5!, 1/7!; 1/4!, 1/6!; 1/3, 1/5, 1/7, 1/9: each one rounding.
    static let s3 = 1.0 / 6, s5 = 1.0 / 120, s7 = 1.0 / 5040
    static let c4 = 1.0 / 24, c6 = 1.0 / 720
    static let a3 = 1.0 / 3, a5 = 1.0 / 5, a7 = 1.0 / 7, a9 = 1.0 / 9

    /// ψ(|φ|) (unnormalised) for |φ| < 90 − 2^−10, and the bound on the series' error there
    /// (`AccurateMercator.psiSeriesError`); nil nearer the pole.
    @inline(__always) static func psi(ofMagnitude latitude: Double) -> (psi: DoubleDouble, seriesError: Double)? {
        let node: Node, h: Double, seriesError: Double
        if latitude < 45.5 {
            let a = latitude.rounded()
            node = equatorialNodes[Int(a)]
            h = latitude - a
            seriesError = AccurateMercator.psiSeriesError(oneLessSine: 0.2867)  // 1 − sin 45.5°
        } else {
            let colatitude = 90 - latitude
            guard colatitude >= 0x1p-10 else { return nil }
            let e = Int(colatitude.exponent), m = Int(colatitude.significandBitPattern >> 47)
            node = polarNodes[(e + 10) * 32 + m]
            h = Double(sign: .plus, exponent: e, significand: 1 + (Double(m) + 0.5) / 32) - colatitude
            // 1 − sin φ = 2·sin²(θ/2) ≥ θ²/2·(1 − θ²/12) ≥ θ²/2.11 for θ ≤ π/4, θ in radians.
            let radians = colatitude * 0.017_453_292_519_943_295
            seriesError = AccurateMercator.psiSeriesError(oneLessSine: radians * radians / 2.12)
        }
        let scale = radiansPerHalfDegree
        let product = DoubleDouble.twoProduct(h, scale.hi)
        let eta = DoubleDouble(product.hi, product.lo + h * scale.lo).normalised
        let t = eta.hi * eta.hi
        let sine = DoubleDouble(eta.hi, eta.lo + eta.hi * (t * (-s3 + t * (s5 - t * s7)))).normalised
        let cosineLessOne = t * (-0.5 + t * (c4 - t * c6))
        let leading = DoubleDouble.twoProduct(node.sine.hi, sine.hi)
        let sum = DoubleDouble.fastTwoSum(node.cosine.hi, -leading.hi)
        let low =
            sum.lo
            + (node.cosine.lo
                + (node.cosine.hi * cosineLessOne - (leading.lo + (node.sine.hi * sine.lo + node.sine.lo * sine.hi))))
        let w = DoubleDouble.quotient(sine, DoubleDouble(sum.hi, low).normalised)
        let square = w.hi * w.hi
        let atanh = w.lo + w.hi * (square * (a3 + square * (a5 + square * (a7 + square * a9))))
        let total = DoubleDouble.twoSum(node.psi.hi, 2 * w.hi)
        return (DoubleDouble(total.hi, total.lo + (node.psi.lo + 2 * atanh)), seriesError)
    }

    /// y = W/2 − W·ψ/(2π) rounded, when the rounding test decides it; nil otherwise.
    ///
    /// W/(2π)·ψ as two products: 1/(2π) (one division, below 2^−100) times ψ (normalised: a
    /// TwoProduct and the cross terms, below 2^−104), then W times that (a TwoProduct and one
    /// rounding below 2^−106); W/2 minus it in a TwoSum, and the low parts' two roundings below
    /// 2^−104·(|y| + W|ψ|/(2π)) each: below W|ψ|/(2π)·2^−99.9 + 2^−103·|y|. The series' y (the
    /// scale W/(2π) by one division, its product with ψ, the difference) errs by below
    /// W|ψ|/(2π)·2^−99.9 + 2^−104·|y| besides ψ's error. The test's bound is W/(2π) times both
    /// ψ errors plus 2^−98·W|ψ|/(2π) (covering both arithmetics and the two 2^−100·ψ terms),
    /// and 2^−102·|y|.
    static func y(latitude: Double, world: Double) -> Double? {
        guard let (y, absoluteError) = yValue(latitude: latitude, world: world) else { return nil }
        return y.roundedIfUnambiguous(relativeError: 0x1p-102, absoluteError: absoluteError)
    }

    /// y unrounded, and the bound the rounding test takes (the fast and the series' errors
    /// beside 2^−102·|y|), for |φ| < 90 − 2^−10; nil nearer the pole.
    @inline(__always) static func yValue(latitude: Double, world: Double) -> (y: DoubleDouble, bound: Double)? {
        guard let found = psi(ofMagnitude: latitude.magnitude) else { return nil }
        let psi = latitude.sign == .minus ? -found.psi.normalised : found.psi.normalised
        let k = inverseTwoPi
        let first = DoubleDouble.twoProduct(k.hi, psi.hi)
        let perRadian = DoubleDouble(first.hi, first.lo + (k.hi * psi.lo + k.lo * psi.hi))
        let second = DoubleDouble.twoProduct(world, perRadian.hi)
        let offset = DoubleDouble.twoSum(world / 2, -second.hi)
        let y = DoubleDouble(offset.hi, offset.lo - (second.lo + world * perRadian.lo))
        let scale = world * 0.159_154_943_091_895_35  // W/(2π)
        return (y, scale * (psiError + found.seriesError + psi.hi.magnitude * 0x1p-98))
    }
}
