import Foundation
import MercatorCore

/// A correct implementation that computes through EPSG:3857 metres, as proj and OpenLayers do.
///
/// Route: x = R·λ and y = R·ln tan(π/4 + φ/2) in metres (R = 6,378,137 m, the WGS 84
/// semi-major axis), then scaled to pixels by W / (2πR), W the world width at the zoom.
/// The inverse is proj 4's spherical `pj_merc` inverse, φ = π/2 − 2·atan(e^(−y/R)). Spans are
/// metres per point times the viewport; the getter is OpenLayers' `getZoomForResolution`:
/// zoom = log2(2πR / (W₀ · metres per point)).
///
/// Conventions: ZoomCheck's defaults (both conventions, fractional zooms, `fitting` levels,
/// the documents' fit padding, exact error codes). The fit takes the largest-gap arc.
package struct MetresControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-metres" }

    /// The WGS 84 semi-major axis in metres (EPSG:3857's sphere radius).
    static let radius = 6_378_137.0
    /// The Mercator world's width in metres: 2πR, about 40,075,016.7 m.
    static let worldMetres = 2 * Double.pi * radius

    /// Metres covered by one pixel (or point) of a world `worldWidth` pixels wide.
    static func metresPerPixel(worldWidth: Double) -> Double { worldMetres / worldWidth }

    /// Northing in metres of a latitude in degrees (proj's spherical forward).
    static func northing(latitude: Double) -> Double {
        radius * log(tan(Double.pi / 4 + latitude * (Double.pi / 180) / 2))
    }

    /// Latitude in degrees of a northing in metres (proj 4's spherical inverse).
    static func latitude(northing: Double) -> Double {
        (Double.pi / 2 - 2 * atan(exp(-northing / radius))) * (180 / Double.pi)
    }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        let perPixel = Self.metresPerPixel(worldWidth: convention.worldWidth(atZoom: zoom))
        let easting = Self.radius * (coordinate.longitude * (Double.pi / 180))
        return PixelPoint(
            x: (easting + Self.worldMetres / 2) / perPixel,
            y: (Self.worldMetres / 2 - Self.northing(latitude: coordinate.latitude)) / perPixel, zoom: zoom,
            convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        let perPixel = Self.metresPerPixel(worldWidth: world)
        let easting = pixel.x * perPixel - Self.worldMetres / 2
        let northing = Self.worldMetres / 2 - pixel.y * perPixel
        // x is within the world, so the true longitude is within ±180°; the three roundings of
        // πR, ÷R and ×180/π can put x = 0 at −180.00000000000003°, which `project` would then
        // refuse. proj's `adjlon` tolerates the overshoot; here it is clamped away.
        let longitude = min(180, max(-180, easting / Self.radius * (180 / Double.pi)))
        return Coordinate(latitude: Self.latitude(northing: northing), longitude: longitude)
    }

    /// Longitude delta in degrees of `widthInPoints` at `zoom`, clamped at 360°.
    static func longitudeDelta(widthInPoints: Double, zoom: Double, convention: ZoomConvention) -> Double {
        let metres = widthInPoints * metresPerPixel(worldWidth: convention.worldWidth(atZoom: zoom))
        return min(360, metres / radius * (180 / Double.pi))
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let perPixel = Self.metresPerPixel(worldWidth: convention.worldWidth(atZoom: zoom))
        // Rows are clipped to the world's metres (±πR) before they become latitudes.
        let centreNorthing = Self.northing(latitude: center.latitude)
        let halfHeight = viewport.heightInPoints / 2 * perPixel
        let north = min(Self.worldMetres / 2, centreNorthing + halfHeight)
        let south = max(-Self.worldMetres / 2, centreNorthing - halfHeight)
        let latitudeDelta = PoleLimit.clamp(
            Self.latitude(northing: north) - Self.latitude(northing: south), centeredAt: center.latitude)
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
        let resolution = delta * (Double.pi / 180) * Self.radius / viewport.widthInPoints
        let zoom = try PanelInput.checkReading(
            log2(Self.worldMetres / (convention.worldWidthAtZoomZero * resolution)), region)
        let level = FittingLevel.largest(near: zoom) { level in
            Self.longitudeDelta(widthInPoints: viewport.widthInPoints, zoom: Double(level), convention: convention)
                >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        return PanelFit.region(points, arc: .largestGap(points.map(\.longitude)), padding: .documents)
    }
}
