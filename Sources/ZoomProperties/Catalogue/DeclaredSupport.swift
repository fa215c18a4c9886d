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
        ) { () throws(ProjectionError) in
            try inEitherNumbering(zoom: zoom, convention: convention) {
                (zoom: Double, convention: ZoomConvention) throws(ProjectionError) in
                try base.project(coordinate, zoom: zoom, convention: convention)
            }
        }
    }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        if let refusal = capabilities.outsideTheDomain(unprojecting: pixel) { throw refusal }
        return try held(
            capabilities.declaresPixels(.unproject, zoom: pixel.zoom, convention: pixel.convention),
            "unproject at zoom \(NumberText.shortest(pixel.zoom)) in \(pixel.convention)"
        ) { () throws(ProjectionError) in
            try inEitherNumbering(zoom: pixel.zoom, convention: pixel.convention) {
                (zoom: Double, convention: ZoomConvention) throws(ProjectionError) in
                try base.unproject(PixelPoint(x: pixel.x, y: pixel.y, zoom: zoom, convention: convention))
            }
        }
    }

    /// The 2^29-px world has two numberings, zoom 20 of seed512 and zoom 21 of tile256: the
    /// same pixels. A program that projects in that world only (`anyPixelZoom` false) may
    /// take either — the documents' seed512, or the one of the convention it lists — so an
    /// `unsupported` to one is asked again in the other (PROTOCOL.md, `anyPixelZoom`).
    private func inEitherNumbering<T>(
        zoom: Double, convention: ZoomConvention, _ body: (Double, ZoomConvention) throws(ProjectionError) -> T
    ) throws(ProjectionError) -> T {
        do { return try body(zoom, convention) } catch .unsupported(let message) {
            let other: (zoom: Double, convention: ZoomConvention)
            switch (zoom, convention) {
            case (20, .seed512): other = (21, .tile256)
            case (21, .tile256): other = (20, .seed512)
            default: throw .unsupported(message)
            }
            guard !capabilities.anyPixelZoom else { throw .unsupported(message) }
            return try body(other.zoom, other.convention)
        }
    }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        if let refusal = capabilities.outsideTheDomain(
            center: center, zoom: zoom, viewport: viewport, convention: convention)
        {
            throw refusal
        }
        return try held(
            capabilities.declaresSpan(zoom: zoom, convention: convention),
            "span at zoom \(NumberText.shortest(zoom)) in \(convention)"
        ) { () throws(ProjectionError) in
            try base.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func regionAnswer(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> RegionAnswer
    {
        if let refusal = capabilities.outsideTheDomain(
            center: center, zoom: zoom, viewport: viewport, convention: convention)
        {
            throw refusal
        }
        return try held(
            capabilities.declaresSpan(zoom: zoom, convention: convention),
            "span at zoom \(NumberText.shortest(zoom)) in \(convention)"
        ) { () throws(ProjectionError) in
            try base.regionAnswer(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        if let refusal = capabilities.outsideTheDomain(reading: region, viewport: viewport) { throw refusal }
        return try held(capabilities.declaresZoomReading(convention: convention), "zoom in \(convention)") {
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
