import Foundation
import MercatorCore

/// A user's own route, as `Documentation/library-guide.md` ("Reusing ZoomCheck's conventions")
/// shows it: its own span arithmetic, and ZoomCheck's conventions reused from
/// `MercatorCore/Conventions/` — the input policy, the pole limit, the fitting level and the
/// fit padding — instead of being copied. Projection delegates to the corrected core.
struct OwnRoute: ZoomImplementation {
    var name: String { "own-route" }
    private let core = WebMercator()

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    { try core.project(coordinate, zoom: zoom, convention: convention) }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        // Own arithmetic: the view's rows about the centre's row, clipped to the world.
        let world = convention.worldWidth(atZoom: zoom)
        let centreRow = world / 2 - world * asinh(tan(center.latitude * .pi / 180)) / (2 * .pi)
        func latitude(row: Double) -> Double { atan(sinh((0.5 - row / world) * 2 * .pi)) * 180 / .pi }
        let visible =
            latitude(row: max(0, centreRow - viewport.heightInPoints / 2))
            - latitude(row: min(world, centreRow + viewport.heightInPoints / 2))
        return Region(
            center: center,
            span: Span(
                latitudeDelta: PoleLimit.clamp(visible, centeredAt: center.latitude),
                longitudeDelta: min(360, 360 * viewport.widthInPoints / world)))
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        let delta = region.span.longitudeDelta
        let zoom = log2(360 * viewport.widthInPoints / (convention.worldWidthAtZoomZero * delta))
        guard zoom.isFinite else { throw .invalidSpan("longitudeDelta \(delta) gives a zoom that is not finite") }
        let level = FittingLevel.largest(near: zoom) { level in
            min(360, 360 * viewport.widthInPoints / convention.worldWidth(atZoom: Double(level))) >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        let latitudes = points.map(\.latitude)
        let south = latitudes.min()!, north = latitudes.max()!, centre = (south + north) / 2
        let arc = WebMercator.shortestLongitudeArc(points.map(\.longitude))
        let padding = Capabilities.FitPadding.documents
        return Region(
            center: Coordinate(latitude: centre, longitude: arc.center),
            span: Span(
                latitudeDelta: padding.paddedDelta(north - south, atMost: PoleLimit.delta(centeredAt: centre)),
                longitudeDelta: padding.paddedDelta(arc.length, atMost: 360)))
    }
}
