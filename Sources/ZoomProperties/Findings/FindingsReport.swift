import MercatorCore

/// The numeric edge cases of the documents' code, measured: `zoomcheck report` prints this.
package enum FindingsReport {
    /// Every survey, rendered as report lines.
    package static func render() -> [String] {
        var lines = SinglePrecisionSurvey.measure().render()
        lines.append("")
        lines.append("Zoom round trip (seed setter then seed getter, 460-pt-high view, zooms 0...28):")
        lines.append("  the getter's hidden ×2 reads every zoom one level high; the rows say where even z + 1 fails")
        for row in ZoomSurveys.roundTrip() {
            let wrong =
                row.firstZoomWithWrongLevel.map { "from zoom \($0) (\(row.readingAtFirstWrongLevel))" } ?? "never"
            let quantised = row.firstQuantisedZoom.map { "from zoom \($0)" } ?? "never"
            lines.append(
                """
                  width \(NumberText.shortest(row.widthInPoints)) pt: level ≠ z + 1 \(wrong); span quantised by \
                round() \(quantised)
                """)
        }
        lines.append("")
        lines.append("Zoom 0: narrowest viewport whose span exceeds 360° of longitude:")
        for (variant, width) in ZoomSurveys.zoomZeroWidthThresholds() {
            lines.append("  \(variant): \(width.map { "\($0) pt" } ?? "none up to 8192 pt")")
        }
        lines.append("  corrected: never (clamped to 360°)")
        lines.append("")
        lines.append(
            """
            Low zoom: lowest centre latitude from which the seed's region reaches past the north pole (320×460 \
            view):
            """)
        for (zoom, latitude) in ZoomSurveys.poleReachThresholds() {
            lines.append("  zoom \(zoom): \(latitude.map { micro($0) + "°" } ?? "no centre in the Mercator band")")
        }
        lines.append("")
        lines.append(
            """
            0-vs-1 base: seed span at z vs tile256 span at z + 1, worst difference \
            \(NumberText.shortest(ZoomSurveys.baseDisagreement())) seed px at zoom 20 (the seed's rounding \
            quantum)
            """)
        lines.append("")
        let latitude = FitSurveys.latitudeOver180Threshold()
        lines.append(
            """
            Fit: two points at ±L give a latitude delta over 180° from L = \(micro(latitude))° (180 / 2 / 1.15 \
            = \
            \(micro(90 / 1.15)))
            """)
        let antimeridian = FitSurveys.antimeridianWholeWorldThreshold()
        lines.append(
            """
            Fit: points at ±(180 − d) on the equator give the whole world for d up to \
            \(micro(antimeridian.halfGap))°, centred at longitude \
            \(NumberText.shortest(antimeridian.centerLongitude))
            """)
        lines.append("")
        lines.append(
            """
            Targeted search (CaseContext.target, seed 0x20100122, \(Int(TargetedSearches.targetingShare * 100))% \
            of the cases hill-climbing, the rest random) against exhaustive surveys:
            """)
        for comparison in TargetedSearches.all() { lines.append("  " + comparison.line) }
        return lines
    }

    /// A value in degrees rounded to 1e-6° (the surveys' bisection resolution or finer).
    private static func micro(_ degrees: Double) -> String { NumberText.shortest((degrees * 1e6).rounded() / 1e6) }
}
