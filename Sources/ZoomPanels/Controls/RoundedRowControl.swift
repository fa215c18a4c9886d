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

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> Region {
        let exact = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        let world = convention.worldWidth(atZoom: zoom)
        let centreRow = WebMercator.y(latitude: center.latitude, worldWidth: world).rounded()
        let top = max(0, centreRow - viewport.heightInPoints / 2), bottom = min(world, centreRow + viewport.heightInPoints / 2)
        let visible = WebMercator.latitude(y: top, worldWidth: world) - WebMercator.latitude(y: bottom, worldWidth: world)
        return Region(center: exact.center, span: Span(latitudeDelta: PoleLimit.clamp(visible, centeredAt: center.latitude),
                                                       longitudeDelta: exact.span.longitudeDelta))
    }
}
