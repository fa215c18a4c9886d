import MercatorCore
import PropertyCheck

/// Family 8: fitting a region to annotations. Defects use points within the Mercator band
/// (every Web-Mercator map can show them); the documents' padding, the error for no points
/// and covering points beyond the band are conventions.
enum FitProperties {
    static let all: [CatalogueProperty] = [
        covers, valid, latitudeAtMost180, shortestArc, centredOnPoints, validFlag, padded, singlePoint, empty,
        coversBeyondBand,
    ]

    /// Slack for comparing a point with a region's edges: the centre and half-delta each
    /// carry the coordinate budget (3.2e-13°), and longitudes wrap once more.
    static let edgeSlack = 3 * ErrorBudget.coordinateDegrees

    /// Slack for whether a point at `latitude` lies inside a fit: the edge slack, and a route
    /// that computes the region's edges through the projection and back (a camera's bounds, in
    /// Mercator metres or pixels) carries each latitude's projected budget — 6.4e-13° at the
    /// equator, 7.7e-12° at the band's edge. A point outside by more breaks the contract, by
    /// however little: a fit is a promise to hold its points.
    static func coverageSlack(atLatitude latitude: Double) -> Double {
        edgeSlack + ErrorBudget.projectedLatitudeDegrees(atLatitude: latitude)
    }

    /// What a fit's centre and deltas may be off by (`MapPixel`): a program may put the
    /// region's centre on a whole pixel, and each edge, at the scale the request's view
    /// shows the region (its binding axis; no finer than the program's top zoom shows, a map
    /// that cannot zoom in further).
    struct Slack {
        /// One pixel at that scale, in degrees of longitude: at least one of latitude anywhere.
        let pixel: Double
        /// For a centre: the edge slack and a pixel.
        var centre: Double { edgeSlack + pixel }
        /// For a delta: the edge slack and two pixels (its two edges).
        var delta: Double { edgeSlack + 2 * pixel }

        init(_ region: Region, _ implementation: any ZoomImplementation) {
            let world = MapPixel.shownWorld(
                of: region, in: .fitView, topZoom: implementation.capabilities.servedZooms.highest)
            pixel = world.isFinite && world > 0 ? MapPixel.longitudeDegrees(worldWidth: world) : 0
        }
    }

    /// The same points at one latitude (the first point's): a fit of them is bound by its
    /// longitudes, whatever aspect the program's view has, so its longitude delta can be held
    /// to the arc even for a fixed-aspect fit, which shows more longitude than the points
    /// need when their latitudes bind.
    static func atOneLatitude(_ points: [Coordinate]) -> [Coordinate] {
        points.map { Coordinate(latitude: points[0].latitude, longitude: $0.longitude) }
    }

    /// The same points at one longitude (the first point's): a fit of them is bound by its
    /// latitudes, whatever the aspect.
    static func atOneLongitude(_ points: [Coordinate]) -> [Coordinate] {
        points.map { Coordinate(latitude: $0.latitude, longitude: points[0].longitude) }
    }

    /// Fails unless `region`'s deltas are the padded extents as `aspect` shapes them: both
    /// (`free`), or at least one of them with the other no smaller than its own (`fixed`, and
    /// when the aspect is not stated: a fixed-aspect view shows more of the axis that does
    /// not bind).
    static func requirePadded(
        _ region: Region, latitude wantLatitude: Double, longitude wantLongitude: Double,
        aspect: Capabilities.FitAspect?, slack: Slack,
        describing extents: @autoclosure () -> (latitude: String, longitude: String)
    ) throws {
        let deltaSlack = slack.delta
        let latitudeOff = region.span.latitudeDelta - wantLatitude
        let longitudeOff = region.span.longitudeDelta - wantLongitude
        let longitudeTight = abs(longitudeOff) <= deltaSlack
        // A view centred on the degree midpoint holds the padded latitudes with its farther
        // edge in Mercator rows; its latitude delta, read about that centre, is up to
        // `viewLatitudeDelta` (PROTOCOL.md's fixed-aspect fits).
        // The padded delta may have grown by the edges' whole pixels before the view was sized
        // (what the view then shows grows with it, so the grown one bounds both; kept inside the
        // band, where a view's rows are defined).
        let bandRoom = 2 * (MercatorMath.latitudeLimit - abs(region.center.latitude))
        let grown = Swift.max(wantLatitude, Swift.min(wantLatitude + 2 * deltaSlack, bandRoom.nextDown))
        let viewLatitude =
            aspect == .free
            ? wantLatitude
            : Swift.max(
                viewLatitudeDelta(region.center.latitude, wantLatitude),
                viewLatitudeDelta(region.center.latitude, grown)) + 2 * deltaSlack
        let latitudeTight = latitudeOff >= -deltaSlack && region.span.latitudeDelta <= viewLatitude + deltaSlack
        // The messages are written only for a failure: most cases pass.
        func latitudeMessage() -> String {
            """
            latitudeDelta \(NumberText.shortest(region.span.latitudeDelta)) for \(extents().latitude) \
            (\(CheckSupport.short(wantLatitude))°)
            """
        }
        func longitudeMessage() -> String {
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) for \(extents().longitude) \
            (\(CheckSupport.short(wantLongitude))°)
            """
        }
        if aspect == .free {
            try ensure(latitudeTight, latitudeMessage())
            try ensure(longitudeTight, longitudeMessage())
            return
        }
        try ensure(latitudeOff >= -deltaSlack, latitudeMessage())
        try ensure(longitudeOff >= -deltaSlack, longitudeMessage())
        try ensure(
            latitudeTight || longitudeTight,
            """
            neither delta is its padded extent, as a view of any aspect makes one: \(latitudeMessage()); \
            \(longitudeMessage())
            """)
    }

    /// The largest latitude delta a view centred on `centre` reports when sized so that it holds
    /// `delta` about it: the view's rows reach exactly the farther of the two padded edges in
    /// Mercator rows (ψ), and the nearer edge's side shows more; read symmetrically about the
    /// centre (MapKit's reading), that is twice the larger side. Within the pole limit.
    static func viewLatitudeDelta(_ centre: Double, _ delta: Double) -> Double {
        let band = MercatorMath.latitudeLimit
        guard abs(centre) + delta / 2 < band else { return delta }
        // ψ and gd in double-double (no libm: the bound is the same bits everywhere).
        func psi(_ latitude: Double) -> DoubleDouble { AccurateMercator.isometricLatitude(degrees: latitude) }
        let middle = psi(centre)
        let north = psi(centre + delta / 2) - middle, south = middle - psi(centre - delta / 2)
        let half = north.hi > south.hi ? north : south
        let northSide = PortableMath.gudermannian(degreesOf: middle + half) - centre
        let southSide = centre - PortableMath.gudermannian(degreesOf: middle - half)
        let shown = 2 * Swift.max(northSide, southSide)
        return Swift.min(PoleLimit.room(centeredAt: centre), shown * (1 + ErrorBudget.relative)) + 2
            * ErrorBudget.coordinateDegrees
    }

    static let coverage = [
        CoverageRequirement(AnnotationSetGen.straddlesLabel, minimumShare: 0.05),
        CoverageRequirement(AnnotationSetGen.polarLabel, minimumShare: 0.05),
    ]

    static func fit(_ implementation: any ZoomImplementation, _ points: [Coordinate]) throws -> Region {
        try CheckSupport.expectValue("fit") { try implementation.fit(points) }
    }

    /// Fails unless every point is inside `region` as `reading` reads it (the
    /// implementation's declared reading: MapKit's centre ± delta / 2, or a Mercator view).
    static func requireCovers(_ region: Region, _ points: [Coordinate], reading: RegionReading = .mapKit) throws {
        guard let edges = reading.edges(of: region) else {
            throw PropertyFailure("\(region) has no edges read as \(reading.rawValue)")
        }
        for point in points where !reading.contains(region, point, slack: coverageSlack(atLatitude: point.latitude)) {
            let distance = Region.longitudeDistance(point.longitude, region.center.longitude)
            let beyond = Swift.max(
                edges.south - point.latitude, point.latitude - edges.north, distance - region.span.longitudeDelta / 2)
            throw PropertyFailure(
                """
                \(point) is outside latitudes \
                \(NumberText.shortest(edges.south))...\(NumberText.shortest(edges.north)) (read as \
                \(reading.rawValue)) or \(CheckSupport.short(distance))° from the centre longitude of \(region): \
                \(CheckSupport.short(beyond))° outside
                """)
        }
    }

    static let covers = CatalogueProperty.define(
        "fit-covers-every-point", .fit, .defect, operations: [.fit],
        statement: """
            Every annotation within the Mercator band lies inside the fitted region as the implementation's declared \
            reading reads it (MapKit's centre ± delta / 2 by default; a Mercator view's rows centred on the centre's \
            row).
            """,
        bound: """
            3 × the coordinate budget (9.6e-13°) for the centre, the half-deltas and the wrap, and the latitude's \
            budget through the projection and back (a camera's bounds): 16u · 360° · (cos φ + 1/cos φ), \
            6.4e-13° at the equator, 7.7e-12° at the band's edge; no pixel: a fit promises to hold its points
            """, coverage: coverage, strata: { _ in Strata.Design.annotationSets }, describe: AnnotationSetGen.describe,
        degenerate: AnnotationSetGen.degenerate, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        try requireCovers(try fit(implementation, points), points, reading: implementation.capabilities.regionReading)
    }

    static let valid = CatalogueProperty.define(
        "fit-is-valid", .fit, .defect, operations: [.fit],
        statement: """
            The fitted region is one a map view accepts (PROTOCOL.md's `valid`, in the implementation's declared \
            region reading).
            """, bound: "exact: the validity rules compare without tolerance", coverage: coverage,
        strata: { _ in Strata.Design.annotationSets }, describe: AnnotationSetGen.describe,
        degenerate: AnnotationSetGen.degenerate, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let violations = implementation.capabilities.regionReading.violations(of: region)
        try ensure(violations.isEmpty, "\(region) breaks: \(violations.map(\.rawValue).joined(separator: ", "))")
    }

    static let latitudeAtMost180 = CatalogueProperty.define(
        "fit-latitude-span-at-most-180", .fit, .defect, operations: [.fit],
        statement: "The fitted latitude delta never exceeds 180°, however far apart the points.",
        bound: "exact comparison with 180", coverage: coverage, strata: { _ in Strata.Design.annotationSets },
        describe: AnnotationSetGen.describe, degenerate: AnnotationSetGen.degenerate,
        generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        try ensure(region.span.latitudeDelta <= 180, "latitudeDelta \(NumberText.shortest(region.span.latitudeDelta))")
    }

    /// The widest arc for which "the short way" is checked: up to it, any padding up to × 2
    /// still leaves the long way round (360° − arc) wider than the padded arc.
    static let shortWayArcLimit = 120.0

    static let shortestArc = CatalogueProperty.define(
        "fit-takes-the-short-way", .fit, .defect, operations: [.fit],
        statement: """
            For points whose shortest longitude arc is at most 120°, set at one latitude (so that their longitudes \
            bind, whatever the aspect of the program's view), the fitted longitude delta is less than 360° − that \
            arc: the region does not go the long way round or cover the whole world.
            """,
        bound: """
            strict comparison with 360° − arc (room for any padding up to × 2; the arc from a brute-force oracle)
            """, coverage: coverage, strata: { _ in Strata.Design.annotationSets }, describe: AnnotationSetGen.describe,
        picture: { points, _ in points.isEmpty ? nil : .fit(atOneLatitude(points)) },
        degenerate: AnnotationSetGen.degenerate, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        try assume(arc <= shortWayArcLimit, "the points span more than 120° of longitude")
        let region = try fit(implementation, atOneLatitude(points))
        let delta = NumberText.shortest(region.span.longitudeDelta)
        try ensure(
            region.span.longitudeDelta < 360 - arc,
            CheckSupport.oneMeridianTwoWays(points.map(\.longitude)).map {
                let shape = region.span.longitudeDelta >= 360 ? "the whole world" : "the long way round"
                return "the points are \($0), fitted as \(shape): longitudeDelta \(delta)"
            } ?? "longitudeDelta \(delta) for points whose shortest arc is \(CheckSupport.short(arc))°")
    }

    static let centredOnPoints = CatalogueProperty.define(
        "fit-centred-on-the-points", .fit, .defect, operations: [.fit],
        statement: """
            The fitted centre longitude lies among the points: within half the shortest arc of the nearest one (not \
            on the far side of the world).
            """,
        bound: """
            3 × the coordinate budget and a whole pixel at the scale the request's 320×460 view shows the region \
            (a snapped centre) over half the shortest arc (brute-force oracle, so ties between equal arcs do not \
            matter)
            """, coverage: coverage, strata: { _ in Strata.Design.annotationSets }, describe: AnnotationSetGen.describe,
        degenerate: AnnotationSetGen.degenerate, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        let nearest = points.map { Region.longitudeDistance(region.center.longitude, $0.longitude) }.min() ?? 0
        let centre =
            "centre longitude \(NumberText.shortest(region.center.longitude)) is \(CheckSupport.short(nearest))°"
        try ensure(
            nearest <= arc / 2 + Slack(region, implementation).centre,
            CheckSupport.oneMeridianTwoWays(points.map(\.longitude)).map {
                "the points are \($0), yet the fit is centred on the far side of the world: \(centre) from them"
            } ?? "\(centre) from the nearest point, more than half the points' \(CheckSupport.short(arc))° arc")
    }

    static let validFlag = CatalogueProperty.define(
        "fit-valid-flag-agrees", .fit, .defect, operations: [.fit],
        statement: "The `valid` a fit answer reports agrees with the region's validity under PROTOCOL.md's rules.",
        bound: "exact: the rules compare without tolerance", coverage: coverage,
        strata: { _ in Strata.Design.annotationSets }, describe: AnnotationSetGen.describe,
        degenerate: AnnotationSetGen.degenerate, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let answer = try CheckSupport.expectValue("fit") { try implementation.fitAnswer(points) }
        try CheckSupport.requireValidFlag(answer, reading: implementation.capabilities.regionReading)
    }

    /// A latitude clamped to the Mercator band, as a fit that clamps its points first (MapKit)
    /// frames it.
    static func bandClamped(_ latitude: Double) -> Double {
        Swift.max(-MercatorMath.latitudeLimit, Swift.min(MercatorMath.latitudeLimit, latitude))
    }

    static func declaredPadding(_ implementation: any ZoomImplementation) -> String? {
        implementation.capabilities.fitPadding == nil ? "the implementation does not state its fit padding" : nil
    }

    static let padded = CatalogueProperty.define(
        "fit-is-padded", .fit, .convention, operations: [.fit],
        statement: """
            The fitted deltas are the points' extent (latitude in degrees, longitude along the shortest arc) times \
            the declared pad factor, at least the declared minimum (the documents: × 1.15, 0.014°), except where \
            360° or the poles cap them; for a fixed-aspect fit (`fitAspect` fixed, or not stated), one of them is, \
            and the other no less.
            """,
        bound: """
            3 × the coordinate budget and two pixels (snapped edges) at the scale the request's 320×460 view shows \
            the region, either side of the padded extent
            """, appliesTo: declaredPadding, coverage: coverage, strata: { _ in Strata.Design.annotationSets },
        describe: AnnotationSetGen.describe, degenerate: AnnotationSetGen.degenerate,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        guard let padding = implementation.capabilities.fitPadding else { return }
        let region = try fit(implementation, points)
        // A fit may clamp its points to the Mercator band first (MapKit does): then it pads the
        // extent of the clamped latitudes. Either extent, padded, is the promise kept.
        let latitudes = points.map(\.latitude)
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        func requirePadded(latitudes: [Double]) throws {
            let latitudeExtent = (latitudes.max() ?? 0) - (latitudes.min() ?? 0)
            try FitProperties.requirePadded(
                region,
                latitude: padding.paddedDelta(
                    latitudeExtent, atMost: PoleLimit.room(centeredAt: region.center.latitude)),
                longitude: padding.paddedDelta(arc, atMost: 360), aspect: implementation.capabilities.fitAspect,
                slack: Slack(region, implementation),
                describing: (
                    "a \(CheckSupport.short(latitudeExtent))° extent, padded \(padding)",
                    CheckSupport.oneMeridianTwoWays(points.map(\.longitude)).map { "\($0), a 0° arc padded \(padding)" }
                        ?? "a \(CheckSupport.short(arc))° arc, padded \(padding)"
                ))
        }
        do { try requirePadded(latitudes: latitudes) } catch {
            let clamped = latitudes.map(bandClamped)
            guard clamped != latitudes, (try? requirePadded(latitudes: clamped)) != nil else { throw error }
        }
    }

    static let singlePoint = CatalogueProperty.define(
        "fit-single-point", .fit, .convention, operations: [.fit],
        statement: """
            One annotation gives a region centred on it with both deltas the declared minimum (the documents: 0.014°; \
            the latitude delta less only where a pole forbids it; for a fixed-aspect fit, one of them, the other no \
            less).
            """,
        bound: """
            centre within 1e-9° (0.1 mm: the seed goes through MapKit map points and back, ~1e-14°) and a whole \
            pixel at the scale the request's 320×460 view shows the region (a snapped centre), its latitude also a \
            route's projected budget there (16u · 360° · (cos φ + 1/cos φ), at most 8.6e-6° near a pole); deltas \
            within two such pixels (snapped edges)
            """, appliesTo: declaredPadding, strata: { _ in Strata.Design.longitudes + Strata.Design.sphereLatitudes },
        generator: { _ in
            Gen.zip(CoordinateGen.sphereLatitude, CoordinateGen.longitude).map {
                Coordinate(latitude: $0, longitude: $1)
            }
        }
    ) { implementation, point, context in
        guard let padding = implementation.capabilities.fitPadding else { return }
        let region = try fit(implementation, [point])
        let slack = Slack(region, implementation)
        let centre = Tolerance(
            .degrees(1e-9 + slack.pixel),
            because: "through map points and back (~1e-14°), snapped to a whole pixel at the scale its view shows it")
        // A point past the band may be framed at the band's edge (a fit that clamps its points).
        let framed =
            abs(region.center.latitude - bandClamped(point.latitude)) < abs(region.center.latitude - point.latitude)
            ? bandClamped(point.latitude) : point.latitude
        // A route through the projection and back (a camera's bounds in metres) moves the
        // latitude by its projected budget, which grows toward a pole.
        try Tolerance(
            .degrees(1e-9 + slack.pixel + ErrorBudget.projectedLatitudeDegrees(atLatitude: framed)),
            because: centre.reason + ", and through the projection and back at that latitude"
        ).require(region.center.latitude, near: framed, "centred at \(region.center)", in: context)
        try centre.require(
            Region.longitudeDistance(region.center.longitude, point.longitude), near: 0, "centred at \(region.center)",
            in: context)
        // Near a pole the latitude delta is what the pole leaves, when that is less: the room
        // at the point, or at the centre the program put within the tolerance above.
        let poleRoom = Swift.min(PoleLimit.room(centeredAt: framed), PoleLimit.room(centeredAt: region.center.latitude))
        let wantLatitude =
            region.span.latitudeDelta < padding.minimumDelta - slack.delta
                && region.span.latitudeDelta >= poleRoom - edgeSlack ? region.span.latitudeDelta : padding.minimumDelta
        try requirePadded(
            region, latitude: wantLatitude, longitude: padding.minimumDelta,
            aspect: implementation.capabilities.fitAspect, slack: slack, describing: ("one point", "one point"))
    }

    static let empty = CatalogueProperty.define(
        "fit-of-nothing-is-an-error", .fit, .convention, operations: [.fit],
        statement: """
            Fitting no annotations is refused (with error-codes: the code empty-input), not answered with a region.
            """, bound: "exact error code", appliesTo: BadInputProperties.refusalPolicyApplies,
        generator: { _ in Gen.constant([Coordinate]()) }
    ) { implementation, points, _ in
        try BadInputProperties.refused(
            "empty-input", "fit", implementation, { try implementation.fit(points) }, looksValid: \.isValid)
    }

    static let coversBeyondBand = CatalogueProperty.define(
        "fit-covers-points-beyond-the-band", .fit, .convention, operations: [.fit],
        statement: """
            Annotations beyond the Mercator band (85.0511° to 90°) are accepted and lie inside the fitted region in \
            degrees, as ZoomCheck's core does (a Mercator map cannot show them, so clamping them is a legitimate \
            choice).
            """, bound: "3 × the coordinate budget (9.6e-13°)", strata: { _ in Strata.Design.beyondBandSets },
        describe: AnnotationSetGen.describe, generator: { _ in AnnotationSetGen.beyondBand }
    ) { implementation, points, _ in try requireCovers(try fit(implementation, points), points) }
}
