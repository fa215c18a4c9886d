import MercatorCore
import PropertyCheck

/// Generators of latitudes and longitudes in degrees that shrink toward simple values.
///
/// Each mixes classes with `Gen.frequency`; the first (simplest) class comes first, so the
/// shrinker, which lowers the class index, ends in it whenever the failure allows.
public enum CoordinateGen {
    /// ±85.05112877980659°, the edge of the square Mercator world.
    static let limit = MercatorMath.latitudeLimit

    /// Label for latitudes beyond 80° north or south.
    public static let highLatitudeLabel = "|lat| > 80°"

    /// A latitude in the Mercator band: uniform; area-uniform (uniform in sin φ); near the
    /// limit (80° to 85.05°, either hemisphere); and exact special values (0, −0.0, the limit
    /// and its neighbours). Labels `highLatitudeLabel` and the latitude strata
    /// (`Strata.labels(latitude:)`), whose shares `bandLatitudeDesign` states.
    public static let bandLatitude: Gen<Double> = bandLatitudeDesign.generator.labelled(latitudeLabels).named(
        "latitude")

    /// `bandLatitude`'s branches: ±limit and their inner neighbours are 4 of the 8 special
    /// values, each past 85° and at the band's edge.
    static let bandLatitudeDesign = Strata.Weighted<Double>([
        .init(5, Gen.double(in: -limit...limit)), .init(2, areaUniform(upTo: limit)),
        .init(2, signed(Gen.double(in: 80...limit))),
        .init(
            1, Gen.element(of: [0, -0.0, limit, -limit, limit.nextDown, (-limit).nextUp, 85, -85]),
            covers: [(Strata.beyond85, 4, 8), (Strata.bandEdge, 4, 8)]),
    ])

    /// `highLatitudeLabel` and the latitude strata of a latitude (read no randomness).
    @Sendable static func latitudeLabels(_ latitude: Double) -> [String] {
        abs(latitude) > 80 ? [highLatitudeLabel] + Strata.labels(latitude: latitude) : []
    }

    /// A latitude anywhere on the sphere, poles included: uniform, area-uniform, polar
    /// (75° to 90°), and the special values 0, ±90 and their neighbours. Labels as
    /// `bandLatitude` does; `sphereLatitudeDesign` states the shares.
    public static let sphereLatitude: Gen<Double> = sphereLatitudeDesign.generator.labelled(latitudeLabels).named(
        "latitude")

    /// `sphereLatitude`'s branches: ±90 and their inner neighbours are 4 of the 6 special values,
    /// each past 85° and at a pole.
    static let sphereLatitudeDesign = Strata.Weighted<Double>([
        .init(4, Gen.double(in: -90...90)), .init(2, areaUniform(upTo: 90)), .init(2, signed(Gen.double(in: 75...90))),
        .init(
            1, Gen.element(of: [0, -0.0, 90, -90, 90.0.nextDown, (-90.0).nextUp]),
            covers: [(Strata.beyond85, 4, 6), (Strata.pole, 4, 6)]),
    ])

    /// A longitude: uniform; within a degree of ±180; and the special values 0, −0.0, ±180
    /// and their neighbours. Labels the longitude strata (`Strata.labels(longitude:)`), whose
    /// shares `longitudeDesign` states.
    public static let longitude: Gen<Double> = longitudeDesign.generator.labelled(Strata.labels(longitude:)).named(
        "longitude")

    /// `longitude`'s branches: every draw of the second is within a degree of ±180; ±180 and
    /// their neighbours are 4 of the third's 6 special values.
    static let longitudeDesign = Strata.Weighted<Double>([
        .init(5, Gen.double(in: -180...180)),
        .init(
            2, Gen.zip(Gen.bool, Gen.double(in: 0...1)).map { west, offset in west ? -180 + offset : 180 - offset },
            covers: [(Strata.nearAntimeridian, 1, 1)]),
        .init(
            1, Gen.element(of: [0, -0.0, 180, -180, 180.0.nextDown, (-180.0).nextUp]),
            covers: [(Strata.nearAntimeridian, 4, 6), (Strata.atAntimeridian, 4, 6)]),
    ])

    /// A coordinate in the Mercator band.
    public static let bandCoordinate: Gen<Coordinate> = Gen.zip(bandLatitude, longitude).map {
        Coordinate(latitude: $0, longitude: $1)
    }

    /// A value of `magnitude` with a random sign (positive shrinks first).
    static func signed(_ magnitude: Gen<Double>) -> Gen<Double> {
        Gen.zip(Gen.bool, magnitude).map { negative, value in negative ? -value : value }
    }

    /// A latitude whose sine is uniform: equal areas of the sphere are equally likely.
    ///
    /// The recorded choice is the sine; it becomes degrees through `PortableMath.asin`, which
    /// uses only IEEE-exact operations, so a seed gives the same latitude, bit for bit, on
    /// every platform (the platform's `asin` may differ in the last bit between libms).
    static func areaUniform(upTo bound: Double) -> Gen<Double> {
        let sineBound = PortableMath.sin(bound * MercatorMath.radiansPerDegree)
        return Gen.double(in: -sineBound...sineBound).map { sine in
            Swift.min(bound, Swift.max(-bound, PortableMath.asin(sine) * MercatorMath.degreesPerRadian))
        }
    }
}
