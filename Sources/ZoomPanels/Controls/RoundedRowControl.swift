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

/// An implementation that rounds every edge of a span to a whole pixel of a world: the
/// request's own (`roundingWorld` nil: a correct control, whole pixels at the zoom, as tile
/// renderers draw), or a fixed one (the documents' 2^29 px, in double precision, none of their
/// other defects).
///
/// Route: the corrected core, except in `span`: the viewport's edges are computed in the
/// rounding world (pixels at the zoom scaled by that world / W), each rounded to a whole pixel
/// there, and read back as longitudes and latitudes. At the request's zoom it holds every
/// defect property (`MapPixel`, the rule of what a map shows). In the 2^29-px world it holds
/// them up to zoom 20; above it, where a pixel of that world is two or more at the zoom, its
/// spans are quantised (a 1-pt view at zoom 21 rounds to a zero span), as the documents' are:
/// the seed's quantisation findings (`RoundedRowControlTests`).
struct RoundedEdgesControl: DelegatingMutant {
    var name: String {
        roundingWorld.map { "mutant-rounded-edges-world-\(NumberText.shortest($0))" } ?? "control-rounded-edges"
    }
    var capabilities: Capabilities { .zoomCheckDefaults }
    /// The world the edges are rounded in: nil, the request's own (the control); a fixed world
    /// makes a port that rounds more than a map's pixel at zooms above it, a mutant.
    var roundingWorld: Double? = nil

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let exact = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        let world = convention.worldWidth(atZoom: zoom), rounding = roundingWorld ?? world, scale = rounding / world
        let x = rounding * (center.longitude + 180) / 360
        let left = (x - scale * viewport.widthInPoints / 2).rounded(),
            right = (x + scale * viewport.widthInPoints / 2).rounded()
        let longitudeDelta = min(360, (right - left) * 360 / rounding)
        let y = WebMercator.y(latitude: center.latitude, worldWidth: rounding)
        let top = max(0, (y - scale * viewport.heightInPoints / 2).rounded()),
            bottom = min(rounding, (y + scale * viewport.heightInPoints / 2).rounded())
        let visible =
            WebMercator.latitude(y: top, worldWidth: rounding) - WebMercator.latitude(y: bottom, worldWidth: rounding)
        return Region(
            center: exact.center,
            span: Span(
                latitudeDelta: PoleLimit.clamp(visible, centeredAt: center.latitude),
                longitudeDelta: exact.span.longitudeDelta < 360 ? longitudeDelta : exact.span.longitudeDelta))
    }
}
