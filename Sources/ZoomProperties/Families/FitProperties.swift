import MercatorCore
import PropertyCheck

/// Family 8: fitting a region to annotations.
enum FitProperties {
    static let all: [CatalogueProperty] = [covers, valid, latitudeAtMost180, padded, shortestArc, centredOnPoints, singlePoint, empty]

    /// Slack for comparing a point with a region's edges: the centre and half-delta are each
    /// rounded once, so an edge is within 2 ulps of 90° (2.8e-14°) of exact; 4 ulps of 360°
    /// (2.3e-13°) covers longitude wrap-around as well.
    static let edgeSlack = 4 * 360.0.ulp

    static let coverage = [
        CoverageRequirement(AnnotationSetGen.straddlesLabel, minimumShare: 0.05),
        CoverageRequirement(AnnotationSetGen.polarLabel, minimumShare: 0.05),
    ]

    static func fit(_ implementation: any ZoomImplementation, _ points: [Coordinate]) throws -> Region {
        try CheckSupport.expectValue("fit") { try implementation.fit(points) }
    }

    static let covers = CatalogueProperty.define(
        "fit-covers-every-point", .fit,
        statement: "Every annotation lies inside the fitted region as MapKit reads it (centre ± delta / 2).",
        bound: "4 ulps of 360° (2.3e-13°) for the rounding of the centre and the half-deltas",
        coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        for point in points where !region.contains(point, slack: edgeSlack) {
            let distance = Region.longitudeDistance(point.longitude, region.center.longitude)
            throw PropertyFailure("\(point) is outside latitudes \(NumberText.shortest(region.southEdge))...\(NumberText.shortest(region.northEdge)) or \(CheckSupport.short(distance))° from the centre longitude of \(region)")
        }
    }

    static let valid = CatalogueProperty.define(
        "fit-is-valid", .fit,
        statement: "The fitted region is one a map view accepts (PROTOCOL.md's `valid`).",
        bound: "exact: the validity rules compare without tolerance",
        coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        try ensure(region.isValid, "\(region) breaks: \(region.violations.map(\.rawValue).joined(separator: ", "))")
    }

    static let latitudeAtMost180 = CatalogueProperty.define(
        "fit-latitude-span-at-most-180", .fit,
        statement: "The fitted latitude delta never exceeds 180°, however far apart the points.",
        bound: "exact comparison with 180",
        coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        try ensure(region.span.latitudeDelta <= 180, "latitudeDelta \(NumberText.shortest(region.span.latitudeDelta))")
    }

    static let shortestArc = CatalogueProperty.define(
        "fit-takes-the-short-way", .fit,
        statement: "The fitted longitude delta is no more than the padded shortest arc holding the points (1.15 × arc, at least 0.014°, at most 360°).",
        bound: "4 ulps of 360° over 1.15 × the shortest arc: the documents' padding is allowed, a detour the long way round is not",
        coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        let allowed = Swift.min(360, Swift.max(0.014, 1.15 * arc)) + edgeSlack
        try ensure(region.span.longitudeDelta <= allowed,
                   "longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) for points whose shortest arc is \(CheckSupport.short(arc))°")
    }

    static let centredOnPoints = CatalogueProperty.define(
        "fit-centred-on-the-points", .fit,
        statement: "The fitted centre longitude lies among the points: within half the shortest arc of the nearest one (not on the far side of the world).",
        bound: "4 ulps of 360° over half the shortest arc (brute-force oracle, so ties between equal arcs do not matter)",
        coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        let nearest = points.map { Region.longitudeDistance(region.center.longitude, $0.longitude) }.min() ?? 0
        try ensure(nearest <= arc / 2 + edgeSlack,
                   "centre longitude \(NumberText.shortest(region.center.longitude)) is \(CheckSupport.short(nearest))° from the nearest point, more than half the points' \(CheckSupport.short(arc))° arc")
    }

    static let padded = CatalogueProperty.define(
        "fit-is-padded", .fit,
        statement: "The fitted deltas are at least 1.15 × the points' extent (latitude in degrees, longitude along the shortest arc), and at least 0.014°, except where 360° or the poles cap them.",
        bound: "4 ulps of 360° below the padded extent: the documents' padding, checked from below (the other properties check it from above)",
        coverage: coverage, describe: AnnotationSetGen.describe,
        generator: { _ in AnnotationSetGen.annotations }
    ) { implementation, points, _ in
        let region = try fit(implementation, points)
        let latitudes = points.map(\.latitude)
        let latitudeExtent = (latitudes.max() ?? 0) - (latitudes.min() ?? 0)
        let poleRoom = 2 * (90 - abs(region.center.latitude))
        let wantLatitude = Swift.min(poleRoom, Swift.max(0.014, 1.15 * latitudeExtent))
        try ensure(region.span.latitudeDelta >= wantLatitude - edgeSlack,
                   "latitudeDelta \(NumberText.shortest(region.span.latitudeDelta)) for a \(CheckSupport.short(latitudeExtent))° extent (padded: \(CheckSupport.short(wantLatitude))°)")
        let arc = CheckSupport.shortestArcLength(points.map(\.longitude))
        let wantLongitude = Swift.min(360, Swift.max(0.014, 1.15 * arc))
        try ensure(region.span.longitudeDelta >= wantLongitude - edgeSlack,
                   "longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) for a \(CheckSupport.short(arc))° arc (padded: \(CheckSupport.short(wantLongitude))°)")
    }

    static let singlePoint = CatalogueProperty.define(
        "fit-single-point", .fit,
        statement: "One annotation gives a region centred on it with both deltas 0.014° (the latitude delta less only where a pole forbids it).",
        bound: "centre within 1e-9° (the seed goes through MapKit map points and back); deltas exact",
        generator: { _ in Gen.zip(CoordinateGen.sphereLatitude, CoordinateGen.longitude).map { Coordinate(latitude: $0, longitude: $1) } }
    ) { implementation, point, _ in
        let region = try fit(implementation, [point])
        try PropertyTolerances.sameCentre.require(region.center.latitude, near: point.latitude, "centred at \(region.center)")
        try PropertyTolerances.sameCentre.require(Region.longitudeDistance(region.center.longitude, point.longitude), near: 0, "centred at \(region.center)")
        try ensure(region.span.longitudeDelta == 0.014, "longitudeDelta \(NumberText.shortest(region.span.longitudeDelta))")
        let poleRoom = 2 * (90 - abs(point.latitude))
        try ensure(region.span.latitudeDelta == 0.014 || (region.span.latitudeDelta < 0.014 && region.span.latitudeDelta >= poleRoom - edgeSlack),
                   "latitudeDelta \(NumberText.shortest(region.span.latitudeDelta))")
    }

    static let empty = CatalogueProperty.define(
        "fit-of-nothing-is-an-error", .fit,
        statement: "Fitting no annotations is the typed error empty-input, not a region.",
        bound: "exact error code",
        generator: { _ in Gen.constant([Coordinate]()) }
    ) { implementation, points, _ in
        switch CheckSupport.outcome({ try implementation.fit(points) }) {
        case .success(let region): throw PropertyFailure("returned \(region)")
        case .failure(let error): try ensure(error.code == "empty-input", "threw \(error)")
        }
    }
}
