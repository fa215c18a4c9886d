import Foundation

/// The map-point variant of the span computation, from comment 20 of 001 (Jeff
/// Sawatzky, 2013): `MKMapPointForCoordinate` and `MKCoordinateForMapPoint` instead of the
/// blog's pixel conversions.
///
/// Fidelity rules kept here (see `SeedPort` for the full list):
/// 1. MapKit's 2^28-wide world (`MapKitGeometry`), so the zoom behaves as a tile256 zoom:
///    the same `20 - zoomLevel` exponent over a world half as wide zooms out one level.
/// 2. No `round()` anywhere; `CGFloat` is double on 64-bit devices.
/// 3. The same corner arithmetic: `topLeft = centre − scaled / 2`, `max = topLeft + scaled`.
/// 4. The commenter reports errors at zoom 0 and 1 (comment 21): the span is more than 360°
///    wide at zoom 0 on a 320-pt view and reaches past the poles at 0 and 1.
extension SeedPort {
    /// The map-point variant of `coordinateSpanWithMapView:centerCoordinate:andZoomLevel:`.
    static func mapPointCoordinateSpan(center centerCoordinate: Coordinate, zoomLevel: UInt, viewport: Viewport) -> Span
    {
        // convert center coordiate to pixel space
        let center = MapKitGeometry.mapPoint(for: centerCoordinate)
        // determine the scale value from the zoom level
        let zoomExponent = Int(bitPattern: 20 &- zoomLevel)
        let zoomScale = PortableMath.exp2(Double(zoomExponent))  // pow(2.0, …), exact
        // scale the map's size in pixel space
        let scaledMapWidth = viewport.widthInPoints * zoomScale
        let scaledMapHeight = viewport.heightInPoints * zoomScale
        // figure out the position of the top-left pixel
        let topLeftPoint = MapPoint(x: center.x - (scaledMapWidth / 2), y: center.y - (scaledMapHeight / 2))
        let minPoint = MapPoint(x: topLeftPoint.x, y: topLeftPoint.y)
        let minCoord = MapKitGeometry.coordinate(for: minPoint)
        let maxPoint = MapPoint(x: topLeftPoint.x + scaledMapWidth, y: topLeftPoint.y + scaledMapHeight)
        let maxCoord = MapKitGeometry.coordinate(for: maxPoint)
        // find delta between left and right longitudes
        let longitudeDelta = maxCoord.longitude - minCoord.longitude
        // find delta between top and bottom latitudes
        let latitudeDelta = -1 * (maxCoord.latitude - minCoord.latitude)
        // create and return the lat/lng span
        return Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)
    }
}
