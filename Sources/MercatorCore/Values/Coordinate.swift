/// A geographic position in degrees, as `CLLocationCoordinate2D` holds it.
///
/// No validation happens here: the seed port must be able to carry any value the original
/// code would have received (NaN, ±∞, 91°). `WebMercator` validates at its entry points.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator; a valid value lies in -90...90.
    public var latitude: Double
    /// Degrees east of the prime meridian; a valid value lies in -180...180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var description: String { "(\(NumberText.shortest(latitude)), \(NumberText.shortest(longitude)))" }
}
