import Foundation
import MercatorCore

/// A correct implementation that computes through the unit square, as tile libraries do.
///
/// Route: x01 = (λ + 180) / 360 and y01 = 0.5 − ln((1 + sin φ) / (1 − sin φ)) / (4π), as
/// the Google Maps JavaScript API's `MercatorProjection` sample and Mapbox's tile maths
/// write it, then × W. The inverse is the OpenStreetMap wiki's
/// φ = atan(½(eⁿ − e⁻ⁿ)) with n = π(1 − 2·y01). Spans are fractions of the world
/// (`width / W`); the getter is zoom = log2(width / (W₀ · Δλ / 360)).
///
/// Multiplying a fraction by W puts pixel x on a grid of ulp(x01)·W (about 6e-8 px at zoom 20
/// in seed512), which is correct rounding, not quantisation.
///
/// Conventions: ZoomCheck's defaults. The fit tries every point as the western edge.
package struct NormalisedControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-normalised" }

    /// Fraction of the world's height above a latitude in degrees (0 at the top edge).
    static func y01(latitude: Double) -> Double {
        let sine = sin(latitude * (Double.pi / 180))
        return 0.5 - log((1 + sine) / (1 - sine)) / (4 * Double.pi)
    }

    /// Latitude in degrees of a fraction of the world's height.
    static func latitude(y01: Double) -> Double {
        let n = Double.pi * (1 - 2 * y01)
        return atan(0.5 * (exp(n) - exp(-n))) * (180 / Double.pi)
    }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        let world = convention.worldWidth(atZoom: zoom)
        let x01 = (coordinate.longitude + 180) / 360
        return PixelPoint(
            x: x01 * world, y: Self.y01(latitude: coordinate.latitude) * world, zoom: zoom, convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        return Coordinate(latitude: Self.latitude(y01: pixel.y / world), longitude: pixel.x / world * 360 - 180)
    }

    /// Longitude delta in degrees of `widthInPoints` at `zoom`, clamped at 360°.
    static func longitudeDelta(widthInPoints: Double, zoom: Double, convention: ZoomConvention) -> Double {
        min(360, widthInPoints / convention.worldWidth(atZoom: zoom) * 360)
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let world = convention.worldWidth(atZoom: zoom)
        // Rows as fractions of the world's height, clipped to 0...1 before they become latitudes.
        let centreY01 = Self.y01(latitude: center.latitude)
        let halfHeight01 = viewport.heightInPoints / world / 2
        let top01 = max(0, centreY01 - halfHeight01), bottom01 = min(1, centreY01 + halfHeight01)
        let latitudeDelta = PoleLimit.clamp(
            Self.latitude(y01: top01) - Self.latitude(y01: bottom01), centeredAt: center.latitude)
        let longitudeDelta = Self.longitudeDelta(
            widthInPoints: viewport.widthInPoints, zoom: zoom, convention: convention)
        return Region(center: center, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    package func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        let delta = region.span.longitudeDelta
        let worldFraction = delta / 360
        let zoom = try PanelInput.checkReading(
            log2(viewport.widthInPoints / (convention.worldWidthAtZoomZero * worldFraction)), region)
        let level = FittingLevel.largest(near: zoom) { level in
            Self.longitudeDelta(widthInPoints: viewport.widthInPoints, zoom: Double(level), convention: convention)
                >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        return PanelFit.region(points, arc: .bestWesternEdge(points.map(\.longitude)), padding: .documents)
    }
}
