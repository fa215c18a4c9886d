import MercatorCore

/// A mutant built on a correct route: every operation it does not break is `core`'s — the
/// corrected core unless the mutant names another route (a control).
///
/// A mutant implements only the operation that carries its defect; the defaults below answer
/// the rest, so the defect is the only difference from the route it breaks.
protocol DelegatingMutant: ZoomImplementation {
    /// The correct route the mutant delegates to.
    var core: any ZoomImplementation { get }
}

extension DelegatingMutant {
    /// The corrected core, unless the mutant says otherwise.
    var core: any ZoomImplementation { WebMercator() }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    { try core.project(coordinate, zoom: zoom, convention: convention) }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    { try core.zoom(of: region, viewport: viewport, convention: convention) }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try core.fit(points) }
}

/// Small helpers for writing a mutant's broken step next to the correct ones.
enum MutantSupport {
    /// The corrected core.
    static let core = WebMercator()

    /// The corrected region with its span replaced by `transform(span, world width)`.
    static func region(
        _ center: Coordinate, _ zoom: Double, _ viewport: Viewport, _ convention: ZoomConvention,
        transform: (Span, Double) -> Span
    ) throws(ProjectionError) -> Region {
        var region = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        region.span = transform(region.span, convention.worldWidth(atZoom: zoom))
        return region
    }

    /// The latitude delta the corrected core gives a viewport `heightInPoints` tall (what a
    /// mutant that feeds the wrong height computes).
    static func latitudeDelta(
        _ center: Coordinate, _ zoom: Double, heightInPoints: Double, _ convention: ZoomConvention
    ) throws(ProjectionError) -> Double {
        try core.region(
            centeredAt: center, zoom: zoom, viewport: Viewport(widthInPoints: 1, heightInPoints: heightInPoints),
            convention: convention
        ).span.latitudeDelta
    }

    /// The unclamped longitude delta: 360° · width / W.
    static func rawLongitudeDelta(widthInPoints: Double, worldWidth: Double) -> Double {
        360 * widthInPoints / worldWidth
    }

    /// Latitude of a pixel row (unclipped), degrees.
    static func latitude(y: Double, worldWidth: Double) -> Double { WebMercator.latitude(y: y, worldWidth: worldWidth) }
}
