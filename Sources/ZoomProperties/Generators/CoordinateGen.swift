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
    /// (`Strata.labels(latitude:)`; `Strata.Design.bandLatitude` derives their shares).
    public static let bandLatitude: Gen<Double> = Gen.frequency([
        (weight: 5, generator: Gen.double(in: -limit...limit)), (weight: 2, generator: areaUniform(upTo: limit)),
        (weight: 2, generator: signed(Gen.double(in: 80...limit))),
        (weight: 1, generator: Gen.element(of: [0, -0.0, limit, -limit, limit.nextDown, (-limit).nextUp, 85, -85])),
    ]).labelled(latitudeLabels).named("latitude")

    /// `highLatitudeLabel` and the latitude strata of a latitude (read no randomness).
    @Sendable static func latitudeLabels(_ latitude: Double) -> [String] {
        abs(latitude) > 80 ? [highLatitudeLabel] + Strata.labels(latitude: latitude) : []
    }

    /// A latitude anywhere on the sphere, poles included: uniform, area-uniform, polar
    /// (75° to 90°), and the special values 0, ±90 and their neighbours. Labels as
    /// `bandLatitude` does (`Strata.Design.sphereLatitude`).
    public static let sphereLatitude: Gen<Double> = Gen.frequency([
        (weight: 4, generator: Gen.double(in: -90...90)), (weight: 2, generator: areaUniform(upTo: 90)),
        (weight: 2, generator: signed(Gen.double(in: 75...90))),
        (weight: 1, generator: Gen.element(of: [0, -0.0, 90, -90, 90.0.nextDown, (-90.0).nextUp])),
    ]).labelled(latitudeLabels).named("latitude")

    /// A longitude: uniform; within a degree of ±180; and the special values 0, −0.0, ±180
    /// and their neighbours. Labels the longitude strata (`Strata.labels(longitude:)`;
    /// `Strata.Design.longitude` derives their shares).
    public static let longitude: Gen<Double> = Gen.frequency([
        (weight: 5, generator: Gen.double(in: -180...180)),
        (
            weight: 2,
            generator: Gen.zip(Gen.bool, Gen.double(in: 0...1)).map { west, offset in
                west ? -180 + offset : 180 - offset
            }
        ), (weight: 1, generator: Gen.element(of: [0, -0.0, 180, -180, 180.0.nextDown, (-180.0).nextUp])),
    ]).labelled(Strata.labels(longitude:)).named("longitude")

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
