import Foundation
import MercatorCore

/// A correct implementation through MapKit's map points, for integer tile256 zooms only.
///
/// Route: `MKMapPointForCoordinate` in a 2^28-point world (`MKMapSizeWorld`),
/// mx = (λ + 180) / 360 · 2^28 and my = (½ − ψ / 2π) · 2^28 with
/// ψ = ½·log1p(2 sin φ / (1 − sin φ)) (the documents' ln((1 + s)/(1 − s)) / 2 without the
/// cancellation of ln near 1); the inverse is φ = asin(tanh ψ). A tile256 zoom z shows
/// 2^(20 − z) map points per point, and the getter is MapKit's
/// zoom = 20 − log2(map-rect width / view width). Pixels are map points × W / 2^28.
///
/// Declares: `conventions: [.tile256]` (seed512 is `unsupported`) and
/// `fractionalZooms: false` (a fractional zoom in `region` is `unsupported`); `project`
/// takes any zoom. Otherwise ZoomCheck's defaults; the fit tries every western edge.
package struct MapPointControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-map-points" }

    package var capabilities: Capabilities { Capabilities(conventions: [.tile256], fractionalZooms: false) }

    /// `MKMapSizeWorld.width`: 2^28 map points.
    static let worldMapPoints = 268_435_456.0
    /// The tile256 zoom at which one map point is one pixel: 2^28 = 256 · 2^20.
    static let mapPointZoom = 20.0

    /// Isometric latitude ψ in radians of a latitude in degrees.
    static func psi(latitude: Double) -> Double {
        let sine = sin(latitude * (Double.pi / 180))
        return 0.5 * log1p(2 * sine / (1 - sine))
    }

    /// Latitude in degrees of a map point's y.
    static func latitude(mapPointY: Double) -> Double {
        let psi = (0.5 - mapPointY / worldMapPoints) * (2 * Double.pi)
        return asin(tanh(psi)) * (180 / Double.pi)
    }

    static func requireTile256(_ convention: ZoomConvention) throws(ProjectionError) {
        guard convention == .tile256 else {
            throw .unsupported("control-map-points works in tile256 (MapKit's map points) only, not \(convention)")
        }
    }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        try Self.requireTile256(convention)
        let perMapPoint = convention.worldWidth(atZoom: zoom) / Self.worldMapPoints
        let mapPointX = (coordinate.longitude + 180) / 360 * Self.worldMapPoints
        let mapPointY = (0.5 - Self.psi(latitude: coordinate.latitude) / (2 * Double.pi)) * Self.worldMapPoints
        return PixelPoint(x: mapPointX * perMapPoint, y: mapPointY * perMapPoint, zoom: zoom, convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        try Self.requireTile256(pixel.convention)
        let toMapPoints = Self.worldMapPoints / world
        return Coordinate(
            latitude: Self.latitude(mapPointY: pixel.y * toMapPoints),
            longitude: pixel.x * toMapPoints / Self.worldMapPoints * 360 - 180)
    }

    /// Map points per view point at an integer tile256 zoom: 2^(20 − zoom).
    static func mapPointsPerPoint(zoom: Double) -> Double { exp2(mapPointZoom - zoom) }

    /// Longitude delta of a view `widthInPoints` wide at `zoom`, clamped at 360°.
    static func longitudeDelta(widthInPoints: Double, zoom: Double) -> Double {
        min(360, widthInPoints * mapPointsPerPoint(zoom: zoom) / worldMapPoints * 360)
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        try Self.requireTile256(convention)
        guard zoom == zoom.rounded() else {
            throw .unsupported("control-map-points takes integer zoom levels only, not \(NumberText.shortest(zoom))")
        }
        let centreY = (0.5 - Self.psi(latitude: center.latitude) / (2 * Double.pi)) * Self.worldMapPoints
        let halfHeight = viewport.heightInPoints / 2 * Self.mapPointsPerPoint(zoom: zoom)
        let top = max(0, centreY - halfHeight), bottom = min(Self.worldMapPoints, centreY + halfHeight)
        let latitudeDelta = PoleLimit.clamp(
            Self.latitude(mapPointY: top) - Self.latitude(mapPointY: bottom), centeredAt: center.latitude)
        let longitudeDelta = Self.longitudeDelta(widthInPoints: viewport.widthInPoints, zoom: zoom)
        return Region(center: center, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    package func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        try Self.requireTile256(convention)
        let delta = region.span.longitudeDelta
        let mapRectWidth = delta / 360 * Self.worldMapPoints
        let zoom = try PanelInput.checkReading(Self.mapPointZoom - log2(mapRectWidth / viewport.widthInPoints), region)
        let level = FittingLevel.largest(near: zoom) { level in
            Self.longitudeDelta(widthInPoints: viewport.widthInPoints, zoom: Double(level)) >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        return PanelFit.region(points, arc: .bestWesternEdge(points.map(\.longitude)), padding: .documents)
    }
}
