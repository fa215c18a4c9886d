import Foundation

/// The spherical Mercator functions in double precision, written so that they do not cancel.
///
/// The isometric latitude ψ(φ) = atanh(sin φ) = ln tan(π/4 + φ/2) is what the documents'
/// `log((1 + sin φ) / (1 − sin φ)) / 2` computes. Near the poles that textbook form, and
/// `atanh(sin φ)` too, lose most of their digits: `1 − sin φ` cancels, and so does the
/// conversion `φ·π/180` of a latitude within a hair of 90° (the error of the rounded radian
/// value is then a large fraction of the distance to the pole). The forms used here:
///
/// - |φ| < 45°: `atanh(sin φ)`. Here sin φ ≤ 0.71, so `1 ± sin φ` does not cancel, and both
///   libm functions are accurate to about an ulp.
/// - |φ| ≥ 45°: `−ln tan(θ/2)` with the colatitude θ = (90° − |φ|)·π/180. The subtraction
///   `90 − |φ|` is exact (Sterbenz: |φ| ≥ 45 is within a factor of two of 90), so θ carries
///   only the one rounding of the degree-to-radian product — a *relative* error, which is
///   what `tan` and `ln` need near the pole.
///
/// The inverse mirrors this: `atan(sinh ψ)` for |ψ| < asinh(1) (|φ| < 45°), and
/// `90° − 2·atan(e^−|ψ|)` in degrees above it, where the small colatitude is computed
/// directly instead of as a difference of two numbers near π/2.
///
/// Accuracy: within 3 ulps of the correctly rounded value (60-digit mpmath), checked at
/// 3,000 sweep latitudes and 50 hand-picked ones up to 90° − 1.4e-14° in `MercatorMathTests`;
/// the worst measured is 3 ulps, just below 45° in the `atanh(sin φ)` branch.
public enum MercatorMath {
    /// π/180: radians in one degree (one rounding).
    public static let radiansPerDegree = Double.pi / 180
    /// 180/π: degrees in one radian (one rounding).
    public static let degreesPerRadian = 180 / Double.pi
    /// asinh(1) = ψ(45°), the switch point between the two forms of the inverse.
    static let isometricLatitudeAt45 = asinh(1.0)

    /// The latitude, in degrees, at which the square Mercator world ends (ψ = π).
    ///
    /// atan(sinh π) = 85.0511287798065923…°, rounded to the nearest double.
    public static let latitudeLimit = 85.05112877980659

    /// Isometric latitude ψ in radians of a latitude in degrees; ±∞ at ±90°.
    ///
    /// Odd: ψ(−φ) = −ψ(φ) bit for bit, and −0.0 maps to −0.0.
    public static func isometricLatitude(degrees latitude: Double) -> Double {
        let magnitude = abs(latitude)
        let psi: Double
        if magnitude < 45 {
            psi = atanh(sin(magnitude * radiansPerDegree))
        } else {
            let colatitude = (90 - magnitude) * radiansPerDegree
            psi = -log(tan(colatitude / 2))
        }
        return latitude.sign == .minus ? -psi : psi
    }

    /// Latitude in degrees of an isometric latitude ψ in radians (the Gudermannian).
    ///
    /// Odd, like its inverse. For |ψ| above about 37.4 the colatitude drops below half an
    /// ulp of 90 and the result rounds to ±90 exactly.
    public static func latitude(isometric psi: Double) -> Double {
        let magnitude = abs(psi)
        let latitude: Double
        if magnitude < isometricLatitudeAt45 {
            latitude = atan(sinh(magnitude)) * degreesPerRadian
        } else {
            let colatitude = 2 * atan(exp(-magnitude))
            latitude = 90 - colatitude * degreesPerRadian
        }
        return psi.sign == .minus ? -latitude : latitude
    }
}
