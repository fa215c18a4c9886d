import Foundation
import MercatorCore

/// The most the documents' single-precision latitude path can be off the exact y, derived
/// from the float roundings it makes — not measured: a bound that held on one libm's sample
/// of latitudes fails wherever the sample did not look.
///
/// The path (`SeedPort.latitudeToPixelSpaceY`): x = φ·π/180 (double), s = sinf(Float(x)),
/// q = (1 + s) / (1 − s) in float, y = round(OFFSET − R · logf(q) / 2). With v = 2⁻²⁴ (half an
/// ulp of 1 in float) and libm's `sinf` and `logf` each within `libmUlps` ulp of their result
/// (glibc documents 0.56 and 0.82 ulp, musl/FreeBSD and Apple under 1 ulp):
///
/// 1. Float(x) is within d = v·|x| of x, so sin(Float(x)) is within (cos|x| + d)·d of sin x
///    (mean value theorem: |sin′| ≤ cos|x| + d on the interval); `sinf` adds `libmUlps` float
///    ulps of s. Call the total Δs.
/// 2. ln q = ln(1 + s) − ln(1 − s) moves by at most Δs/(1 + |s| − Δs) + Δs/(1 − |s| − Δs) when
///    s moves by Δs (the mean value theorem again: 1/t is largest at the interval's low end).
///    Near the Mercator limit 1 − |s| ≈ 0.0038, so this term — the float sine's error times
///    2/cos²φ — is nearly all of the bound: about 600 px at 85°.
/// 3. 1 + s, 1 − s and q are each rounded to float: a relative v each, at most v/(1 − v) of ln q
///    per rounding.
/// 4. `logf` adds `libmUlps` float ulps of |ln q|.
/// 5. y is R/2 times ln q (R = 2²⁸/π as printed), then rounded to a whole pixel: + 0.5 px. The
///    double products and the exact reference itself cost the row budget (`ErrorBudget`).
///
/// The sign of φ changes nothing: s and ln q change sign, their magnitudes and ulps do not.
enum SinglePrecisionBound {
    /// v = 2⁻²⁴: half an ulp of 1 in single precision.
    static let floatRoundoff = 0x1p-24
    /// Ulps of error allowed to libm's `sinf` and `logf` each.
    static let libmUlps = 1.0
    /// The documents' final `round()`: half a pixel.
    static let roundedPixel = 0.5

    /// The float ulp at the binade of a magnitude, or of the next binade when `magnitude`
    /// rounds up into it (the larger ulp: never too small).
    static func floatUlp(_ magnitude: Double) -> Double { Double(Float(abs(magnitude)).ulp) }

    /// The bound in seed512 pixels at zoom 20 of |y(φ) − exact y(φ)| for the single-precision
    /// path, at `latitude` degrees within the Mercator band.
    ///
    /// From 8 px at the equator (where step 3 dominates: 3 roundings of 6e-8 of
    /// ln q, times R/2 = 4.3e7 px) to about 800 px at the Mercator limit.
    static func pixels(latitude: Double) -> Double {
        let x = abs(latitude) * Double.pi / 180
        let argument = floatRoundoff * x
        let sine = PortableMath.sin(x)
        let sineError = (PortableMath.cos(x) + argument) * argument + libmUlps * floatUlp(sine + argument)
        let fromSine = sineError / (1 + sine - sineError) + sineError / (1 - sine - sineError)
        let fromArithmetic = 3 * floatRoundoff / (1 - floatRoundoff)
        let logarithm = PortableMath.log((1 + sine) / (1 - sine)) + fromSine + fromArithmetic
        let fromLog = libmUlps * floatUlp(logarithm)
        return SeedPort.mercatorRadius / 2 * (fromSine + fromArithmetic + fromLog) + roundedPixel
            + CheckSupport.seedRowBudget(atLatitude: latitude)
    }
}
