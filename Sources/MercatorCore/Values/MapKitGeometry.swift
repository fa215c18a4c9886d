/// A position in MapKit's flat world: `MKMapPoint`, 2^28 = 268,435,456 map points wide.
///
/// x grows eastward from 0 at 180° W; y grows southward from 0 at about 85.0511° N.
/// MapKit's world is the tile256 convention at zoom 20; the blog's seed512 pixels at zoom 20
/// are exactly twice these values.
public struct MapPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(NumberText.shortest(x)), \(NumberText.shortest(y)))" }
}

/// A width and height in map points: `MKMapSize`.
public struct MapSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in map points: `MKMapRect`.
public struct MapRect: Hashable, Sendable {
    public var origin: MapPoint
    public var size: MapSize

    public init(origin: MapPoint, size: MapSize) {
        self.origin = origin
        self.size = size
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
}

/// The MapKit conversions that Apple's guide (003, table 4-1) lists, modelled in double
/// precision. Apple's source is not public: these are the exact Mercator formulas, which
/// is what MapKit's results match to within rounding. y and its inverse are computed in
/// double-double and rounded once (`AccurateMercator`), so that the seed ports' fits give
/// the same bits under every libm.
public enum MapKitGeometry {
    /// `MKMapSizeWorld.width`: 2^28 map points, the tile256 world at zoom 20.
    public static let worldWidth: Double = 268_435_456

    /// `MKMapPointForCoordinate`: map point of a coordinate in degrees.
    ///
    /// Modelling choice: map points exist only in the square world, so the latitude is
    /// clamped to the Mercator limit ±85.05112877980659° first (a pin at the pole lands on the
    /// world's top edge, y = 0, rather than at y = −∞); longitude maps by the formula, so a
    /// longitude beyond ±180° lands outside 0...2^28; NaN propagates.
    public static func mapPoint(for coordinate: Coordinate) -> MapPoint {
        let limit = MercatorMath.latitudeLimit
        let latitude =
            coordinate.latitude.isNaN ? coordinate.latitude : Swift.min(limit, Swift.max(-limit, coordinate.latitude))
        return MapPoint(
            x: WebMercator.x(longitude: coordinate.longitude, worldWidth: worldWidth),
            y: AccurateMercator.y(latitude: latitude, world: worldWidth))
    }

    /// `MKCoordinateForMapPoint`: coordinate in degrees of a map point.
    ///
    /// Modelling choice: linear in x beyond the world's edges (x = −2^27 gives −360°), as
    /// the formula gives; any finite y gives a latitude strictly inside ±90 (or ±90 after
    /// rounding).
    public static func coordinate(for point: MapPoint) -> Coordinate {
        Coordinate(
            latitude: AccurateMercator.latitude(y: point.y, world: worldWidth),
            longitude: WebMercator.longitude(x: point.x, worldWidth: worldWidth))
    }

    /// `MKCoordinateRegionForMapRect`: the region whose centre is the coordinate of the
    /// rectangle's midpoint and whose span is the difference of the corner coordinates.
    public static func region(for rect: MapRect) -> Region {
        let center = coordinate(for: MapPoint(x: rect.midX, y: rect.midY))
        let topLeft = coordinate(for: MapPoint(x: rect.minX, y: rect.minY))
        let bottomRight = coordinate(for: MapPoint(x: rect.maxX, y: rect.maxY))
        return Region(
            center: center,
            span: Span(
                latitudeDelta: topLeft.latitude - bottomRight.latitude,
                longitudeDelta: bottomRight.longitude - topLeft.longitude))
    }

    /// `MKMapRectSpans180thMeridian`: whether the rectangle extends past the world's east
    /// or west edge.
    public static func spans180thMeridian(_ rect: MapRect) -> Bool { rect.minX < 0 || rect.maxX > worldWidth }

    /// `[MKPolygon polygonWithPoints:count:].boundingMapRect`: the smallest axis-aligned
    /// rectangle holding every point, with no knowledge of the antimeridian.
    ///
    /// Modelling choice: a NaN coordinate makes the whole rectangle NaN (MapKit's result is
    /// undocumented); an empty list gives nil.
    public static func boundingRect(of points: [MapPoint]) -> MapRect? {
        guard let first = points.first else { return nil }
        if points.contains(where: { $0.x.isNaN || $0.y.isNaN }) {
            return MapRect(origin: MapPoint(x: .nan, y: .nan), size: MapSize(width: .nan, height: .nan))
        }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points.dropFirst() {
            minX = Swift.min(minX, point.x)
            maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y)
            maxY = Swift.max(maxY, point.y)
        }
        return MapRect(origin: MapPoint(x: minX, y: minY), size: MapSize(width: maxX - minX, height: maxY - minY))
    }
}
