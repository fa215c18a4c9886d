import MercatorCore
import PropertyCheck

/// Sets of 1...50 annotation coordinates for the fit properties.
public enum AnnotationSetGen {
    /// Label for sets whose shortest longitude arc crosses ±180°.
    public static let straddlesLabel = "straddles 180°"
    /// Label for sets with a point beyond 80° north or south.
    public static let polarLabel = "polar"
    /// Label for a single annotation.
    public static let singleLabel = "single point"

    /// Spread, clustered, straddling the antimeridian, and polar sets, in that order of
    /// simplicity, and one point at the latitude limit, with latitudes up to ±90° (poles
    /// included); labelled by `straddlesLabel`, `polarLabel`, `singleLabel`.
    public static let annotations = design(latitudeLimit: 90).generator.labelled(labels(of:))

    /// The same sets with latitudes within the Mercator band (±85.0511°): points every
    /// Web-Mercator map can show, for the defect-class properties.
    public static let bandAnnotations = design(latitudeLimit: MercatorMath.latitudeLimit).generator.labelled(
        labels(of:))

    /// The branches of annotation sets whose latitudes stay within ±`limit`, with the fit
    /// strata each guarantees: one point when a spread or clustered set has its least length, 1
    /// (an array's minimum length is drawn 1 time in 8), and always for the one-point branch;
    /// across ±180° for half the straddling sets at least (two or more points, each side by a
    /// fair coin).
    static func design(latitudeLimit limit: Double) -> Strata.Weighted<[Coordinate]> {
        let latitude: Gen<Double> = limit == 90 ? CoordinateGen.sphereLatitude : CoordinateGen.bandLatitude
        let spread = Gen.array(
            of: Gen.zip(latitude, CoordinateGen.longitude).map { Coordinate(latitude: $0, longitude: $1) },
            count: 1...50)
        // Points within a few degrees of a centre (clamped to the limit and wrapped in longitude).
        let clustered = Gen.zip(
            Gen.double(in: -80...80).named("cluster centre latitude"),
            Gen.double(in: -180...180).named("cluster centre longitude"), Gen.double(in: 0...5).named("cluster radius")
        ).flatMap { centre, longitude, radius in
            Gen.array(
                of: Gen.zip(
                    Gen.double(in: -1...1).named("latitude offset (× radius)"),
                    Gen.double(in: -1...1).named("longitude offset (× radius)")
                ).map { dLatitude, dLongitude in
                    Coordinate(
                        latitude: Swift.min(limit, Swift.max(-limit, centre + dLatitude * radius)),
                        longitude: wrap(longitude + dLongitude * radius))
                }, count: 1...50)
        }
        // Points within 10° of the antimeridian on both sides.
        let straddling = Gen.array(
            of: Gen.zip(
                Gen.double(in: -60...60).named("latitude"), Gen.double(in: 0...10).named("offset from ±180°"), Gen.bool
            ).map { latitude, offset, west in
                Coordinate(latitude: latitude, longitude: west ? -180 + offset : 180 - offset)
            }, count: 2...50)
        // Points beyond 75° in one hemisphere, up to the limit.
        let polar = Gen.zip(
            Gen.bool,
            Gen.array(
                of: Gen.zip(Gen.double(in: 75...limit).named("latitude (magnitude)"), CoordinateGen.longitude),
                count: 1...50)
        ).map { south, points in points.map { Coordinate(latitude: south ? -$0.0 : $0.0, longitude: $0.1) } }
        // One point at the limit (a pole, or the band's edge) or just inside it: a fit centred
        // where a latitude span has the least room, or none.
        let alone = Gen.zip(
            Gen.element(of: [limit, -limit, limit.nextDown, (-limit).nextUp]).named("latitude"), CoordinateGen.longitude
        ).map { [Coordinate(latitude: $0, longitude: $1)] }
        return Strata.Weighted([
            .init(3, spread, covers: [(Strata.onePointFit, 1, 8)]),
            .init(2, clustered, covers: [(Strata.onePointFit, 1, 8)]),
            .init(2, straddling, covers: [(Strata.antimeridianFit, 1, 2)]), .init(1, polar),
            .init(1, alone, covers: [(Strata.onePointFit, 1, 1)]),
        ])
    }

    /// `beyondBand`'s strata: every point lies past 85°; the first point's magnitude is 90 or its
    /// neighbour, a pole, in 2 of the 4 special values of 1 draw in 8.
    static let beyondBandStrata = [
        Strata.DesignedShare(label: Strata.beyond85, share: 1),
        Strata.DesignedShare(label: Strata.pole, share: 1.0 / 16),
    ]

    /// Points strictly beyond the Mercator band (85.0511° to 90°), in one hemisphere; labelled
    /// with their latitude strata, whose shares `beyondBandStrata` states.
    public static let beyondBand: Gen<[Coordinate]> = Gen.zip(
        Gen.bool,
        Gen.array(
            of: Gen.zip(
                Gen.double(in: MercatorMath.latitudeLimit.nextUp...90).named("latitude (magnitude)"),
                CoordinateGen.longitude), count: 1...10)
    ).map { south, points in points.map { Coordinate(latitude: south ? -$0.0 : $0.0, longitude: $0.1) } }.labelled {
        points in points.flatMap { Strata.labels(latitude: $0.latitude) }
    }

    /// Longitude wrapped into -180...180.
    static func wrap(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : (longitude < -180 ? longitude + 360 : longitude)
    }

    /// The labels of a set.
    static func labels(of points: [Coordinate]) -> [String] {
        var labels: [String] = []
        // The shortest arc crosses ±180° exactly when it is shorter than the plain
        // west-to-east extent of the longitudes. Within 179° it never is, so the arcs are
        // not searched: from the westernmost point the reach is that extent (the same
        // subtraction), and from any other the westernmost lies at least 181° east.
        let longitudes = points.map(\.longitude)
        let plainExtent = (longitudes.max() ?? 0) - (longitudes.min() ?? 0)
        if !(plainExtent <= 179), CheckSupport.shortestArcLength(longitudes) < plainExtent - 1e-9 {
            labels.append(straddlesLabel)
        }
        if points.contains(where: { abs($0.latitude) > 80 }) { labels.append(polarLabel) }
        if points.count == 1 { labels.append(singleLabel) }
        return labels
    }

    /// A set rendered for reports and pins: `[(lat, lon), ...]` in the order the
    /// implementation received them, so that a counterexample fed back by hand fails the same
    /// way when the defect depends on the order (first and last point only, a sort with a bad
    /// comparator). The shrinker's reorder pass already leaves them in a canonical order.
    /// Why `points` are degenerate, or nil: two or more annotations that are one place
    /// written two ways (180° and −180° are one meridian; a pole is one place at every
    /// longitude). A fit of them is a fit of one place; a failure there is real, but the
    /// nearest failure of two places says more about the fix (the report shows both).
    package static func degenerate(_ points: [Coordinate]) -> String? {
        guard points.count >= 2 else { return nil }
        func place(_ point: Coordinate) -> Coordinate {
            if abs(point.latitude) == 90 { return Coordinate(latitude: point.latitude, longitude: 0) }
            return Coordinate(latitude: point.latitude, longitude: point.longitude == -180 ? 180 : point.longitude)
        }
        let first = place(points[0])
        guard points.allSatisfy({ place($0) == first }), points.contains(where: { $0 != points[0] }) else { return nil }
        return abs(first.latitude) == 90
            ? "one place written two ways (a pole is one place at every longitude)"
            : "one place written two ways (180° and −180° are one meridian)"
    }

    public static func describe(_ points: [Coordinate]) -> String {
        "[" + points.map(\.description).joined(separator: ", ") + "]"
    }
}
