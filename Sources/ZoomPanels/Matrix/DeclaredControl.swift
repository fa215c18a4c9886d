import MercatorCore

/// A correct route answering exactly as a program with the given declaration answers: what it
/// does not declare it answers `unsupported`, its levels round by its declared rule, its bad
/// input gets its declared treatment.
///
/// Rules, each a legitimate program's behaviour under PROTOCOL.md:
/// 1. A convention not declared: `unsupported`.
/// 2. Integer zooms only (`fractionalZooms: false`): a fractional zoom in 0…28 to `span` or
///    to `project`/`unproject` is `unsupported`.
/// 3. The zoom-20 world only (`anyPixelZoom: false`): `project`/`unproject` at another zoom in
///    0…28, or in tile256, is `unsupported`.
///
/// A zoom outside 0…28 is bad input whatever the declaration: the route refuses it
/// (PROTOCOL.md: `unsupported` is for valid requests).
/// 4. `levelRounding: .nearest`: the level is the fractional zoom rounded to the nearest
///    integer, clamped to 0…28; `.fitting` and `.unspecified` keep the route's.
/// 5. `integerGetter`: the getter's `zoom` is its `level`.
/// 6. Bad input, which the route refuses with a code: passed on under `error-codes`; under
///    `refuses`, every refusal becomes `invalid-span` (a refusal, not the code PROTOCOL.md
///    names); under `unchecked`, it becomes a non-finite answer (NaN), as unvalidated
///    arithmetic gives.
struct DeclaredControl: ZoomImplementation {
    let name: String
    let route: any ZoomImplementation
    let capabilities: Capabilities

    /// `route` declared as `capabilities`, called `control-matrix-<label>`.
    init(_ label: String, route: any ZoomImplementation = WebMercator(), _ capabilities: Capabilities) {
        name = "control-matrix-" + label
        self.route = route
        self.capabilities = capabilities
    }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try checkPixelSpace(zoom: zoom, convention: convention)
        return try declared(PixelPoint(x: .nan, y: .nan, zoom: zoom, convention: convention)) {
            () throws(ProjectionError) in try route.project(coordinate, zoom: zoom, convention: convention)
        }
    }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try checkPixelSpace(zoom: pixel.zoom, convention: pixel.convention)
        return try declared(Coordinate(latitude: .nan, longitude: .nan)) { () throws(ProjectionError) in
            try route.unproject(pixel)
        }
    }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try checkConvention(convention)
        try checkIntegerZoom(zoom)
        return try declared(Self.nanRegion(center)) { () throws(ProjectionError) in
            try route.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        }
    }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    {
        try checkConvention(convention)
        var reading = try declared(ZoomReading(zoom: .nan, level: 0)) { () throws(ProjectionError) in
            try route.zoom(of: region, viewport: viewport, convention: convention)
        }
        if capabilities.levelRounding == .nearest, reading.zoom.isFinite {
            reading.level = Int(
                min(Double(FittingLevel.highest), max(Double(FittingLevel.lowest), reading.zoom.rounded())))
        }
        if capabilities.integerGetter, reading.zoom.isFinite { reading.zoom = Double(reading.level) }
        return reading
    }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try declared(Self.nanRegion(Coordinate(latitude: .nan, longitude: .nan))) { () throws(ProjectionError) in
            try route.fit(points)
        }
    }

    /// A region of NaN deltas: what unvalidated arithmetic answers to bad input.
    static func nanRegion(_ center: Coordinate) -> Region {
        Region(center: center, span: Span(latitudeDelta: .nan, longitudeDelta: .nan))
    }

    func checkConvention(_ convention: ZoomConvention) throws(ProjectionError) {
        guard capabilities.conventions.contains(convention) else { throw .unsupported("\(convention) is not declared") }
    }

    func checkPixelSpace(zoom: Double, convention: ZoomConvention) throws(ProjectionError) {
        if !capabilities.anyPixelZoom {
            // A zoom outside 0…28 is bad input, refused by the route: the range decides first.
            // The 2^29-px world in the convention it lists (`Capabilities.pixelSpace`): zoom 20
            // of seed512, or zoom 21 of tile256 for a program that lists tile256 only.
            let space = capabilities.pixelSpace
            guard zoom == space.zoom && convention == space.convention || !(0...28).contains(zoom) else {
                throw .unsupported("pixels at zoom \(space.zoom) in \(space.convention) only")
            }
            return
        }
        try checkConvention(convention)
        try checkIntegerZoom(zoom)
    }

    /// Integer zooms only: a fractional zoom in 0…28 is `unsupported`; one outside 0…28 is
    /// bad input, left to the route's refusal (PROTOCOL.md: the range decides first).
    func checkIntegerZoom(_ zoom: Double) throws(ProjectionError) {
        if !capabilities.fractionalZooms, (0...28).contains(zoom), zoom != zoom.rounded() {
            throw .unsupported("integer zooms only: \(zoom)")
        }
    }

    /// `body`'s answer; its refusal treated as `capabilities.badInput` says (`unsupported`
    /// always passes through).
    func declared<T>(_ unchecked: T, _ body: () throws(ProjectionError) -> T) throws(ProjectionError) -> T {
        do { return try body() } catch {
            switch (error, capabilities.badInput) {
            case (.unsupported, _), (_, .errorCodes): throw error
            case (_, .refuses): throw .invalidSpan("refused: \(error.message)")
            case (_, .unchecked): return unchecked
            }
        }
    }
}
