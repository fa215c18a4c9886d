/// The isometric latitude and the seed512 row of a latitude in double-double: an oracle whose
/// last bits do not depend on any libm (only IEEE-exact operations), for judges whose pinned
/// figures would otherwise move with the platform's `asinh`/`tan` (a failure boundary, a
/// survey's maxima).
///
/// ψ(φ) = ½·ln((1 + sin φ)/(1 − sin φ)) with sin φ from its Taylor series on the
/// double-double radian value and ln from the atanh series: relative error below 2^−95 for
/// |φ| up to 89.9999° (1 − sin φ keeps 2^−100 relative accuracy of sin φ, losing at most
/// log2(1/(1 − sin φ)) ≈ 40 bits that close to the pole), so the rounded double is
/// correctly rounded except within 2^−40 of a rounding midpoint. `y` first tries
/// `FastIsometricLatitude`, which gives the same double whenever its rounding test decides.
public enum AccurateMercator {
    /// π/180 as a double-double (π/2 ÷ 90).
    static let radiansPerDegree = DoubleDouble.halfPi / DoubleDouble(90)
    /// (−1)^k/(2k+1)!, k = 0…19: Taylor on |r| ≤ π/2, truncation below 2^−115.
    static let sineCoefficients = CorrectlyRounded.accurateTaylorCoefficients(count: 20, firstDenominator: 1)

    /// ψ in radians of a latitude in degrees, |φ| < 90; odd.
    public static func isometricLatitude(degrees latitude: Double) -> DoubleDouble {
        let radians = radiansPerDegree * latitude.magnitude
        let sine = Horner.evaluate(sineCoefficients, at: radians * radians) * radians
        let psi = logarithm((DoubleDouble(1) + sine) / (DoubleDouble(1) - sine)) * 0.5
        return latitude.sign == .minus ? -psi : psi
    }

    /// The bound on `isometricLatitude`'s absolute error, beside 2^−100·|ψ|, where
    /// 1 − sin |φ| ≥ `oneLessSine`: 2^−93·(1 + 1/(1 − sin |φ|)).
    ///
    /// The radian value is one product with π/180 (a division: below 2^−99.8 relative); the
    /// sine's 20-term series alternates with Σ|terms| ≤ 2.31 times its sum, 40 operations
    /// within 8·2^−106 each: sin φ within 2^−94·sin φ + 2^−99.1 (the radian error times cos φ·φ).
    /// 1 − sin φ keeps that absolute error, 2^−93.9 relative to the larger 1 + sin φ and
    /// 2^−93.9/(1 − sin φ) to itself; the quotient adds 2^−100; ln of it errs by the quotient's
    /// relative error plus its own below 2^−98 + 2^−103·|ln| (25 positive terms, the exponent's
    /// ln 2 product), and ψ is half of that: below 2^−94.9·(1 + 1/(1 − sin φ)) + 2^−98.4 +
    /// 2^−104·|ψ|. 2^−93·(1 + 1/(1 − sin φ)) covers the first two with a factor of 3.
    static func psiSeriesError(oneLessSine: Double) -> Double { 0x1p-93 * (1 + 1 / oneLessSine) }

    /// y in pixels of a latitude in a world `world` pixels wide: W/2 − W·ψ/(2π), rounded once.
    public static func y(latitude: Double, world: Double) -> Double {
        if let fast = FastIsometricLatitude.y(latitude: latitude, world: world) { return fast }
        let scale = DoubleDouble(world) / (DoubleDouble.halfPi * 4)
        let psi = latitude == MercatorMath.latitudeLimit ? psiAtLatitudeLimit : isometricLatitude(degrees: latitude)
        return (DoubleDouble(world / 2) - scale * psi).value
    }

    /// ψ at the band's northern limit, where y is the world's top edge: a row within a hair of
    /// 0, which no fast path can round (its relative accuracy is the series' own), and which
    /// `MapKitGeometry.mapPoint(for:)` gives every pin north of the band.
    static let psiAtLatitudeLimit = isometricLatitude(degrees: MercatorMath.latitudeLimit)

    /// Latitude in degrees of a row y in a world `world` pixels wide: gd ψ with
    /// ψ = 2π(W/2 − y)/W, both in double-double (`PortableMath.gudermannian`), rounded once;
    /// ±90 for rows far outside the world.
    public static func latitude(y: Double, world: Double) -> Double {
        let psi = DoubleDouble(world / 2 - y) * (DoubleDouble.halfPi * 4) / DoubleDouble(world)
        return PortableMath.gudermannian(degreesOf: psi)
    }

    /// ln x of a positive, finite double-double: x = 2^e·m, m in [√½, √2), ln x = e·ln 2 +
    /// 2·atanh((m − 1)/(m + 1)) (the series of `CorrectlyRounded.accurateLogarithm`).
    static func logarithm(_ x: DoubleDouble) -> DoubleDouble {
        var exponent = Int(x.hi.exponent)
        var scale = Double(sign: .plus, exponent: -exponent, significand: 1)
        if x.hi * scale > 1.414_213_562_373_095_1 {
            exponent += 1
            scale /= 2
        }
        let m = x * scale  // exact: a power of two
        let s = (m - DoubleDouble(1)) / (m + DoubleDouble(1))
        let series = Horner.evaluate(CorrectlyRounded.accurateLogarithmCoefficients, at: s * s) * s
        return DoubleDouble.ln2 * Double(exponent) + series
    }
}
