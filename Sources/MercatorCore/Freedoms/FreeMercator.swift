/// The corrected core with any combination of `Freedoms` taken: a correct implementation of
/// PROTOCOL.md that computes by another route, through another libm, rounds to whole pixels,
/// clamps, wraps or fits into a fixed-aspect view. It declares exactly what the corrected
/// core declares (none of these choices is declarable: every one is always allowed), so every
/// property, defects and conventions alike, must hold for it.
///
/// Validation is the corrected core's (`InputPolicy`) except where a freedom is about a
/// refusal edge: `unproject` refuses x beyond the world width *it* computes (its own
/// `pow(2, zoom)`), and `project-refuses` refuses latitudes past the band.
public struct FreeMercator: ViewportFitting, Hashable {
    public var freedoms: Freedoms
    private var libm: PerturbedLibm { PerturbedLibm(freedoms.libm) }
    private let padding = Capabilities.FitPadding.documents

    public init(_ freedoms: Freedoms) { self.freedoms = freedoms }

    public var name: String { "corrected-free" }

    /// The corrected core's declarations; a fit into a fixed-aspect view says so
    /// (`fitAspect: fixed`), since it keeps the padding on one axis only, and `project` says
    /// what it does past the band (`projectBeyondBand`).
    public var capabilities: Capabilities {
        var capabilities = WebMercator().capabilities
        if freedoms.fitViewport != nil { capabilities.fitAspect = .fixed }
        switch freedoms.beyondTheBand {
        case .extends: capabilities.projectBeyondBand = .extends
        case .clamps: capabilities.projectBeyondBand = .clamps
        case .refuses: capabilities.projectBeyondBand = .refuses
        }
        return capabilities
    }

    // MARK: Worlds and whole pixels

    /// The world's width at `zoom`, as a program computes it: W₀ · pow(2, zoom) in its libm.
    func world(_ zoom: Double, _ convention: ZoomConvention) -> Double {
        convention.worldWidthAtZoomZero * libm.pow(2, zoom)
    }

    /// The width of one whole pixel of the 2^29-px world, in pixels of a world `world` wide.
    static func gridStep(world: Double) -> Double { world / 536_870_912 }

    /// `position` (pixels of a world `world` wide) rounded to a whole pixel of the 2^29-px
    /// world, when `wholePixels` is taken.
    func snapped(_ position: Double, world: Double) -> Double {
        guard freedoms.wholePixels, position.isFinite else { return position }
        let step = Self.gridStep(world: world)
        return (position / step).rounded() * step
    }

    // MARK: Routes

    /// ψ of a latitude in degrees, by the taken route.
    func isometric(_ latitude: Double) -> Double {
        let radians = latitude * MercatorMath.radiansPerDegree
        switch freedoms.latitudeRoute {
        case .core:
            // The core's split forms, through this libm.
            let magnitude = abs(latitude)
            let psi =
                magnitude < 45
                ? libm.atanh(libm.sin(magnitude * MercatorMath.radiansPerDegree))
                : -libm.log(libm.tan((90 - magnitude) * MercatorMath.radiansPerDegree / 2))
            return latitude.sign == .minus ? -psi : psi
        case .atanhSin: return libm.atanh(libm.sin(radians))
        case .logTan: return libm.log(libm.tan(Double.pi / 4 + radians / 2))
        case .asinhTan: return libm.asinh(libm.tan(radians))
        case .gudermannian: return 2 * libm.atanh(libm.tan(radians / 2))
        }
    }

    /// The latitude in degrees of ψ, by the taken route's inverse.
    func latitude(isometric psi: Double) -> Double {
        let radians: Double
        switch freedoms.latitudeRoute {
        case .core:
            let magnitude = abs(psi)
            let degrees =
                magnitude < 0.881_373_587_019_543
                ? libm.atan(libm.sinh(magnitude)) * MercatorMath.degreesPerRadian
                : 90 - 2 * libm.atan(libm.exp(-magnitude)) * MercatorMath.degreesPerRadian
            return psi.sign == .minus ? -degrees : degrees
        case .atanhSin: radians = libm.asin(libm.tanh(psi))
        case .logTan: radians = 2 * libm.atan(libm.exp(psi)) - Double.pi / 2
        case .asinhTan: radians = libm.atan(libm.sinh(psi))
        case .gudermannian: radians = 2 * libm.atan(libm.tanh(psi / 2))
        }
        return radians * MercatorMath.degreesPerRadian
    }

    func x(longitude: Double, world: Double) -> Double {
        let wrapped = freedoms.antimeridian == .west && longitude == 180 ? -180 : longitude
        return (wrapped + 180) / 360 * world
    }

    func y(latitude: Double, world: Double) -> Double { world / 2 - world * isometric(latitude) / (2 * Double.pi) }

    func longitude(x: Double, world: Double) -> Double {
        let longitude = x / world * 360 - 180
        return freedoms.antimeridian == .west && longitude == 180 ? -180 : longitude
    }

    func latitude(y: Double, world: Double) -> Double { latitude(isometric: (world / 2 - y) / world * 2 * Double.pi) }

    // MARK: Operations

    public func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        var latitude = coordinate.latitude
        switch freedoms.beyondTheBand {
        case .extends: break
        case .clamps: latitude = Swift.min(Swift.max(latitude, -MercatorMath.latitudeLimit), MercatorMath.latitudeLimit)
        case .refuses:
            guard abs(latitude) <= MercatorMath.latitudeLimit else {
                throw .invalidLatitude("latitude \(NumberText.shortest(latitude)) is outside the Mercator band")
            }
        }
        let world = world(zoom, convention)
        return PixelPoint(
            x: snapped(x(longitude: coordinate.longitude, world: world), world: world),
            y: snapped(y(latitude: latitude, world: world), world: world), zoom: zoom, convention: convention)
    }

    public func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkZoom(pixel.zoom)
        let world = world(pixel.zoom, pixel.convention)
        // The refusal edge is this program's own world width, rounded its own way.
        guard pixel.x.isFinite, pixel.x >= 0, pixel.x <= world else {
            throw .invalidLongitude("x \(NumberText.shortest(pixel.x)) px is outside the world")
        }
        guard pixel.y.isFinite else { throw .invalidLatitude("y \(NumberText.shortest(pixel.y)) px is not finite") }
        return Coordinate(
            latitude: latitude(y: snapped(pixel.y, world: world), world: world),
            longitude: longitude(x: snapped(pixel.x, world: world), world: world))
    }

    public func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try InputPolicy.checkCentre(center)
        try InputPolicy.checkZoom(zoom)
        try InputPolicy.checkViewport(viewport)
        let world = world(zoom, convention)
        return Region(center: center, span: view(centredAt: center, world: world, viewport: viewport))
    }

    /// The span a viewport shows centred on `center` in a world `world` pixels wide: the
    /// protocol's clamps (360°, rows clipped to the world, the pole limit) on this program's
    /// own positions.
    func view(centredAt center: Coordinate, world: Double, viewport: Viewport) -> Span {
        let halfWidth = viewport.widthInPoints / 2, halfHeight = viewport.heightInPoints / 2
        var longitudeDelta = 360 * viewport.widthInPoints / world
        if freedoms.wholePixels {
            let centreX = x(longitude: center.longitude, world: world)
            let west = snapped(centreX - halfWidth, world: world), east = snapped(centreX + halfWidth, world: world)
            longitudeDelta = (east - west) / world * 360
        }
        var centreY = y(latitude: center.latitude, world: world)
        if freedoms.centreSnappedAtZoom { centreY = centreY.rounded() }
        let top = snapped(Swift.max(0, centreY - halfHeight), world: world)
        let bottom = snapped(Swift.min(world, centreY + halfHeight), world: world)
        let visible = latitude(y: top, world: world) - latitude(y: bottom, world: world)
        return Span(
            latitudeDelta: PoleLimit.clamp(visible, centeredAt: center.latitude),
            longitudeDelta: Swift.min(360, longitudeDelta))
    }

    public func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try InputPolicy.checkViewport(viewport)
        try InputPolicy.checkReadable(region)
        let width = viewport.widthInPoints, delta = region.span.longitudeDelta
        let zoomZero = convention.worldWidthAtZoomZero
        let zoom: Double
        switch freedoms.zoomRoute {
        case .spanRatio: zoom = libm.log2(360 * width / (zoomZero * delta))
        case .logOfExtents: zoom = libm.log2(width) - libm.log2(zoomZero * delta / 360)
        case .cornersAtZero, .cornersAtPixelWorld:
            // The corners as a program projects them, unwrapped (an east edge past 180° lies
            // past the world's edge), rounded to whole pixels when it rounds.
            let pixelWorld = 536_870_912 * zoomZero / 512
            let readWorld = freedoms.zoomRoute == .cornersAtZero ? zoomZero : pixelWorld
            let west = snapped((region.center.longitude - delta / 2 + 180) / 360 * readWorld, world: readWorld)
            let east = snapped((region.center.longitude + delta / 2 + 180) / 360 * readWorld, world: readWorld)
            // Narrower than a whole pixel reads as one, not as an infinite zoom.
            let extent = Swift.max(east - west, freedoms.wholePixels ? Self.gridStep(world: readWorld) : 0)
            zoom = libm.log2(width * readWorld / (zoomZero * extent))
        }
        guard zoom.isFinite else {
            throw .invalidSpan("longitudeDelta \(NumberText.shortest(delta)) gives a zoom that is not finite")
        }
        let level = FittingLevel.largest(near: zoom) { level in
            Swift.min(360, 360 * width / world(Double(level), convention)) >= delta
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    public func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try fitted(points, view: freedoms.fitViewport)
    }

    /// Under `fit-viewport`, the region sized to the view the request names, else to
    /// `Freedoms.phoneViewport`; without it the view is ignored.
    public func fit(_ points: [Coordinate], into viewport: Viewport) throws(ProjectionError) -> Region {
        try fitted(points, view: freedoms.fitViewport == nil ? nil : viewport)
    }

    private func fitted(_ points: [Coordinate], view: Viewport?) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        let arc = WebMercator.shortestLongitudeArc(points.map(\.longitude))
        let latitudes = points.map(\.latitude)
        let south = latitudes.min()!, north = latitudes.max()!
        var centre = Coordinate(latitude: (south + north) / 2, longitude: arc.center)
        var latitudeDelta = padding.paddedDelta(north - south, atMost: PoleLimit.delta(centeredAt: centre.latitude))
        var longitudeDelta = padding.paddedDelta(arc.length, atMost: 360)
        if freedoms.wholePixels {
            // The centre on a whole pixel of the 2^29-px world, and the deltas grown by the
            // pixel it moved, so that the points stay covered.
            let world = 536_870_912.0
            let x = snapped(x(longitude: centre.longitude, world: world), world: world)
            var snappedLongitude = longitude(x: x, world: world)
            if snappedLongitude > 180 { snappedLongitude -= 360 }
            var snappedLatitude = centre.latitude
            if abs(centre.latitude) < MercatorMath.latitudeLimit {
                snappedLatitude = latitude(
                    y: snapped(y(latitude: centre.latitude, world: world), world: world), world: world)
            }
            let moved = (
                latitude: abs(snappedLatitude - centre.latitude),
                longitude: Region.longitudeDistance(snappedLongitude, centre.longitude)
            )
            centre = Coordinate(latitude: snappedLatitude, longitude: snappedLongitude)
            latitudeDelta = Swift.min(latitudeDelta + 2 * moved.latitude, PoleLimit.delta(centeredAt: centre.latitude))
            longitudeDelta = Swift.min(360, longitudeDelta + 2 * moved.longitude)
        }
        if let viewport = view {
            let span = fixedAspect(
                centre, needs: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta), into: viewport)
            latitudeDelta = span.latitudeDelta
            longitudeDelta = span.longitudeDelta
        }
        return Region(center: centre, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    /// The region a fixed-aspect view shows when sized to hold `needed` around `centre`: the
    /// largest zoom at which both extents fit (the rows measured from the centre's row, the
    /// farther edge deciding), then that view's spans read symmetrically about the centre,
    /// never less than `needed`.
    func fixedAspect(_ centre: Coordinate, needs needed: Span, into viewport: Viewport) -> Span {
        let band = MercatorMath.latitudeLimit
        // A Mercator view cannot show a point past the band: such a fit keeps its own shape.
        guard abs(centre.latitude) + needed.latitudeDelta / 2 < band else { return needed }
        func banded(_ latitude: Double) -> Double { Swift.min(band, Swift.max(-band, latitude)) }
        let unit = 512.0
        let centreRow = y(latitude: banded(centre.latitude), world: unit)
        let north = y(latitude: banded(centre.latitude + needed.latitudeDelta / 2), world: unit)
        let south = y(latitude: banded(centre.latitude - needed.latitudeDelta / 2), world: unit)
        let tall = 2 * Swift.max(centreRow - north, south - centreRow)
        let wide = needed.longitudeDelta / 360 * unit
        let scale = Swift.min(viewport.widthInPoints / wide, tall > 0 ? viewport.heightInPoints / tall : .infinity)
        let world = unit * scale
        let centreY = centreRow * scale
        let top = latitude(y: Swift.max(0, centreY - viewport.heightInPoints / 2), world: world)
        let bottom = latitude(y: Swift.min(world, centreY + viewport.heightInPoints / 2), world: world)
        let rows = 2 * Swift.max(top - centre.latitude, centre.latitude - bottom)
        return Span(
            latitudeDelta: PoleLimit.clamp(Swift.max(needed.latitudeDelta, rows), centeredAt: centre.latitude),
            longitudeDelta: Swift.min(360, Swift.max(needed.longitudeDelta, 360 * viewport.widthInPoints / world)))
    }
}
