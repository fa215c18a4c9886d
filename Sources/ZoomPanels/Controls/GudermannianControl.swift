import Foundation
import MercatorCore

/// A correct implementation that evaluates the Gudermannian pair and the spans in another
/// order, as the OpenStreetMap wiki's "Slippy map tilenames" code does.
///
/// Route: ψ = asinh(tan φ) (gd⁻¹) and φ = atan(sinh ψ), both in radians; pixels measured from
/// the world's centre, x = W·λ/360 + W/2 and y = W/2 − W·ψ/(2π). Spans are built from halves:
/// `longitudeDelta = 2 × (half the width in degrees)`, and `latitudeDelta` is the northern
/// half (north edge − centre) plus the southern half (centre − south edge). The getter sums
/// logarithms: zoom = log2(360 / W₀) + log2(width / 2) − log2(Δλ / 2), an evaluation order
/// that carries a few ulps of 10 (about 2e-15 levels) where the ratio form carries one.
///
/// Conventions: ZoomCheck's defaults. The fit tries every point as the western edge.
package struct GudermannianControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-gudermannian" }

    /// Isometric latitude ψ in radians of a latitude in degrees (gd⁻¹ φ = asinh(tan φ)).
    static func psi(latitude: Double) -> Double { asinh(tan(latitude * (Double.pi / 180))) }
    /// Latitude in degrees of ψ in radians (gd ψ = atan(sinh ψ)).
    static func latitude(psi: Double) -> Double { atan(sinh(psi)) * (180 / Double.pi) }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        let world = convention.worldWidth(atZoom: zoom)
        return PixelPoint(
            x: world * coordinate.longitude / 360 + world / 2,
            y: world / 2 - world * Self.psi(latitude: coordinate.latitude) / (2 * Double.pi), zoom: zoom,
            convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        let psi = (world / 2 - pixel.y) / world * (2 * Double.pi)
        return Coordinate(latitude: Self.latitude(psi: psi), longitude: (pixel.x - world / 2) / world * 360)
    }

    /// Longitude delta of `widthInPoints` at `zoom` as twice the half-span, clamped at 360°.
    static func longitudeDelta(widthInPoints: Double, zoom: Double, convention: ZoomConvention) -> Double {
        let halfSpan = (widthInPoints / 2) / convention.worldWidth(atZoom: zoom) * 360
        return min(360, 2 * halfSpan)
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let world = convention.worldWidth(atZoom: zoom)
        // ψ of the edges, clipped to the square world's ±π before they become latitudes.
        let centrePsi = Self.psi(latitude: center.latitude)
        let halfHeightPsi = viewport.heightInPoints / 2 / world * (2 * Double.pi)
        let north = Self.latitude(psi: min(Double.pi, centrePsi + halfHeightPsi))
        let south = Self.latitude(psi: max(-Double.pi, centrePsi - halfHeightPsi))
        let latitudeDelta = PoleLimit.clamp(
            (north - center.latitude) + (center.latitude - south), centeredAt: center.latitude)
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
        let sum = log2(360 / convention.worldWidthAtZoomZero) + log2(viewport.widthInPoints / 2) - log2(delta / 2)
        let zoom = try PanelInput.checkReading(sum, region)
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
