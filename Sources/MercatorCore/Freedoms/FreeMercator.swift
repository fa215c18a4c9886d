import Foundation

/// The corrected core with any combination of `Freedoms` taken: a correct implementation of
/// PROTOCOL.md that computes by another route, through another libm, rounds to whole pixels,
/// clamps, wraps, fits into a fixed-aspect view, serves a narrower zoom range or answers bad
/// input another way. It declares what the corrected core declares, and what a freedom that
/// is a declaration needs (`capabilities`), so every property, defects and conventions alike,
/// must hold for it.
///
/// Validation is the corrected core's (`InputPolicy`) except where a freedom is about a
/// refusal: `unproject` refuses x beyond the world width *it* computes (its own
/// `pow(2, zoom)`), `project-refuses` refuses latitudes past the band, `unproject-refuses`
/// rows outside the world, `refuses-with-nan` writes every refusal as a NaN answer and
/// `unchecked` refuses nothing.
package struct FreeMercator: ViewportFitting, DeclaresConventions, Hashable {
    package var freedoms: Freedoms
    var libm: PerturbedLibm { PerturbedLibm(freedoms.libm) }
    var padding: Capabilities.FitPadding {
        freedoms.fitUnpadded ? Capabilities.FitPadding(factor: 1, minimumDelta: 0) : .documents
    }

    package init(_ freedoms: Freedoms) { self.freedoms = freedoms }

    package var name: String { "corrected-free" }

    /// The zooms 1...22 of `zoom-range`.
    package static let limitedRange = Capabilities.ZoomRange(lowest: 1, highest: 22)!
    /// The largest tile256 zoom at which a pixel of MapKit's 2^28-point world is no coarser
    /// than one at the zoom (tile256 zoom 20 is that world).
    package static let mapPointsTopZoom = 20.0

    /// The corrected core's declarations, and what the freedoms taken declare: a fixed-aspect
    /// fit (`fitAspect`), what `project` and `unproject` do outside the world, the zoom range,
    /// the pixel grid, the bad-input policy, the level rule and the padding.
    package var capabilities: Capabilities {
        var capabilities = WebMercator().capabilities
        if freedoms.fitViewport != nil { capabilities.fitAspect = .fixed }
        capabilities.fitPadding = padding
        switch freedoms.beyondTheBand {
        case .extends: capabilities.projectBeyondBand = .extends
        case .clamps: capabilities.projectBeyondBand = .clamps
        case .refuses: capabilities.projectBeyondBand = .refuses
        case .clampsSine: capabilities.projectBeyondBand = nil
        }
        switch freedoms.beyondTheWorld {
        case .extends: capabilities.unprojectBeyondWorld = .extends
        case .clamps: capabilities.unprojectBeyondWorld = .clamps
        case .refuses: capabilities.unprojectBeyondWorld = .refuses
        }
        // The coarsest grid any position is kept on: a centre row snapped at the zoom is a whole
        // pixel there.
        switch freedoms.pixels {
        case .exact: capabilities.pixelGrid = freedoms.centreSnappedAtZoom ? .requestZoom : Capabilities.PixelGrid.none
        case .roundedAtZoom, .flooredAtZoom: capabilities.pixelGrid = .requestZoom
        case .mapPoints:
            capabilities.pixelGrid = freedoms.centreSnappedAtZoom ? .requestZoom : .fixedWorld(exponent: 28)
            capabilities.conventions = [.tile256]
        }
        let range = servedRange
        if range != .protocolRange { capabilities.zoomRange = range }
        switch freedoms.refusals {
        case .errorCodes: break
        case .nanAnswers: capabilities.badInput = .refuses
        case .unchecked: capabilities.badInput = .unchecked
        }
        if freedoms.levelNearest { capabilities.levelRounding = .nearest }
        if freedoms.viewInWorld { capabilities.viewConstraint = .world }
        if freedoms.unprojectWholePixels { capabilities.pixelInput = .whole }
        if freedoms.getterRange { capabilities.getterRange = getterZooms }
        return capabilities
    }

    /// Every convention its capabilities state, as its `describe` answer through `zoomcheck eval
    /// --freedoms` declares them: the variant is held in process to what it is held to through
    /// the protocol.
    package var declaredConventions: Set<DeclaredConvention> { capabilities.statedConventions }

    /// The zooms served: 0...28, 1...22 under `zoom-range`, and no higher than 20 with MapKit's
    /// fixed grid.
    var servedRange: Capabilities.ZoomRange {
        let range = freedoms.zoomRange ? Self.limitedRange : .protocolRange
        guard freedoms.pixels == .mapPoints else { return range }
        return Capabilities.ZoomRange(lowest: range.lowest, highest: Swift.min(range.highest, Self.mapPointsTopZoom))!
    }

    /// The top zoom of `getter-range`'s getter.
    package static let getterTopZoom = 17.0

    /// The zooms the getter reads into: those served, no higher than 17 under `getter-range`.
    var getterZooms: Capabilities.ZoomRange {
        let range = servedRange
        guard freedoms.getterRange else { return range }
        return Capabilities.ZoomRange(lowest: range.lowest, highest: Swift.min(range.highest, Self.getterTopZoom))!
    }

    // MARK: Worlds and whole pixels

    /// The world's width at `zoom`, as a program computes it: W₀ · pow(2, zoom) in its libm.
    func world(_ zoom: Double, _ convention: ZoomConvention) -> Double {
        convention.worldWidthAtZoomZero * libm.pow(2, zoom)
    }

    /// The width of MapKit's world in points: 2^28.
    static let mapPointsWorld = 268_435_456.0

    /// `position` (pixels of a world `world` wide) on the grid `pixels` keeps: rounded or
    /// floored to a whole pixel of that world, or rounded to one of MapKit's fixed world.
    func snapped(_ position: Double, world: Double) -> Double {
        guard position.isFinite, world.isFinite, world > 0 else { return position }
        switch freedoms.pixels {
        case .exact: return position
        case .roundedAtZoom: return position.rounded()
        case .flooredAtZoom: return position.rounded(.down)
        case .mapPoints:
            let step = world / Self.mapPointsWorld
            return (position / step).rounded() * step
        }
    }

    // MARK: Refusals

    /// Runs a check of the input: skipped when `unchecked`.
    func validate(_ check: () throws(ProjectionError) -> Void) throws(ProjectionError) {
        guard freedoms.refusals != .unchecked else { return }
        try check()
    }

    /// `body`'s answer, or `refused` in place of any refusal but `unsupported` under
    /// `refuses-with-nan`.
    func answering<T>(_ refused: T, _ body: () throws(ProjectionError) -> T) throws(ProjectionError) -> T {
        do { return try body() } catch {
            guard freedoms.refusals == .nanAnswers, error.code != "unsupported" else { throw error }
            return refused
        }
    }

    /// Refuses a zoom the protocol refuses (bad input first), then one it does not serve.
    func checkServed(_ zoom: Double, _ convention: ZoomConvention) throws(ProjectionError) {
        try validate { () throws(ProjectionError) in try InputPolicy.checkZoom(zoom) }
        guard freedoms.pixels != .mapPoints || convention == .tile256 else {
            throw .unsupported("seed512 is not served: whole pixels of MapKit's world are tile256")
        }
        guard !zoom.isFinite || servedRange.contains(zoom) || !InputPolicy.supportedZooms.contains(zoom) else {
            throw .unsupported("zoom \(NumberText.shortest(zoom)) is outside \(servedRange)")
        }
    }

    static let nanRegion = Region(
        center: Coordinate(latitude: .nan, longitude: .nan), span: Span(latitudeDelta: .nan, longitudeDelta: .nan))

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

    /// The largest |sin φ| `project-clamps-sine` lets through: 0.9999, sin 89.19°.
    static let sineClamp = 0.9999

    /// ψ for `project`: the route's, or atanh of sin φ clamped to ±0.9999 under
    /// `project-clamps-sine` past the band (inside it the clamp never binds: sin 85.05° is 0.996).
    func projectedIsometric(_ latitude: Double) -> Double {
        guard freedoms.beyondTheBand == .clampsSine, abs(latitude) > MercatorMath.latitudeLimit else {
            return isometric(latitude)
        }
        let sine = libm.sin(latitude * MercatorMath.radiansPerDegree)
        return libm.atanh(Swift.min(Self.sineClamp, Swift.max(-Self.sineClamp, sine)))
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
        switch freedoms.antimeridian {
        case .asGiven: return (longitude + 180) / 360 * world
        case .west: return ((longitude == 180 ? -180 : longitude) + 180) / 360 * world
        case .wrap:
            var wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
            if wrapped < 0 { wrapped += 360 }
            return wrapped / 360 * world
        }
    }

    func y(latitude: Double, world: Double) -> Double { world / 2 - world * isometric(latitude) / (2 * Double.pi) }

    func longitude(x: Double, world: Double) -> Double {
        let longitude = x / world * 360 - 180
        return freedoms.antimeridian == .west && longitude == 180 ? -180 : longitude
    }

    func latitude(y: Double, world: Double) -> Double { latitude(isometric: (world / 2 - y) / world * 2 * Double.pi) }

    // MARK: Operations

    package func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        let refused = PixelPoint(x: .nan, y: .nan, zoom: zoom, convention: convention)
        return try answering(refused) { () throws(ProjectionError) in
            try validate { () throws(ProjectionError) in try InputPolicy.checkProjectable(coordinate) }
            try checkServed(zoom, convention)
            var latitude = coordinate.latitude
            switch freedoms.beyondTheBand {
            case .extends, .clampsSine: break
            case .clamps:
                latitude = Swift.min(Swift.max(latitude, -MercatorMath.latitudeLimit), MercatorMath.latitudeLimit)
            case .refuses:
                guard abs(latitude) <= MercatorMath.latitudeLimit else {
                    throw .invalidLatitude("latitude \(NumberText.shortest(latitude)) is outside the Mercator band")
                }
            }
            let world = world(zoom, convention)
            let y = world / 2 - world * projectedIsometric(latitude) / (2 * Double.pi)
            return PixelPoint(
                x: snapped(x(longitude: coordinate.longitude, world: world), world: world), y: snapped(y, world: world),
                zoom: zoom, convention: convention)
        }
    }

    package func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try answering(Coordinate(latitude: .nan, longitude: .nan)) { () throws(ProjectionError) in
            try checkServed(pixel.zoom, pixel.convention)
            if freedoms.unprojectWholePixels, pixel.x.isFinite, pixel.y.isFinite,
                pixel.x != pixel.x.rounded(.down) || pixel.y != pixel.y.rounded(.down)
            {
                throw .unsupported("unproject takes whole pixels")
            }
            let world = world(pixel.zoom, pixel.convention)
            // The refusal edge is this program's own world width, rounded its own way.
            try validate { () throws(ProjectionError) in
                guard pixel.x.isFinite, pixel.x >= 0, pixel.x <= world else {
                    throw .invalidLongitude("x \(NumberText.shortest(pixel.x)) px is outside the world")
                }
                guard pixel.y.isFinite else {
                    throw .invalidLatitude("y \(NumberText.shortest(pixel.y)) px is not finite")
                }
            }
            var y = pixel.y
            switch freedoms.beyondTheWorld {
            case .extends: break
            case .clamps: if !y.isNaN { y = Swift.min(world, Swift.max(0, y)) }
            case .refuses:
                guard !(y < 0 || y > world) else {
                    throw .invalidLatitude("y \(NumberText.shortest(y)) px is outside the world")
                }
            }
            return Coordinate(
                latitude: latitude(y: snapped(y, world: world), world: world),
                longitude: longitude(x: snapped(pixel.x, world: world), world: world))
        }
    }

    package func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let refused = Region(center: center, span: Span(latitudeDelta: .nan, longitudeDelta: .nan))
        return try answering(refused) { () throws(ProjectionError) in
            try validate { () throws(ProjectionError) in try InputPolicy.checkCentre(center) }
            try checkServed(zoom, convention)
            try validate { () throws(ProjectionError) in try InputPolicy.checkViewport(viewport) }
            var world = world(zoom, convention)
            // Unchecked, a NaN it reads comes out as NaN (the clamps below would turn it into a
            // number: max(0, NaN) is 0 in Swift).
            let read = [world, center.latitude, viewport.widthInPoints, viewport.heightInPoints]
            if freedoms.refusals == .unchecked, read.contains(where: \.isNaN) { return refused }
            var shown = center
            if freedoms.viewInWorld {
                // A world at least as large as the view, and the centre row moved so that the
                // view's rows stay inside it.
                world = Swift.max(world, viewport.widthInPoints, viewport.heightInPoints)
                let half = viewport.heightInPoints / 2
                let row = Swift.min(world - half, Swift.max(half, y(latitude: center.latitude, world: world)))
                if row != y(latitude: center.latitude, world: world) { shown.latitude = latitude(y: row, world: world) }
            }
            return view(centredAt: shown, world: world, viewport: viewport)
        }
    }

    /// The region a viewport shows centred on `center` in a world `world` pixels wide: the
    /// protocol's clamps (360°, rows clipped to the world, the pole limit) on this program's
    /// own positions, and the centre it shows (its row snapped under `centre-snapped-at-zoom`).
    func view(centredAt center: Coordinate, world: Double, viewport: Viewport) -> Region {
        let halfWidth = viewport.widthInPoints / 2, halfHeight = viewport.heightInPoints / 2
        var centreY = y(latitude: center.latitude, world: world)
        var shown = center
        if freedoms.centreSnappedAtZoom, centreY.isFinite {
            centreY = centreY.rounded()
            shown.latitude = latitude(y: centreY, world: world)
        }
        guard !freedoms.matrixRoute else {
            let centreX = x(longitude: center.longitude, world: world)
            let span = matrixView(centreX: centreX, centreY: centreY, world: world, viewport: viewport)
            return Region(
                center: shown,
                span: Span(
                    latitudeDelta: PoleLimit.clamp(span.latitudeDelta, centeredAt: shown.latitude),
                    longitudeDelta: span.longitudeDelta))
        }
        var longitudeDelta = 360 * viewport.widthInPoints / world
        if freedoms.pixels != .exact {
            let centreX = x(longitude: center.longitude, world: world)
            let west = snapped(centreX - halfWidth, world: world), east = snapped(centreX + halfWidth, world: world)
            longitudeDelta = (east - west) / world * 360
        }
        let top = snapped(Swift.max(0, centreY - halfHeight), world: world)
        let bottom = snapped(Swift.min(world, centreY + halfHeight), world: world)
        let visible = latitude(y: top, world: world) - latitude(y: bottom, world: world)
        return Region(
            center: shown,
            span: Span(
                latitudeDelta: PoleLimit.clamp(visible, centeredAt: shown.latitude),
                longitudeDelta: Swift.min(360, longitudeDelta)))
    }

    /// The span a camera with a 4×4 view matrix shows, before the pole limit: the matrix from
    /// Mercator metres to the viewport's points, inverted by cofactors, maps the viewport's
    /// corners back to metres, and metres to degrees (a viewport library's route).
    func matrixView(centreX: Double, centreY: Double, world: Double, viewport: Viewport) -> Span {
        let radius = 6_378_137.0
        let metresPerPoint = 2 * Double.pi * radius / world
        let centreNorth = (world / 2 - centreY) * metresPerPoint
        // Points = (metres − centre) / metresPerPoint, with y flipped (points grow southward);
        // x in metres east of the centre's meridian.
        let forward = Matrix4(rows: [
            [1 / metresPerPoint, 0, 0, 0], [0, -1 / metresPerPoint, 0, centreNorth / metresPerPoint], [0, 0, 1, 0],
            [0, 0, 0, 1],
        ])
        guard let inverse = forward.inverted() else { return Span(latitudeDelta: .nan, longitudeDelta: .nan) }
        let halfWidth = viewport.widthInPoints / 2, halfHeight = viewport.heightInPoints / 2
        let westEast = [-halfWidth, halfWidth].map { inverse.apply(x: $0, y: 0).x }
        let northSouth = [-halfHeight, halfHeight].map { inverse.apply(x: 0, y: $0).y }
        // Metres to this world's pixels (snapped when the program keeps whole pixels), then
        // degrees; rows clipped to the world.
        func pixelX(_ metres: Double) -> Double { snapped(metres / metresPerPoint + centreX, world: world) }
        func row(_ metres: Double) -> Double {
            Swift.min(world, Swift.max(0, snapped(world / 2 - metres / metresPerPoint, world: world)))
        }
        let longitudeDelta = (pixelX(westEast[1]) - pixelX(westEast[0])) / world * 360
        let visible = latitude(y: row(northSouth[0]), world: world) - latitude(y: row(northSouth[1]), world: world)
        return Span(latitudeDelta: visible, longitudeDelta: Swift.min(360, longitudeDelta))
    }

    package func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        try answering(ZoomReading(nonFinite: .nan)) { () throws(ProjectionError) in
            try validate { () throws(ProjectionError) in
                try InputPolicy.checkViewport(viewport)
                try InputPolicy.checkReadable(region)
            }
            guard freedoms.pixels != .mapPoints || convention == .tile256 else {
                throw .unsupported("seed512 is not served: whole pixels of MapKit's world are tile256")
            }
            return try reading(of: region, viewport: viewport, convention: convention)
        }
    }

    /// The getter's reading: the zoom by the taken route, on whole pixels when the program
    /// keeps them, clamped when it clamps; the level by its rule.
    func reading(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError)
        -> ZoomReading
    {
        // Reads the longitude span and the width only: under `unchecked`, nothing else is
        // looked at.
        let width = viewport.widthInPoints, delta = region.span.longitudeDelta
        let zoomZero = convention.worldWidthAtZoomZero
        var zoom: Double
        switch freedoms.zoomRoute {
        case .spanRatio: zoom = libm.log2(360 * width / (zoomZero * delta))
        case .logOfExtents: zoom = libm.log2(width) - libm.log2(zoomZero * delta / 360)
        case .cornersAtZero, .cornersAtPixelWorld:
            // The corners as a program projects them, unwrapped (an east edge past 180° lies
            // past the world's edge).
            let readWorld = freedoms.zoomRoute == .cornersAtZero ? zoomZero : 536_870_912 * zoomZero / 512
            let west = (region.center.longitude - delta / 2 + 180) / 360 * readWorld
            let east = (region.center.longitude + delta / 2 + 180) / 360 * readWorld
            zoom = libm.log2(width * readWorld / (zoomZero * (east - west)))
        }
        if freedoms.pixels != .exact, zoom.isFinite {
            // The corners again, on whole pixels of the world at the zoom just read (MapKit's
            // world for its grid); a span under one pixel reads as one.
            let readWorld =
                freedoms.pixels == .mapPoints ? Self.mapPointsWorld * zoomZero / 256 : zoomZero * libm.exp2(zoom)
            let west = snapped((region.center.longitude - delta / 2 + 180) / 360 * readWorld, world: readWorld)
            let east = snapped((region.center.longitude + delta / 2 + 180) / 360 * readWorld, world: readWorld)
            zoom = libm.log2(width * readWorld / (zoomZero * Swift.max(east - west, 1)))
        }
        guard zoom.isFinite else {
            if freedoms.refusals == .unchecked { return ZoomReading(nonFinite: zoom) }
            throw .invalidSpan("longitudeDelta \(NumberText.shortest(delta)) gives a zoom that is not finite")
        }
        let range = getterZooms
        if freedoms.getterClamps || freedoms.zoomRange || freedoms.getterRange { zoom = range.clamp(zoom) }
        if freedoms.viewInWorld {
            // No lower than the zoom at which the world holds the view.
            zoom = Swift.max(zoom, libm.log2(Swift.max(width, viewport.heightInPoints) / zoomZero))
        }
        var level: Int
        if freedoms.levelNearest {
            level = Swift.min(range.levels.upperBound, Swift.max(range.levels.lowerBound, Int(zoom.rounded())))
        } else {
            // Decided by comparing spans its own route gives (a view matrix, whole pixels), so
            // that a region it set at L reads back as L.
            // (The longitude span does not depend on the centre's latitude: the equator's, so that
            // a region centred on a pole is read too.)
            let onTheEquator = Coordinate(latitude: 0, longitude: region.center.longitude)
            let fitting = FittingLevel.largest(near: zoom) { level in
                view(centredAt: onTheEquator, world: world(Double(level), convention), viewport: viewport).span
                    .longitudeDelta >= delta
            }
            level = Swift.min(range.levels.upperBound, Swift.max(range.levels.lowerBound, fitting))
        }
        if freedoms.viewInWorld {
            // No level whose view would show outside the world: raised to the lowest that holds it.
            let lowest = libm.log2(Swift.max(width, viewport.heightInPoints) / zoomZero).rounded(.up)
            if lowest.isFinite { level = Swift.min(range.levels.upperBound, Swift.max(level, Int(lowest))) }
        }
        return ZoomReading(zoom: zoom, level: level)
    }

    package func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try fitted(points, view: freedoms.fitViewport)
    }

    /// Under `fit-viewport`, the region sized to the view the request names, else to
    /// `Freedoms.phoneViewport`; without it the view is ignored (but for the scale at which
    /// a whole-pixel fit snaps its centre, which is the view's).
    package func fit(_ points: [Coordinate], into viewport: Viewport) throws(ProjectionError) -> Region {
        try fitted(points, view: freedoms.fitViewport == nil ? nil : viewport, shownIn: viewport)
    }

    private func fitted(_ points: [Coordinate], view: Viewport?, shownIn shown: Viewport = Freedoms.phoneViewport)
        throws(ProjectionError) -> Region
    {
        try answering(Self.nanRegion) { () throws(ProjectionError) in
            if freedoms.refusals == .unchecked {
                // Nothing validated: a NaN or ±∞ is carried through to the answer, as min and max
                // in a language whose min(NaN, x) is NaN carry it.
                guard !points.isEmpty, points.allSatisfy({ $0.latitude.isFinite && $0.longitude.isFinite }) else {
                    return Self.nanRegion
                }
            } else {
                try InputPolicy.checkFitPoints(points)
            }
            let band = MercatorMath.latitudeLimit
            let points =
                freedoms.fitClampsPoints
                ? points.map {
                    Coordinate(latitude: Swift.min(band, Swift.max(-band, $0.latitude)), longitude: $0.longitude)
                } : points
            let arc = WebMercator.shortestLongitudeArc(points.map(\.longitude))
            let latitudes = points.map(\.latitude)
            var south = latitudes.min()!, north = latitudes.max()!
            var arcLength = arc.length
            if freedoms.matrixRoute {
                // The extremes through Mercator metres and back, as a camera library computes a
                // bounding box: every edge a projection's round trip off.
                let radius = 6_378_137.0
                // A latitude the round trip rounds past a pole is that pole (a region's centre
                // beyond ±90° is invalid).
                func throughMetres(_ latitude: Double) -> Double {
                    guard abs(latitude) < 90 else { return latitude }
                    return Swift.min(
                        90, Swift.max(-90, self.latitude(isometric: radius * isometric(latitude) / radius)))
                }
                south = throughMetres(south)
                north = throughMetres(north)
                arcLength =
                    radius * (arc.length * MercatorMath.radiansPerDegree) / radius * MercatorMath.degreesPerRadian
            }
            var centre = Coordinate(latitude: (south + north) / 2, longitude: arc.center)
            var latitudeDelta = padding.paddedDelta(north - south, atMost: PoleLimit.delta(centeredAt: centre.latitude))
            var longitudeDelta = padding.paddedDelta(arcLength, atMost: 360)
            if freedoms.pixels != .exact {
                // The centre on a whole pixel at the scale the view shows the region (MapKit's
                // world for its grid), the deltas grown by what it moved, so that the points
                // stay covered.
                let world = shownWorld(
                    Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta), centre, shown)
                if world.isFinite {
                    let x = snapped(x(longitude: centre.longitude, world: world), world: world)
                    var snappedLongitude = longitude(x: x, world: world)
                    if snappedLongitude > 180 { snappedLongitude -= 360 }
                    if snappedLongitude < -180 { snappedLongitude += 360 }
                    var snappedLatitude = centre.latitude
                    if abs(centre.latitude) < band {
                        snappedLatitude = latitude(
                            y: snapped(y(latitude: centre.latitude, world: world), world: world), world: world)
                    }
                    let moved = (
                        latitude: abs(snappedLatitude - centre.latitude),
                        longitude: Region.longitudeDistance(snappedLongitude, centre.longitude)
                    )
                    centre = Coordinate(latitude: snappedLatitude, longitude: snappedLongitude)
                    latitudeDelta = Swift.min(
                        latitudeDelta + 2 * moved.latitude, PoleLimit.delta(centeredAt: centre.latitude))
                    longitudeDelta = Swift.min(360, longitudeDelta + 2 * moved.longitude)
                }
            }
            if let viewport = view {
                let span = fixedAspect(
                    centre, needs: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta), into: viewport)
                latitudeDelta = span.latitudeDelta
                longitudeDelta = span.longitudeDelta
            }
            return Region(center: centre, span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
        }
    }

    /// The width in points of the world at the scale `viewport` shows a region of `span`
    /// around `centre` (the axis that binds), no finer than the zooms served allow (a map
    /// cannot zoom in past its top level), and MapKit's fixed world for its grid.
    func shownWorld(_ span: Span, _ centre: Coordinate, _ viewport: Viewport) -> Double {
        if freedoms.pixels == .mapPoints { return Self.mapPointsWorld }
        let band = MercatorMath.latitudeLimit
        func banded(_ latitude: Double) -> Double { Swift.min(band, Swift.max(-band, latitude)) }
        let byLongitude = span.longitudeDelta > 0 ? 360 * viewport.widthInPoints / span.longitudeDelta : .infinity
        let rows =
            y(latitude: banded(centre.latitude - span.latitudeDelta / 2), world: 1)
            - y(latitude: banded(centre.latitude + span.latitudeDelta / 2), world: 1)
        let byLatitude = rows > 0 ? viewport.heightInPoints / rows : .infinity
        return Swift.min(Swift.min(byLongitude, byLatitude), 256 * libm.exp2(servedRange.highest))
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
