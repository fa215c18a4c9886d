import MercatorCore

/// An implementation held to its own declaration: `unsupported` answered to a request its
/// capabilities declare supported becomes an `implementation-failure`, which fails the
/// property, instead of a discarded case.
///
/// Without this, a program could declare `anyPixelZoom` or `fractionalZooms`, answer
/// `unsupported` wherever they matter, and see every property that exercises them reported
/// "not applicable". What counts as declared is `Capabilities.declaresPixels`,
/// `declaresSpan` and `declaresZoomReading`; everything outside stays an honest
/// `unsupported`, and the case is discarded as before.
struct DeclaredSupport: ZoomImplementation {
    /// The implementation under test.
    let base: any ZoomImplementation

    var name: String { base.name }
    var capabilities: Capabilities { base.capabilities }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try held(
            capabilities.declaresPixels(.project, zoom: zoom, convention: convention),
            "project at zoom \(NumberText.shortest(zoom)) in \(convention)"
        ) { () throws(ProjectionError) in try base.project(coordinate, zoom: zoom, convention: convention) }
    }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try held(
            capabilities.declaresPixels(.unproject, zoom: pixel.zoom, convention: pixel.convention),
            "unproject at zoom \(NumberText.shortest(pixel.zoom)) in \(pixel.convention)"
        ) { () throws(ProjectionError) in try base.unproject(pixel) }
    }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try held(
            capabilities.declaresSpan(zoom: zoom, convention: convention),
            "span at zoom \(NumberText.shortest(zoom)) in \(convention)"
        ) { () throws(ProjectionError) in
            try base.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func regionAnswer(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> RegionAnswer
    {
        try held(
            capabilities.declaresSpan(zoom: zoom, convention: convention),
            "span at zoom \(NumberText.shortest(zoom)) in \(convention)"
        ) { () throws(ProjectionError) in
            try base.regionAnswer(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        try held(capabilities.declaresZoomReading(convention: convention), "zoom in \(convention)") {
            () throws(ProjectionError) in try base.zoom(of: region, viewport: viewport, convention: convention)
        }
    }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try held(capabilities.declares(.fit), "fit") { () throws(ProjectionError) in try base.fit(points) }
    }

    func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        try held(capabilities.declares(.fit), "fit") { () throws(ProjectionError) in try base.fitAnswer(points) }
    }

    /// Runs `body`; an `unsupported` answer to a declared request becomes a failure (never
    /// for `Capabilities.assumed`: what was not said is not held against anyone). The
    /// declaration and the request's description are only worked out on that path: every
    /// other call costs the body alone.
    private func held<T>(
        _ declared: @autoclosure () -> Bool, _ request: @autoclosure () -> String,
        _ body: () throws(ProjectionError) -> T
    ) throws(ProjectionError) -> T {
        do { return try body() } catch .unsupported(let message) where declared() {
            throw .implementationFailure(
                """
                answered unsupported (\(message)) to \(request()), which its capabilities declare supported \
                (\(capabilities.description))
                """)
        }
    }
}
