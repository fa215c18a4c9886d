import Foundation
import MercatorCore

/// A correct port of the documents' own route (002, the zoom-level category) in double
/// precision.
///
/// Route: everything in the blog's zoom-20 pixel space (a 2^29-px world, `MERCATOR_OFFSET`
/// 268,435,456 and `MERCATOR_RADIUS` = offset / π), with the blog's formulas and their
/// evaluation order. The span is the blog's: scale the viewport by 2^(20 − zoom), take the
/// top-left pixel, convert both edges to coordinates and subtract (maxLng − minLng,
/// −(maxLat − minLat)). The getter is the comments' log2 of the ratio of the span in zoom-20
/// pixels to the viewport width. What it corrects: no `round()`, no single precision, the
/// exponent base follows the convention (20 for seed512, 21 for tile256), no hidden × 2 in
/// the getter, fractional zooms, and the three clamps that keep regions valid.
///
/// Because each edge is a longitude near ±180° computed separately, a span keeps about
/// ulp(2^28) = 6e-8 zoom-20 px of absolute error: at zoom 28 on a 1-pt view that is a
/// relative error of about 1.5e-5 in `longitudeDelta`. That is the route's honest cost.
///
/// `level` keeps the `fitting` rule with that cost allowed for: a level holds the region when
/// its span, plus `levelSlack`, holds the longitude delta. Without the slack, a region whose
/// span is exactly 360° · width / W (as another implementation computes it) would read one
/// level low whenever this route's two edges round the span a few ulps short.
///
/// Conventions: ZoomCheck's defaults. The fit takes the largest-gap arc.
package struct DocumentsControl: ZoomImplementation {
    package init() {}
    package var name: String { "control-documents" }

    /// `MERCATOR_OFFSET`: half the zoom-20 seed512 world, 2^28 px.
    static let offset = 268_435_456.0
    /// `MERCATOR_RADIUS`: the zoom-20 world's radius in px, offset / π ≈ 85,445,659.447.
    static let radius = offset / Double.pi
    /// The zoom-20 seed512 world's width: 2^29 px.
    static let worldWidth = 2 * offset

    /// Slack in degrees for the level's span comparison: 4 ulps of a zoom-20 edge in
    /// 2^28...2^30 px (4 · 2^-22 px, the rounding of two edges with room to spare), converted
    /// at 180 / (π · radius) degrees per px: about 6.3e-13°.
    static let levelSlack = 4 * 0x1p-22 * 180 / (Double.pi * radius)

    /// `longitudeToPixelSpaceX`, unrounded: zoom-20 px.
    static func pixelX(longitude: Double) -> Double { offset + radius * longitude * Double.pi / 180.0 }
    /// `latitudeToPixelSpaceY`, unrounded and in double: zoom-20 px.
    static func pixelY(latitude: Double) -> Double {
        let sine = sin(latitude * Double.pi / 180.0)
        return offset - radius * log((1 + sine) / (1 - sine)) / 2.0
    }
    /// `pixelSpaceXToLongitude`, unrounded.
    static func longitude(pixelX: Double) -> Double { ((pixelX - offset) / radius) * 180.0 / Double.pi }
    /// `pixelSpaceYToLatitude`, unrounded.
    static func latitude(pixelY: Double) -> Double {
        (Double.pi / 2.0 - 2.0 * atan(exp((pixelY - offset) / radius))) * 180.0 / Double.pi
    }

    /// Zoom-20 seed512 pixels per point at `zoom`: 2^(20 − zoom) in seed512, 2^(21 − zoom) in tile256.
    static func zoomScale(zoom: Double, convention: ZoomConvention) -> Double {
        exp2(20 + Double(1 - convention.levelsAboveTile256) - zoom)
    }

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        let perZoom20Pixel = convention.worldWidth(atZoom: zoom) / Self.worldWidth
        return PixelPoint(
            x: Self.pixelX(longitude: coordinate.longitude) * perZoom20Pixel,
            y: Self.pixelY(latitude: coordinate.latitude) * perZoom20Pixel, zoom: zoom, convention: convention)
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        let toZoom20 = Self.worldWidth / world
        return Coordinate(
            latitude: Self.latitude(pixelY: pixel.y * toZoom20), longitude: Self.longitude(pixelX: pixel.x * toZoom20))
    }

    /// maxLng − minLng of a viewport `widthInPoints` wide centred on `centerLongitude`, at 360° at most.
    static func longitudeDelta(centerLongitude: Double, widthInPoints: Double, zoom: Double, convention: ZoomConvention)
        -> Double
    {
        let scaledMapWidth = widthInPoints * zoomScale(zoom: zoom, convention: convention)
        let topLeftPixelX = pixelX(longitude: centerLongitude) - scaledMapWidth / 2
        let minLng = longitude(pixelX: topLeftPixelX)
        let maxLng = longitude(pixelX: topLeftPixelX + scaledMapWidth)
        return min(360, maxLng - minLng)
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let scaledMapHeight = viewport.heightInPoints * Self.zoomScale(zoom: zoom, convention: convention)
        let topLeftPixelY = Self.pixelY(latitude: center.latitude) - scaledMapHeight / 2
        // Rows above y = 0 or below the world's height show no map: clip before converting.
        let minLat = Self.latitude(pixelY: max(0, topLeftPixelY))
        let maxLat = Self.latitude(pixelY: min(Self.worldWidth, topLeftPixelY + scaledMapHeight))
        let latitudeDelta = PoleLimit.clamp(-1 * (maxLat - minLat), centeredAt: center.latitude)
        let longitudeDelta = Self.longitudeDelta(
            centerLongitude: center.longitude, widthInPoints: viewport.widthInPoints, zoom: zoom, convention: convention
        )
        return Region(center: center, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    package func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        let delta = region.span.longitudeDelta
        // The comments' getter without the hidden × 2: zoom-20 px per point, then its log2.
        let zoomScale = delta * Self.radius * Double.pi / (180.0 * viewport.widthInPoints)
        let base = 20 + Double(1 - convention.levelsAboveTile256)
        let zoom = try PanelInput.checkReading(base - log2(zoomScale), region)
        let level = FittingLevel.largest(near: zoom) { level in
            Self.longitudeDelta(
                centerLongitude: region.center.longitude, widthInPoints: viewport.widthInPoints, zoom: Double(level),
                convention: convention) + Self.levelSlack >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        return PanelFit.region(points, arc: .largestGap(points.map(\.longitude)), padding: .documents)
    }
}
