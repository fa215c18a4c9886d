import Foundation

/// Reading the zoom back from a region: the getter, corrected.
extension WebMercator {
    /// The zoom at which `viewport` shows exactly `region`'s longitude span.
    ///
    /// zoom = log2(360 · width / (W₀ · longitudeDelta)), W₀ the convention's world width at
    /// zoom 0. Longitude is used, as MapKit's own zoom does, because it is linear in pixels;
    /// a region's latitude extent depends on where it is centred.
    ///
    /// `level` is the largest integer zoom in 0...28 whose longitude span (computed by the
    /// same formula `region(centeredAt:)` uses) still holds the whole `longitudeDelta` — the
    /// level at which the region fits. It is decided by comparing spans, not by flooring the
    /// logarithm, so a zoom that is an integer up to rounding reads back as that integer.
    ///
    /// - Parameters:
    ///   - region: A valid region (see `Region.isValid`) with `longitudeDelta > 0`.
    ///   - viewport: Positive, finite width, height and scale; the scale does not matter.
    ///   - convention: The convention the zoom is read in (W₀ is its world width at zoom 0).
    /// - Throws: `invalidSpan` for an invalid region or a longitude delta of 0 or one so small
    ///   that the zoom overflows; `invalidViewport`.
    ///
    /// Accuracy: the ratio has one rounding at integer widths, so the zoom is within about
    /// one ulp of the exact value (absolute error ≤ 1.6e-16 from the ratio's rounding).
    public func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        let longitudeDelta = region.span.longitudeDelta
        let zoom = log2(360 * viewport.widthInPoints / (convention.worldWidthAtZoomZero * longitudeDelta))
        guard zoom.isFinite else {
            throw .invalidSpan(
                """
                longitudeDelta \(NumberText.shortest(longitudeDelta)) on a \
                \(NumberText.shortest(viewport.widthInPoints))-pt view gives a zoom that is not finite
                """)
        }
        return ZoomReading(
            zoom: zoom,
            level: Self.fittingLevel(
                longitudeDelta: longitudeDelta, widthInPoints: viewport.widthInPoints, near: zoom,
                convention: convention))
    }

    /// The largest integer zoom in `supportedZooms` whose longitude span holds `longitudeDelta`
    /// (`FittingLevel`, with this core's span formula).
    static func fittingLevel(
        longitudeDelta: Double, widthInPoints: Double, near zoom: Double, convention: ZoomConvention
    ) -> Int {
        FittingLevel.largest(near: zoom) { level in
            Self.longitudeDelta(widthInPoints: widthInPoints, zoom: Double(level), convention: convention)
                >= longitudeDelta
        }
    }
}
