import Foundation
import MercatorCore

/// A correct implementation through the tangent-half-angle identities, with its own policies
/// for padding, refusals and centres.
///
/// Route: ψ = 2·atanh(tan(φ/2)) and φ = 2·atan(tanh(ψ/2)) (the half-angle forms of the
/// Mercator ordinate in Snyder's *Map Projections — A Working Manual*), which neither cancel
/// near the equator nor take a tangent near 90°. The span is the viewport width times
/// 2^(−zoom) times 360 / W₀; the getter is the JavaScript idiom ln(ratio) / ln 2.
///
/// Policies it declares (all legitimate, none ZoomCheck's):
/// - `fitPadding: nil`: a 10% margin on each side (× 1.2), at least 0.01°.
/// - `badInput: .refuses`: every bad coordinate is refused as `invalid-latitude`, longitudes
///   included (one guard for the pair, as many libraries write it).
/// - `centreLimit: .none`: any centre latitude in -90...90; rows beyond the world are clipped
///   as usual, so a centre near a pole gives a thin, valid region.
/// The fit takes the largest-gap arc.
package struct HalfAngleControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-half-angle" }

    package var capabilities: Capabilities { Capabilities(fitPadding: nil, badInput: .refuses, centreLimit: .none) }

    /// A 10% margin on each side of the points' extent, at least 0.01° (about 1.1 km).
    static let padding = Capabilities.FitPadding(factor: 1.2, minimumDelta: 0.01)

    /// ψ in radians of a latitude in degrees.
    static func psi(latitude: Double) -> Double { 2 * atanh(tan(latitude * (Double.pi / 180) / 2)) }
    /// Latitude in degrees of ψ in radians.
    static func latitude(psi: Double) -> Double { 2 * atan(tanh(psi / 2)) * (180 / Double.pi) }

    static func check(_ coordinate: Coordinate, latitudeLimit: Double, inclusive: Bool) throws(ProjectionError) {
        let latitudeOK =
            coordinate.latitude.isFinite
            && (inclusive ? abs(coordinate.latitude) <= latitudeLimit : abs(coordinate.latitude) < latitudeLimit)
        guard latitudeOK, coordinate.longitude.isFinite, abs(coordinate.longitude) <= 180 else {
            throw .invalidLatitude("coordinate \(coordinate) is not on the map")
        }
    }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try Self.check(coordinate, latitudeLimit: 90, inclusive: false)
        try InputPolicy.checkZoom(zoom)
        let world = convention.worldWidth(atZoom: zoom)
        return PixelPoint(
            x: (coordinate.longitude / 360 + 0.5) * world,
            y: (0.5 - Self.psi(latitude: coordinate.latitude) / (2 * Double.pi)) * world, zoom: zoom,
            convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkZoom(pixel.zoom)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        guard pixel.x.isFinite, pixel.y.isFinite, pixel.x >= 0, pixel.x <= world else {
            throw .invalidLatitude("pixel \(pixel) is not on the map")
        }
        return Coordinate(
            latitude: Self.latitude(psi: (0.5 - pixel.y / world) * (2 * Double.pi)),
            longitude: (pixel.x / world - 0.5) * 360)
    }

    /// Longitude delta of a view `widthInPoints` wide at `zoom`, clamped at 360°.
    static func longitudeDelta(widthInPoints: Double, zoom: Double, convention: ZoomConvention) -> Double {
        min(360, widthInPoints * exp2(-zoom) * (360 / convention.worldWidthAtZoomZero))
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try Self.check(center, latitudeLimit: 90, inclusive: true)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let world = convention.worldWidth(atZoom: zoom)
        let centreY = (0.5 - Self.psi(latitude: center.latitude) / (2 * Double.pi)) * world
        let top = min(world, max(0, centreY - viewport.heightInPoints / 2))
        let bottom = max(0, min(world, centreY + viewport.heightInPoints / 2))
        let visible =
            Self.latitude(psi: (0.5 - top / world) * (2 * Double.pi))
            - Self.latitude(psi: (0.5 - bottom / world) * (2 * Double.pi))
        let latitudeDelta = PoleLimit.clamp(visible, centeredAt: center.latitude)
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
        let ratio = 360 * viewport.widthInPoints / (convention.worldWidthAtZoomZero * delta)
        let zoom = try PanelInput.checkReading(log(ratio) / M_LN2, region)
        let level = FittingLevel.largest(near: zoom) { level in
            Self.longitudeDelta(widthInPoints: viewport.widthInPoints, zoom: Double(level), convention: convention)
                >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        guard !points.isEmpty else { throw .emptyInput("fit needs at least one point") }
        for point in points { try Self.check(point, latitudeLimit: 90, inclusive: true) }
        return PanelFit.region(points, arc: .largestGap(points.map(\.longitude)), padding: Self.padding)
    }
}
