import Testing
import TestSupport
import MercatorCore
@testable import ZoomProperties

/// Targeted search against the exhaustive surveys (`zoomcheck report` prints the figures).
@Suite("Targeted search against the surveys", .tags(.finding)) struct TargetedSearchesTests {
    @Test(
        "Each targeted run reaches at least 99% of its survey's worst with at most 1/100 of its evaluations",
        arguments: ["float32", "getter", "fit"]) func reachesTheSurveyWorst(_ name: String)
    {
        let comparison =
            switch name {
            case "float32": TargetedSearches.singlePrecision()
            case "getter": TargetedSearches.getterLevel()
            default: TargetedSearches.fitLongitudeDelta()
            }
        #expect(comparison.fractionOfSurveyWorst >= 0.99, "\(comparison.line)")
        #expect(comparison.targetedEvaluations * 100 <= comparison.surveyEvaluations, "\(comparison.line)")
        #expect(comparison.targetedEvaluations > 0)
    }

    @Test("The surveys are the dense ones: 850 512 latitudes, 118 784 width × zoom pairs, 360 000 longitudes")
    func surveySizes() {
        #expect(SinglePrecisionSurvey.measure().sampleCount == 850_512)
        let getter = ZoomSurveys.getterLevelErrorSurvey()
        #expect(getter.evaluations == 118_784)
        // The getter reads one level high (the hidden ×2) plus the setter's rounding at zoom 28.
        #expect(getter.worst > 1.5 && getter.zoom == 28)
        let fit = FitSurveys.arcLongitudeDeltaSurvey(arc: TargetedSearches.fitArc)
        #expect(fit.evaluations == 360_000)
        // Straddling ±180°, the bounding box is 360 − 60 = 300°, padded × 1.15.
        #expect(abs(fit.worst - 345) < 1e-9)
    }
}
