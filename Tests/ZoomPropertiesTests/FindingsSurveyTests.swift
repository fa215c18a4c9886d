import Testing
import TestSupport
import MercatorCore
@testable import ZoomProperties

/// The measured findings are asserted: if the seed port, or the arithmetic it reproduces,
/// stops showing a defect, these fail.
@Suite("Findings measured by survey", .tags(.finding)) struct FindingsSurveyTests {
    @Test("The single-precision path: > 1 px off from 0.0001°, hundreds of px near the limit, monotonic, not symmetric")
    func singlePrecision() {
        let survey = SinglePrecisionSurvey.measure(step: 0.001)
        // Near the equator 1 ± sinf(φ) is rounded to 24 bits, so the ratio carries an absolute
        // error up to 2^-24 and y one of RADIUS/2 · 2^-24 · 2 ≈ 5 px: the error exceeds a
        // pixel within the first hundredth of a degree. This does not depend on libm's last bit.
        #expect((survey.firstLatitudeOverOnePixel ?? 1) <= 0.01)
        #expect(survey.worstErrorByBand[0] > 4 && survey.worstErrorByBand[0] < 7)
        // Near the limit logf returns ≈ 2π, whose float ulp (4.8e-7) is worth RADIUS/2 · ulp
        // ≈ 20 px: a libm that differs by a few ulps moves the worst error by up to ~80 px,
        // so the bound is the band, not the digits.
        #expect(survey.worstLatitude > 80)
        #expect(survey.worstError > 300 && survey.worstError < 480)
        #expect(survey.monotonicityBreaks == 0)
        #expect(survey.symmetryBreaks > survey.sampleCount / 10)
    }

    @Test(
        """
        Zoom round trip: level z + 1 fails only past zoom 20, and only for widths that are not multiples of 2^(z \
        − 20)
        """) func roundTrip() throws
    {
        let rows = Dictionary(uniqueKeysWithValues: ZoomSurveys.roundTrip().map { ($0.widthInPoints, $0) })
        for width in [1.0, 320, 375, 390, 1024] { _ = try #require(rows[width], "no row for \(width) pt") }
        #expect(rows[1]?.firstZoomWithWrongLevel == 21)
        #expect(rows[320]?.firstZoomWithWrongLevel == 28)
        #expect(rows[320]?.firstQuantisedZoom == 27)
        #expect(rows[375]?.firstZoomWithWrongLevel == 27)
        #expect(rows[375]?.firstQuantisedZoom == 21)
        #expect(rows[390]?.firstZoomWithWrongLevel == nil)
        #expect(rows[1024]?.firstQuantisedZoom == nil)
    }

    @Test("Zoom 0 exceeds 360° of longitude from 513 pt (seed512) and 257 pt (tile256 variants)") func zoomZeroWidths()
    {
        let thresholds = Dictionary(
            uniqueKeysWithValues: ZoomSurveys.zoomZeroWidthThresholds().map { ($0.variant, $0.widthInPoints) })
        #expect(thresholds == ["seed": 513, "seed-21": 257, "seed-mappoint": 257])
    }

    @Test("On a phone the seed's region reaches past the pole from 6.85° N at zoom 0 and 31.23° N at zoom 1")
    func poleReach() {
        let thresholds = ZoomSurveys.poleReachThresholds()
        // The centre's y goes through the single-precision path: ±0.01° covers a few pixels of it.
        #expect(abs((thresholds[0].latitude ?? 0) - 6.8536) < 0.01)
        #expect(abs((thresholds[1].latitude ?? 0) - 31.2316) < 0.01)
        #expect(thresholds[2].latitude == nil)
    }

    @Test("Seed z equals tile256 z + 1 in longitude to within the seed's two round() calls") func baseDisagreement() {
        #expect(ZoomSurveys.baseDisagreement() <= 1)
    }

    @Test(
        """
        The fit's latitude delta passes 180° from ±78.26° (90 / 1.15), and the antimeridian pair is the whole \
        world up to d = 23.48° (180 · 0.15 / 1.15)
        """) func fitThresholds()
    {
        #expect(abs(FitSurveys.latitudeOver180Threshold() - 90 / 1.15) < 1e-6)
        let antimeridian = FitSurveys.antimeridianWholeWorldThreshold()
        #expect(abs(antimeridian.halfGap - 180 * 0.15 / 1.15) < 1e-6)
        #expect(abs(antimeridian.centerLongitude) < 1e-9)
    }
}
