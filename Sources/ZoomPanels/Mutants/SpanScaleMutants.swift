import Foundation
import MercatorCore

/// The span multiplied by the screen scale (the viewport's pixels used as points), as ports
/// that pass `bounds.size * UIScreen.main.scale` do.
struct SpanUsesPixelsPerPoint: DelegatingMutant {
    var name: String { "mutant-span-uses-pixels-per-point" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let pixels = Viewport(
            widthInPoints: viewport.widthInPixels, heightInPoints: viewport.heightInPoints * viewport.pixelsPerPoint,
            pixelsPerPoint: 1)
        return try core.region(centeredAt: center, zoom: zoom, viewport: pixels, convention: convention)
    }
}

/// Mixed worlds: the span always in a 256-px world, whatever the convention (project in
/// seed512's 2^29-px space, span in MapKit's 2^28): seed512 spans come out twice as wide.
struct SpanIgnoresConvention: DelegatingMutant {
    var name: String { "mutant-span-ignores-convention" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: .tile256) }
}

/// `NSUInteger` arithmetic in `20 - zoomLevel` kept unsigned into `pow(2, ...)`: above zoom 20
/// the exponent wraps to about 2^64, the scale is +∞, and the view shows the whole world.
struct UnsignedZoomExponent: DelegatingMutant {
    var name: String { "mutant-unsigned-zoom-exponent" }

    /// The base of the exponent: the documents' 20 (seed512 zoom-20 pixel space).
    static let exponentBase: UInt = 20

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        var region = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        let whole = zoom.rounded(.down)
        guard whole > Double(Self.exponentBase) else { return region }
        let exponent = Double(Self.exponentBase &- UInt(whole)) - (zoom - whole)
        let scale = pow(2.0, exponent)
        // The scaled viewport is infinitely large: every longitude, every row of the world.
        region.span.longitudeDelta = min(360, 360 * viewport.widthInPoints * scale / convention.worldWidth(atZoom: 20))
        let everything = Viewport(widthInPoints: 1, heightInPoints: .greatestFiniteMagnitude)
        region.span.latitudeDelta = try core.region(
            centeredAt: center, zoom: 0, viewport: everything, convention: convention
        ).span.latitudeDelta
        return region
    }
}
