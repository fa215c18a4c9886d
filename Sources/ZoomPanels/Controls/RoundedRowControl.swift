import MercatorCore

/// A correct implementation that snaps the map view's centre to a whole pixel before reading
/// its rows, as tile libraries do (they draw whole tiles at whole-pixel offsets).
///
/// Route: the corrected core, except in `span`, where the centre's row at the zoom is
/// rounded to the nearest whole pixel (C `round`, half away from zero) and the viewport's rows
/// are `round(y) ± height / 2`, clipped to the world. The centre reported stays the centre
/// asked for: the snap moves the image by under half a pixel, which no map user sees.
///
/// What it tests: a bound that allows the rounded row must allow every shift in −0.5…+0.5 px,
/// not only the ends. Near the equator the latitude extent of a window peaks where the window
/// is centred on it — inside the interval — so a property that samples −0.5, 0, +0.5 fails
/// this control by up to 2e-5° at low zoom.
///
/// Not in `ControlPanel.all`: its latitude spans differ from the core's by up to half a
/// pixel, more than the panel's agreement tests allow a route's rounding. It is checked
/// against every defect property in `RoundedRowControlTests`.
struct RoundedRowControl: DelegatingMutant {
    init() {}
    var name: String { "control-rounded-row" }
    var capabilities: Capabilities { .zoomCheckDefaults }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let exact = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        let world = convention.worldWidth(atZoom: zoom)
        let centreRow = WebMercator.y(latitude: center.latitude, worldWidth: world).rounded()
        let top = max(0, centreRow - viewport.heightInPoints / 2),
            bottom = min(world, centreRow + viewport.heightInPoints / 2)
        let visible =
            WebMercator.latitude(y: top, worldWidth: world) - WebMercator.latitude(y: bottom, worldWidth: world)
        return Region(
            center: exact.center,
            span: Span(
                latitudeDelta: PoleLimit.clamp(visible, centeredAt: center.latitude),
                longitudeDelta: exact.span.longitudeDelta))
    }
}

/// A correct implementation that rounds every edge of a span to a whole zoom-20 seed512 pixel,
/// as the documents do, in double precision (none of their other defects).
///
/// Route: the corrected core, except in `span`: the viewport's edges are computed in the
/// 2^29-px world (pixels at the zoom scaled by 2^29 / W), each rounded to a whole pixel there,
/// and read back as longitudes and latitudes. The properties that share `WholePixelRounding`
/// hold for it. Above zoom 20, where half a zoom-20 pixel is a screen point or more, it fails
/// exactly the seed's quantisation findings (a 1-pt view at zoom 21 rounds to a zero span):
/// there the documents' rounding is the defect (`RoundedRowControlTests`).
struct RoundedEdgesControl: DelegatingMutant {
    var name: String {
        roundingWorld == ZoomConvention.seed512.worldWidth(atZoom: 20)
            ? "control-rounded-edges" : "mutant-rounded-edges-world-\(NumberText.shortest(roundingWorld))"
    }
    var capabilities: Capabilities { .zoomCheckDefaults }
    /// The world the edges are rounded in: 2^29 px, the documents' (a coarser world makes
    /// a port that rounds more than they do, a mutant).
    var roundingWorld = ZoomConvention.seed512.worldWidth(atZoom: 20)

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let exact = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        let world = convention.worldWidth(atZoom: zoom), scale = roundingWorld / world
        let x = roundingWorld * (center.longitude + 180) / 360
        let left = (x - scale * viewport.widthInPoints / 2).rounded(),
            right = (x + scale * viewport.widthInPoints / 2).rounded()
        let longitudeDelta = min(360, (right - left) * 360 / roundingWorld)
        let y = WebMercator.y(latitude: center.latitude, worldWidth: roundingWorld)
        let top = max(0, (y - scale * viewport.heightInPoints / 2).rounded()),
            bottom = min(roundingWorld, (y + scale * viewport.heightInPoints / 2).rounded())
        let visible =
            WebMercator.latitude(y: top, worldWidth: roundingWorld)
            - WebMercator.latitude(y: bottom, worldWidth: roundingWorld)
        return Region(
            center: exact.center,
            span: Span(
                latitudeDelta: PoleLimit.clamp(visible, centeredAt: center.latitude),
                longitudeDelta: exact.span.longitudeDelta < 360 ? longitudeDelta : exact.span.longitudeDelta))
    }
}
