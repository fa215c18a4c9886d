/// The region a viewport shows at a zoom: `setCenterCoordinate:zoomLevel:` corrected.
extension WebMercator {
    /// The region a map view of `viewport` shows when centred on `center` at `zoom`.
    ///
    /// The visible pixel rectangle at `zoom` is `viewport` (points are the convention's pixels,
    /// see `Viewport`) centred on the projected centre. Its longitude extent is
    /// 360° · width / W; its latitude extent is that of its rows. The region keeps `center`
    /// as its centre (the contract of set-centre) and is always valid, by three clamps:
    ///
    /// 1. 360° of longitude: a viewport wider than the world shows the whole world once, so
    ///    `longitudeDelta = min(360, 360 · width / W)`.
    /// 2. The Mercator limit: rows above y = 0 or below y = W show no map, so the rows are
    ///    clipped to 0...W before converting them to latitudes (at most ±85.0511°).
    /// 3. The poles: MapKit reads a region as `center ± latitudeDelta / 2`, so the delta is
    ///    lowered to `2 (90 − |center|)` when needed (then by ulps until the edges compare
    ///    ≤ 90 exactly). This only binds at low zoom, where the viewport holds more latitude
    ///    than a region symmetric about its centre can describe.
    ///
    /// - Parameters:
    ///   - center: Latitude within the Mercator band ±85.05112877980659° (where a map view can
    ///     centre), longitude within -180...180, degrees.
    ///   - zoom: 0...28, fractional allowed, in `convention`.
    ///   - viewport: Positive, finite width and height in points and pixels-per-point.
    ///   - convention: How wide the world is at `zoom`.
    /// - Throws: `invalidLatitude`, `invalidLongitude`, `invalidZoom`, `invalidViewport`,
    ///   each naming the value.
    ///
    /// Accuracy: `longitudeDelta` has one rounding (exact at integer zooms for integer
    /// widths below 2^44, a power-of-two division); `latitudeDelta` is the difference of two
    /// latitudes each within a few ulps.
    public func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let world = convention.worldWidth(atZoom: zoom)
        let longitudeDelta = Self.longitudeDelta(
            widthInPoints: viewport.widthInPoints, zoom: zoom, convention: convention)

        let centerY = Self.y(latitude: center.latitude, worldWidth: world)
        let halfHeight = viewport.heightInPoints / 2
        let topY = Swift.max(0, centerY - halfHeight)
        let bottomY = Swift.min(world, centerY + halfHeight)
        let visibleDelta = Self.latitude(y: topY, worldWidth: world) - Self.latitude(y: bottomY, worldWidth: world)
        let latitudeDelta = PoleLimit.clamp(visibleDelta, centeredAt: center.latitude)

        return Region(center: center, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    /// The longitude delta a viewport `widthInPoints` wide shows at `zoom`, clamped at 360°.
    public static func longitudeDelta(widthInPoints: Double, zoom: Double, convention: ZoomConvention) -> Double {
        Swift.min(360, 360 * widthInPoints / convention.worldWidth(atZoom: zoom))
    }
}
