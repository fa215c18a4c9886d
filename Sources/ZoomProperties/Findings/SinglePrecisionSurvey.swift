import MercatorCore

/// How far the seed's single-precision latitude path strays from the exact y, measured on a
/// grid of latitudes: the evidence behind the "single-precision error" findings.
///
/// Error is `SeedPort.latitudeToPixelSpaceY(φ) − y(φ)` in seed512 pixels at zoom 20, with
/// y(φ) in double-double (`SpanReference.y`, no libm: the same figures on every platform).
/// The seed also rounds to an integer, which alone contributes up to 0.5 px. The corrected
/// core's error is `WebMercator.y` against the same y: it uses the platform's libm, so its
/// last bits (errors of ~1e-8 px) vary between libms.
package struct SinglePrecisionSurvey: Sendable {
    /// Grid spacing in degrees.
    package var step: Double
    /// Number of latitudes examined (0 up to the Mercator limit).
    package var sampleCount: Int
    /// The smallest grid latitude whose |error| exceeds 1 px.
    package var firstLatitudeOverOnePixel: Double?
    /// The largest |error| in pixels, and where.
    package var worstError: Double
    package var worstLatitude: Double
    /// Largest |error| per 5° band: index k covers [5k, 5k + 5).
    package var worstErrorByBand: [Double]
    /// Grid neighbours φ₁ < φ₂ whose seed y increases (y must not increase northward).
    package var monotonicityBreaks: Int
    /// Grid latitudes where y(−φ) − W/2 ≠ −(y(φ) − W/2).
    package var symmetryBreaks: Int
    /// Width in degrees of the buckets of `profile`.
    package static let profileBucket = 0.05
    /// For plotting: per `profileBucket`-wide bucket of latitude, the largest |error| of the
    /// seed and of the corrected core (against an independent double formula, asinh(tan φ)),
    /// in px at zoom 20 seed512, with the bucket's lower edge. The seed's maximum over all
    /// buckets is `worstError`.
    package var profile: [(latitude: Double, seedError: Double, correctedError: Double)] = []

    /// The survey on 0, step, 2·step, ... up to the Mercator limit. The default step's survey
    /// is run once per process and kept (`standard`): `zoomcheck report --html` reads it for
    /// the text, as the targeted search's reference, and for the figure.
    package static func measure(step: Double = standardStep) -> SinglePrecisionSurvey {
        step == standardStep ? standard : survey(step: step)
    }

    static let standardStep = 0.0001
    /// The default step's survey, run on first use.
    static let standard = survey(step: standardStep)

    static func survey(step: Double) -> SinglePrecisionSurvey {
        let world = ZoomConvention.seed512.worldWidth(atZoom: 20)
        var survey = SinglePrecisionSurvey(
            step: step, sampleCount: 0, firstLatitudeOverOnePixel: nil, worstError: 0, worstLatitude: 0,
            worstErrorByBand: Array(repeating: 0, count: 18), monotonicityBreaks: 0, symmetryBreaks: 0)
        var previousY = Double.infinity
        var index = 0
        while true {
            let latitude = Double(index) * step
            guard latitude <= MercatorMath.latitudeLimit else { break }
            let seedY = SeedPort.latitudeToPixelSpaceY(latitude)
            let exactY = SpanReference.y(latitude: latitude, world: world)
            let error = abs(seedY - exactY)
            let bucket = Int(latitude / profileBucket)
            if bucket >= survey.profile.count { survey.profile.append((Double(bucket) * profileBucket, 0, 0)) }
            let correctedError = abs(WebMercator.y(latitude: latitude, worldWidth: world) - exactY)
            survey.profile[bucket].seedError = Swift.max(survey.profile[bucket].seedError, error)
            survey.profile[bucket].correctedError = Swift.max(survey.profile[bucket].correctedError, correctedError)
            if error > 1, survey.firstLatitudeOverOnePixel == nil { survey.firstLatitudeOverOnePixel = latitude }
            if error > survey.worstError { (survey.worstError, survey.worstLatitude) = (error, latitude) }
            let band = Swift.min(17, Int(latitude / 5))
            survey.worstErrorByBand[band] = Swift.max(survey.worstErrorByBand[band], error)
            if seedY > previousY { survey.monotonicityBreaks += 1 }
            previousY = seedY
            let mirrored = SeedPort.latitudeToPixelSpaceY(-latitude)
            if mirrored - world / 2 != -(seedY - world / 2) { survey.symmetryBreaks += 1 }
            index += 1
        }
        survey.sampleCount = index
        return survey
    }

    /// The survey as report lines.
    package func render() -> [String] {
        var lines = [
            """
            Single-precision latitude path (seed y − exact y, seed512 px at zoom 20; \(sampleCount) latitudes, \
            step \(NumberText.shortest(step))°):
            """,
            "  first |error| > 1 px at \(firstLatitudeOverOnePixel.map { NumberText.shortest($0) + "°" } ?? "never")",
            "  worst |error| \(format(worstError)) px at \(NumberText.shortest(worstLatitude))°",
            "  monotonic: \(monotonicityBreaks == 0 ? "yes" : "no, \(monotonicityBreaks) breaks")",
            """
              odd-symmetric: \
            \(symmetryBreaks == 0 ? "yes" : "no, \(symmetryBreaks) of \(sampleCount) latitudes differ")
            """,
        ]
        for (band, error) in worstErrorByBand.enumerated() where band * 5 <= 85 {
            let upper = band == 17 ? "85.05" : String(band * 5 + 5)
            lines.append("  band \(band * 5)°–\(upper)°: worst \(format(error)) px")
        }
        return lines
    }

    private func format(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        return NumberText.shortest(hundredths / 100)
    }
}
