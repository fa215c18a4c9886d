import Foundation

/// The zoom-level getter from comment 8 of 002 (`MKMapView (ZoomLevelGetter)`).
///
/// Fidelity rules kept here (see `SeedPort` for the full list):
/// 1. Only the longitude delta is read; the latitude and the centre are ignored.
/// 2. `CGFloat mapWidthInPixels = self.bounds.size.width*2; //2 is for retina display`:
///    a hard-coded 2, whatever the screen's real scale (`Viewport.pixelsPerPoint` is ignored).
/// 3. `zoomScale = longitudeDelta * MERCATOR_RADIUS * M_PI / (180.0 * mapWidthInPixels)`,
///    left to right, in double.
/// 4. `MAX_GOOGLE_LEVELS` is not defined in the comment. Its value is 20: the Stack Overflow
///    answers that carry this getter define it as 20, and 20 is the zoom of the pixel space
///    `MERCATOR_RADIUS` belongs to (`longitudeDelta · RADIUS · π / 180` is the span in zoom-20
///    seed pixels, so 20 − log2 of its ratio to the width is a seed512 zoom). It does not
///    invert the setter exactly: with the hidden × 2 of rule 2, a region set at zoom z on a
///    w-point view reads back as z + 1 — one level high — which is a documented finding.
/// 5. `if (zoomer < 0) zoomer = 0; zoomer = round(zoomer); return (int)zoomer;` — the
///    `(int)` conversion of NaN, ±∞ or a value outside `Int32` is undefined behaviour, and
///    the port throws `invalidSpan` for it instead.
extension SeedPort {
    /// `MAX_GOOGLE_LEVELS` (see rule 4).
    public static let maxGoogleLevels: Double = 20
    /// The getter's hidden retina factor (rule 2).
    public static let getterRetinaFactor: Double = 2

    /// The fractional zoom the getter computes before clamping and rounding:
    /// `MAX_GOOGLE_LEVELS − log2(zoomScale)`.
    ///
    /// Not validated: NaN and ±∞ come back as values.
    public static func getterFractionalZoom(longitudeDelta: Double, viewport: Viewport) -> Double {
        let mapWidthInPixels = viewport.widthInPoints * getterRetinaFactor
        let zoomScale = longitudeDelta * mercatorRadius * Double.pi / (180.0 * mapWidthInPixels)
        return maxGoogleLevels - PortableMath.log2(zoomScale)
    }

    /// `getZoomLevel`: the integer the getter returns for a region shown in `viewport`.
    ///
    /// - Throws: `invalidSpan` when the original's final `(int)` conversion is undefined
    ///   (a longitude delta ≤ 0 or NaN, a zero-width viewport, ...), naming the value.
    public static func getZoomLevel(region: Region, viewport: Viewport) throws(ProjectionError) -> Int {
        var zoomer = getterFractionalZoom(longitudeDelta: region.span.longitudeDelta, viewport: viewport)
        if zoomer < 0 { zoomer = 0 }
        zoomer = zoomer.rounded()
        guard zoomer.isFinite, zoomer >= -2_147_483_648, zoomer <= 2_147_483_647 else {
            throw .invalidSpan(
                """
                longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) on a \
                \(NumberText.shortest(viewport.widthInPoints))-pt-wide view gives zoom \
                \(NumberText.shortest(zoomer)); the original's (int) conversion of it is undefined behaviour
                """)
        }
        return Int(zoomer)
    }
}
