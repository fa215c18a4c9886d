import MercatorCore
import PropertyCheck

/// Fits bounded by their points, free of any convention, and bad points wherever they sit.
///
/// Coverage alone lets through a fit that holds its points but is centred outside their
/// latitudes, off the shortest arc once that arc is wider than `fit-takes-the-short-way`
/// looks at, or many times larger than the points need; and a probe with its one bad point
/// last, after identical good ones, lets through a NaN that a sort or min/max drops when it
/// sits between distinct points. These belong to family 9 (Fit).
enum FitBoundProperties {
    static let all: [CatalogueProperty] = [bounded, badPointAnywhere]

    /// The widest padding the bounds allow, whatever a program declares: a factor of 3 on the
    /// latitude extent in degrees (a padding of × 2 applied to the Mercator rows, as a
    /// Mercator-view fit pads, grows the degrees by less than × 3 at any latitude), × 2 on
    /// the longitude arc, and a minimum delta of 1° (the documents' is 0.014°). A declared
    /// padding larger than these widens them.
    static let largestLatitudeFactor = 3.0
    static let largestLongitudeFactor = 2.0
    static let largestMinimumDelta = 1.0
    /// A fit at a whole zoom (a static map image, a program with integer zooms only) shows up
    /// to twice the longitude it needs: the next zoom in would not hold the points.
    static let wholeZoomFactor = 2.0

    /// Points whose two largest longitude gaps differ by at most 2°: the shortest arc is the
    /// complement of the larger, and a program that compares gaps with a slack, or counts
    /// the gap across ±180° differently, picks the other arc — centred in the gap the points
    /// leave empty. Random sets almost never come this close to a tie.
    ///
    /// Built on the circle from a start longitude: an arc of points, a gap g, a second arc
    /// of points, then a gap g + δ back to the start (δ in −2…2°), wrapped into −180…180, so
    /// that ±180° falls in either gap or inside an arc. With g over 121°, both arcs together
    /// are under 120°, so no gap inside an arc competes with the two.
    static let nearTies: Gen<[Coordinate]> = Gen.zip(
        Gen.double(in: -180...180).named("start longitude"), Gen.double(in: 121...150).named("gap (degrees)"),
        Gen.double(in: -2...2).named("second gap minus the first (degrees)"),
        Gen.double(in: 0...1).named("first arc's share"),
        Gen.array(
            of: Gen.zip(CoordinateGen.bandLatitude, Gen.double(in: 0...1).named("place along its arc")), count: 4...7)
    ).map { start, gap, difference, share, placed in
        let arcs = 360 - 2 * gap - difference
        let first = share * arcs, second = arcs - first
        // The ends of both arcs first (they fix the gaps), then points inside them.
        let ends = [start, start + first, start + first + gap, start + first + gap + second]
        return placed.enumerated().map { index, point in
            let longitude =
                index < 4
                ? ends[index] : (index % 2 == 0 ? start + point.1 * first : start + first + gap + point.1 * second)
            return Coordinate(latitude: point.0, longitude: AnnotationSetGen.wrap(AnnotationSetGen.wrap(longitude)))
        }
    }.labelled { _ in [nearTieLabel] }

    /// The label of a near-tie set.
    static let nearTieLabel = "near tie between two arcs"

    /// The fit family's coverage, less the fifth of cases that are near ties, and at least a
    /// tenth of near ties. Polar sets need only 2%: a Mercator-view program assumes away every
    /// set with a point beyond the band, most of the polar ones (3.4% of 2,000 cases remain
    /// for `control-mercator-view`).
    static let coverage = [
        CoverageRequirement(AnnotationSetGen.straddlesLabel, minimumShare: 0.04),
        CoverageRequirement(AnnotationSetGen.polarLabel, minimumShare: 0.02),
        CoverageRequirement(nearTieLabel, minimumShare: 0.1),
    ]

    static let bounded = CatalogueProperty.define(
        "fit-is-bounded-by-its-points", .fit, .defect, operations: [.fit],
        statement: """
            A fit of valid points (up to the poles, in any order) is a valid region (in the implementation's declared \
            region reading) centred between the points' extreme latitudes (or those latitudes clamped to the \
            Mercator band, as MapKit clamps them) and on a shortest longitude arc that holds them; and set at one \
            longitude, no taller than their latitude extent padded × 3, set at one latitude, \
            no wider than their arc padded × 2 and doubled for a whole zoom (at least 1° each; one axis at a time, \
            since a fixed-aspect view shows more of the other).
            """,
        bound: """
            3 × the coordinate budget (9.6e-13°) on every comparison, and a whole pixel for the centre and two for a \
            delta at the scale the request's 320×460 view shows the region (snapped to whole pixels); the arc from \
            a brute-force oracle (every shortest arc is accepted when several tie)
            """, coverage: coverage,
        // Scaled by 4/5, the annotation sets' branch.
        strata: { _ in Strata.Design.annotationSets.map { $0.scaled(4.0 / 5) } }, describe: AnnotationSetGen.describe,
        generator: { _ in
            Gen.frequency([(weight: 4, generator: AnnotationSetGen.annotations), (weight: 1, generator: nearTies)])
        }
    ) { implementation, points, _ in
        // A Mercator view cannot show a point beyond the band (a pole is infinitely far up).
        try assume(
            implementation.capabilities.regionReading == .mapKit
                || points.allSatisfy { abs($0.latitude) <= MercatorMath.latitudeLimit },
            "a Mercator view cannot hold points beyond the band")
        func fitted(_ points: [Coordinate]) throws -> Region {
            switch CheckSupport.outcome({ try implementation.fit(points) }) {
            case .success(let value): return value
            case .failure(let error):
                if error.code == "unsupported" { throw error }
                // Points beyond the Mercator band may be refused: no Mercator map shows them
                // (`fit-covers-points-beyond-the-band` is the convention that they are not).
                try assume(
                    points.allSatisfy { abs($0.latitude) <= MercatorMath.latitudeLimit },
                    "a point beyond the Mercator band was refused")
                throw PropertyFailure("fit refused valid points \(points): \(error)", signature: .answered(error))
            }
        }
        let region = try fitted(points)
        let violations = implementation.capabilities.regionReading.violations(of: region)
        try ensure(violations.isEmpty, "\(region) breaks: \(violations.map(\.rawValue).joined(separator: ", "))")
        let slack = FitProperties.Slack(region, implementation).centre
        let latitudes = points.map(\.latitude)
        // A fit may clamp its points to the Mercator band first, as MapKit does (a point at a
        // pole is framed at the band's edge): the centre lies between the extremes, or between
        // them clamped.
        let band = MercatorMath.latitudeLimit
        func clamped(_ latitude: Double) -> Double { Swift.max(-band, Swift.min(band, latitude)) }
        let rawSouth = latitudes.min() ?? 0, rawNorth = latitudes.max() ?? 0
        let south = Swift.min(rawSouth, clamped(rawSouth)), north = Swift.max(rawNorth, clamped(rawNorth))
        try ensure(
            region.center.latitude >= south - slack && region.center.latitude <= north + slack,
            """
            centre latitude \(NumberText.shortest(region.center.latitude)) is outside the points' latitudes \
            \(NumberText.shortest(south))...\(NumberText.shortest(north))
            """)
        let longitudes = points.map(\.longitude)
        let arcs = CheckSupport.shortestArcs(longitudes)
        try ensure(
            arcs.contains { Region.longitudeDistance(region.center.longitude, $0.centre) <= $0.length / 2 + slack },
            """
            centre longitude \(NumberText.shortest(region.center.longitude)) is not on a shortest arc \
            holding the points (the shortest runs \(CheckSupport.short(arcs[0].length))° eastward from \
            \(NumberText.shortest(arcs[0].west))°)
            """)
        let padding = implementation.capabilities.fitPadding
        let minimum = Swift.max(largestMinimumDelta, padding?.minimumDelta ?? 0)
        let latitudeLimit = Swift.min(
            180, Swift.max(minimum, Swift.max(largestLatitudeFactor, padding?.factor ?? 0) * (north - south)))
        let tallRegion = try fitted(FitProperties.atOneLongitude(points))
        let tall = tallRegion.span.latitudeDelta
        try ensure(
            tall <= latitudeLimit + FitProperties.Slack(tallRegion, implementation).delta,
            """
            latitudeDelta \(NumberText.shortest(tall)) for points \
            \(CheckSupport.short(north - south))° apart in latitude, set at one longitude (at most \
            \(CheckSupport.short(latitudeLimit))°)
            """)
        let longitudeLimit = Swift.min(
            360,
            Swift.max(
                minimum, wholeZoomFactor * Swift.max(largestLongitudeFactor, padding?.factor ?? 0) * arcs[0].length))
        let wideRegion = try fitted(FitProperties.atOneLatitude(points))
        let wide = wideRegion.span.longitudeDelta
        // A Mercator view allowed the whole world may show more than one: an image wider than
        // the world at its zoom repeats it (PROTOCOL.md, region readings).
        let wholeWorldView = implementation.capabilities.regionReading == .mercatorView && longitudeLimit >= 360
        try ensure(
            wholeWorldView || wide <= longitudeLimit + FitProperties.Slack(wideRegion, implementation).delta,
            """
            longitudeDelta \(NumberText.shortest(wide)) for a \
            \(CheckSupport.short(arcs[0].length))° arc, set at one latitude (at most \
            \(CheckSupport.short(longitudeLimit))°)
            """)
    }

    /// A bad value (NaN, ±∞, or past ±90° / ±180°: `badValue(past:finite:)`, for the axis it
    /// is drawn for) at a random position among 1...6 valid, distinct points.
    static let badPointAnywhere = CatalogueProperty.define(
        "fit-refuses-a-bad-point-anywhere", .fit, .defect, operations: [.fit],
        statement: """
            A point with a NaN or infinite coordinate, or (unless the program declares bad input unchecked) a latitude \
            past ±90° or a longitude past ±180°, at any position among distinct valid points, never gets a \
            valid-looking fit: it is refused, or the region is invalid or not finite.
            """, bound: "exact: any protocol error, a non-finite value or an invalid region passes",
        describe: { (input: BadFitInput) in input.description },
        generator: { implementation in
            let finite = implementation.capabilities.badInput != .unchecked
            let good = Gen.array(
                of: Gen.zip(CoordinateGen.bandLatitude, CoordinateGen.longitude).map {
                    Coordinate(latitude: $0, longitude: $1)
                }, count: 1...6)
            let bad = Gen.bool.named("bad latitude (else longitude)").flatMap { inLatitude in
                badValue(past: inLatitude ? 90 : 180, finite: finite).map { (inLatitude, $0) }
            }
            return Gen.zip(good, bad, Gen.double(in: 0...1).named("position (fraction)")).map { points, bad, position in
                let (inLatitude, value) = bad
                let index = Swift.min(points.count, Int(position * Double(points.count + 1)))
                var all = points
                all.insert(
                    inLatitude
                        ? Coordinate(latitude: value, longitude: 20) : Coordinate(latitude: 10, longitude: value),
                    at: index)
                return BadFitInput(points: all, badIndex: index)
            }
        }
    ) { implementation, input, _ in
        let bad = input.points[input.badIndex]
        let nonFinite = !bad.latitude.isFinite || !bad.longitude.isFinite
        try assume(
            nonFinite || implementation.capabilities.badInput != .unchecked, "the program declares bad input unchecked")
        switch CheckSupport.outcome({ try implementation.fit(input.points) }) {
        case .success(let region):
            let finite = [
                region.center.latitude, region.center.longitude, region.span.latitudeDelta, region.span.longitudeDelta,
            ].allSatisfy(\.isFinite)
            try ensure(
                !(finite && region.isValid), "answered \(region) (valid) to a fit with point \(input.badIndex) \(bad)")
        case .failure(let error):
            if error.code == "unsupported" { throw error }
            try ensure(error.code != ProjectionError.implementationFailure("").code, "fit did not refuse: \(error)")
        }
    }

    /// A bad value for an axis whose valid values lie within ±`limit`: NaN or ±∞; and, when
    /// `finite` (a program that checks its input), just past the limit (within a degree), past
    /// it by up to a turn, and far past it. Each finite class is signed: a check that forgets
    /// `abs`, or compares one side only, is met on the side it forgets as often as on the other.
    static func badValue(past limit: Double, finite: Bool) -> Gen<Double> {
        let nonFinite = Gen.element(of: [Double.nan, .infinity, -.infinity])
        guard finite else { return nonFinite.named("bad value") }
        return Gen.frequency([
            (weight: 2, generator: nonFinite),
            (weight: 1, generator: CoordinateGen.signed(Gen.double(in: limit.nextUp...(limit + 1)))),
            (weight: 1, generator: CoordinateGen.signed(Gen.double(in: (limit + 1)...360))),
            (weight: 1, generator: CoordinateGen.signed(Gen.double(in: 360.0.nextUp...1e6))),
        ]).named("bad value")
    }
}

/// Points for a fit, one of them bad, in the order the implementation receives them.
struct BadFitInput: Sendable, Hashable, CustomStringConvertible {
    var points: [Coordinate]
    var badIndex: Int
    var description: String { "[" + points.map(\.description).joined(separator: ", ") + "] (point \(badIndex) is bad)" }
}
