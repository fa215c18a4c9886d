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
        for point in points where !reading.contains(region, point, slack: edgeSlack) {
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
            """, bound: "3 × the coordinate budget (9.6e-13°) for the centre, the half-deltas and the wrap",
        coverage: coverage, describe: AnnotationSetGen.describe, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        try requireCovers(try fit(implementation, points), points, reading: implementation.capabilities.regionReading)
    }

    static let valid = CatalogueProperty.define(
        "fit-is-valid", .fit, .defect, operations: [.fit],
        statement: """
            The fitted region is one a map view accepts (PROTOCOL.md's `valid`, in the implementation's declared \
            region reading).
            """, bound: "exact: the validity rules compare without tolerance", coverage: coverage,
        describe: AnnotationSetGen.describe, generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let violations = implementation.capabilities.regionReading.violations(of: region)
        try ensure(violations.isEmpty, "\(region) breaks: \(violations.map(\.rawValue).joined(separator: ", "))")
    }

    static let latitudeAtMost180 = CatalogueProperty.define(
        "fit-latitude-span-at-most-180", .fit, .defect, operations: [.fit],
        statement: "The fitted latitude delta never exceeds 180°, however far apart the points.",
        bound: "exact comparison with 180", coverage: coverage, describe: AnnotationSetGen.describe,
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
            For points whose shortest longitude arc is at most 120°, the fitted longitude delta is less than 360° \
            − \
            that arc: the region does not go the long way round or cover the whole world.
            """,
        bound: """
            strict comparison with 360° − arc (room for any padding up to × 2; the arc from a brute-force oracle)
            """, coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        try assume(arc <= shortWayArcLimit, "the points span more than 120° of longitude")
        let region = try fit(implementation, points)
        try ensure(
            region.span.longitudeDelta < 360 - arc,
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) for points whose shortest \
            arc is \(CheckSupport.short(arc))°
            """)
    }

    static let centredOnPoints = CatalogueProperty.define(
        "fit-centred-on-the-points", .fit, .defect, operations: [.fit],
        statement: """
            The fitted centre longitude lies among the points: within half the shortest arc of the nearest one (not \
            on the far side of the world).
            """,
        bound: """
            3 × the coordinate budget over half the shortest arc (brute-force oracle, so ties between equal arcs do \
            not matter)
            """, coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        let nearest = points.map { Region.longitudeDistance(region.center.longitude, $0.longitude) }.min() ?? 0
        try ensure(
            nearest <= arc / 2 + edgeSlack,
            """
            centre longitude \(NumberText.shortest(region.center.longitude)) is \
            \(CheckSupport.short(nearest))° from the nearest point, more than half the points' \
            \(CheckSupport.short(arc))° arc
            """)
    }

    static let validFlag = CatalogueProperty.define(
        "fit-valid-flag-agrees", .fit, .defect, operations: [.fit],
        statement: "The `valid` a fit answer reports agrees with the region's validity under PROTOCOL.md's rules.",
        bound: "exact: the rules compare without tolerance", coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.bandAnnotations }
    ) { implementation, points, _ in
        let answer = try CheckSupport.expectValue("fit") { try implementation.fitAnswer(points) }
        try CheckSupport.requireValidFlag(answer, reading: implementation.capabilities.regionReading)
    }

    static func declaredPadding(_ implementation: any ZoomImplementation) -> String? {
        implementation.capabilities.fitPadding == nil ? "the implementation does not state its fit padding" : nil
    }

    static let padded = CatalogueProperty.define(
        "fit-is-padded", .fit, .convention, operations: [.fit],
        statement: """
            The fitted deltas are the points' extent (latitude in degrees, longitude along the shortest arc) times \
            the declared pad factor, at least the declared minimum (the documents: × 1.15, 0.014°), except where \
            360° \
            or the poles cap them.
            """, bound: "3 × the coordinate budget either side of the padded extent", appliesTo: declaredPadding,
        coverage: coverage, describe: AnnotationSetGen.describe, generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        guard let padding = implementation.capabilities.fitPadding else { return }
        let region = try fit(implementation, points)
        let latitudes = points.map(\.latitude)
        let latitudeExtent = (latitudes.max() ?? 0) - (latitudes.min() ?? 0)
        let wantLatitude = padding.paddedDelta(
            latitudeExtent, atMost: PoleLimit.room(centeredAt: region.center.latitude))
        try ensure(
            abs(region.span.latitudeDelta - wantLatitude) <= edgeSlack,
            """
            latitudeDelta \(NumberText.shortest(region.span.latitudeDelta)) for a \
            \(CheckSupport.short(latitudeExtent))° extent (padded \(padding): \
            \(CheckSupport.short(wantLatitude))°)
            """)
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        let wantLongitude = padding.paddedDelta(arc, atMost: 360)
        try ensure(
            abs(region.span.longitudeDelta - wantLongitude) <= edgeSlack,
            """
            longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) for a \
            \(CheckSupport.short(arc))° arc (padded \(padding): \(CheckSupport.short(wantLongitude))°)
            """)
    }

    static let singlePoint = CatalogueProperty.define(
        "fit-single-point", .fit, .convention, operations: [.fit],
        statement: """
            One annotation gives a region centred on it with both deltas the declared minimum (the documents: 0.014°; \
            the latitude delta less only where a pole forbids it).
            """,
        bound: """
            centre within 1e-9° (0.1 mm: the seed goes through MapKit map points and back, ~1e-14°); deltas exact
            """, appliesTo: declaredPadding,
        generator: { _ in
            Gen.zip(CoordinateGen.sphereLatitude, CoordinateGen.longitude).map {
                Coordinate(latitude: $0, longitude: $1)
            }
        }
    ) { implementation, point, _ in
        guard let padding = implementation.capabilities.fitPadding else { return }
        let region = try fit(implementation, [point])
        try PropertyTolerances.sameCentre.require(
            region.center.latitude, near: point.latitude, "centred at \(region.center)")
        try PropertyTolerances.sameCentre.require(
            Region.longitudeDistance(region.center.longitude, point.longitude), near: 0, "centred at \(region.center)")
        try ensure(
            region.span.longitudeDelta == padding.minimumDelta,
            "longitudeDelta \(NumberText.shortest(region.span.longitudeDelta))")
        let poleRoom = PoleLimit.room(centeredAt: point.latitude)
        try ensure(
            region.span.latitudeDelta == padding.minimumDelta
                || (region.span.latitudeDelta < padding.minimumDelta
                    && region.span.latitudeDelta >= poleRoom - edgeSlack),
            "latitudeDelta \(NumberText.shortest(region.span.latitudeDelta))")
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
            """, bound: "3 × the coordinate budget (9.6e-13°)", describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.beyondBand }
    ) { implementation, points, _ in try requireCovers(try fit(implementation, points), points) }
}
