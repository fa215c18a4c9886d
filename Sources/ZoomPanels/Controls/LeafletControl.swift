import Foundation
import MercatorCore

/// A correct implementation in Leaflet's style: `L.Projection.SphericalMercator` with the
/// EPSG:3857 transformation, and `getBoundsZoom` as the getter.
///
/// Route: metres x = R·λ, y = R·ln((1 + sin φ) / (1 − sin φ)) / 2 (R = 6,378,137 m), then the
/// affine `Transformation(s, 0.5, −s, 0.5)` with s = 0.5 / (πR), times the world width W.
/// The inverse is Leaflet's `unproject`: φ = 2·atan(e^(y/R)) − π/2. Leaflet clamps latitudes
/// to ±85.0511287798° before projecting; this control does not (that clamp would make y
/// constant beyond the band), except in the getter, as `getBoundsZoom` sees it.
///
/// The getter is `getBoundsZoom(bounds, inside: false)`: the region's edges (MapKit's reading,
/// centre ± delta / 2) are projected into the zoom-0 world, and the zoom is
/// log2(min(width / Δx, height / Δy)) — the zoom at which both the latitude and the longitude
/// extents fit. `level` is Leaflet's snap: the zoom rounded to 1/100 ("don't jump if within 1%
/// of a snap level"), then floored, then clamped to 0...28.
///
/// Declares: `zoomSource: .latitudeAndLongitude`, `levelRounding: .unspecified` (the 1%
/// snap is not the `fitting` rule). Otherwise ZoomCheck's defaults; largest-gap fit.
package struct LeafletControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-leaflet" }

    package var capabilities: Capabilities {
        Capabilities(levelRounding: .unspecified, zoomSource: .latitudeAndLongitude)
    }

    /// `SphericalMercator.R`: the WGS 84 semi-major axis in metres.
    static let radius = 6_378_137.0
    /// The transformation's scale, 0.5 / (πR): metres to fractions of the world.
    static let transformScale = 0.5 / (Double.pi * radius)
    /// Leaflet's snap step for the level: 1% of a zoom level (`zoomSnap / 100`).
    static let snapStep = 0.01

    /// Leaflet's `project` (without the band clamp): metres.
    static func metres(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let degree = Double.pi / 180, sine = sin(coordinate.latitude * degree)
        return (radius * coordinate.longitude * degree, radius * log((1 + sine) / (1 - sine)) / 2)
    }

    /// Leaflet's `transform` at a world `worldWidth` px wide.
    static func pixel(metres: (x: Double, y: Double), worldWidth: Double) -> (x: Double, y: Double) {
        (worldWidth * (transformScale * metres.x + 0.5), worldWidth * (-transformScale * metres.y + 0.5))
    }

    /// Leaflet's `untransform` then `unproject`.
    static func coordinate(x: Double, y: Double, worldWidth: Double) -> Coordinate {
        let metresX = (x / worldWidth - 0.5) / transformScale, metresY = (y / worldWidth - 0.5) / -transformScale
        let degrees = 180 / Double.pi
        return Coordinate(
            latitude: (2 * atan(exp(metresY / radius)) - Double.pi / 2) * degrees, longitude: metresX * degrees / radius
        )
    }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        let point = Self.pixel(metres: Self.metres(coordinate), worldWidth: convention.worldWidth(atZoom: zoom))
        return PixelPoint(x: point.x, y: point.y, zoom: zoom, convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        return Self.coordinate(x: pixel.x, y: pixel.y, worldWidth: world)
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let world = convention.worldWidth(atZoom: zoom)
        // `getPixelBounds`, rows clipped to the world, then `unproject` of the corners.
        let centre = Self.pixel(metres: Self.metres(center), worldWidth: world)
        let top = max(0, centre.y - viewport.heightInPoints / 2),
            bottom = min(world, centre.y + viewport.heightInPoints / 2)
        let north = Self.coordinate(x: centre.x, y: top, worldWidth: world).latitude
        let south = Self.coordinate(x: centre.x, y: bottom, worldWidth: world).latitude
        let widthInMetres = viewport.widthInPoints / world / Self.transformScale
        let longitudeDelta = min(360, widthInMetres * (180 / Double.pi) / Self.radius)
        let latitudeDelta = PoleLimit.clamp(north - south, centeredAt: center.latitude)
        return Region(center: center, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    package func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        let boundsHeight = Self.boundsHeight(region, convention: convention)
        return try Self.reading(region, boundsHeight: boundsHeight, viewport: viewport, convention: convention)
    }

    /// `getBoundsZoom`'s bounds height: the region's edges in zoom-0 pixels, latitudes
    /// clamped to the band as Leaflet's projection clamps them.
    static func boundsHeight(_ region: Region, convention: ZoomConvention) -> Double {
        let zeroWorld = convention.worldWidthAtZoomZero
        func clampedY(_ latitude: Double) -> Double {
            let clamped = max(-MercatorMath.latitudeLimit, min(MercatorMath.latitudeLimit, latitude))
            return pixel(metres: metres(Coordinate(latitude: clamped, longitude: 0)), worldWidth: zeroWorld).y
        }
        return clampedY(region.southEdge) - clampedY(region.northEdge)
    }

    /// `getBoundsZoom`'s last steps, given the bounds' height in zoom-0 pixels: the scale at
    /// which both extents fit, its log2, and the snapped, floored, clamped level.
    static func reading(_ region: Region, boundsHeight: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> ZoomReading
    {
        let boundsWidth = region.span.longitudeDelta / 360 * convention.worldWidthAtZoomZero
        let scale = min(viewport.widthInPoints / boundsWidth, viewport.heightInPoints / boundsHeight)
        let zoom = try PanelInput.checkReading(log2(scale), region)
        let snapped = (zoom / Self.snapStep).rounded() * Self.snapStep
        let level = Int(min(Double(FittingLevel.highest), max(Double(FittingLevel.lowest), snapped.rounded(.down))))
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        return PanelFit.region(points, arc: .largestGap(points.map(\.longitude)), padding: .documents)
    }
}
