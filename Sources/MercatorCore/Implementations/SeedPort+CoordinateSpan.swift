import Foundation

/// `coordinateSpanWithMapView:centerCoordinate:andZoomLevel:` and
/// `setCenterCoordinate:zoomLevel:animated:` from 002 (explained step by step in 000).
///
/// Fidelity rules kept here (see `SeedPort` for the full list):
/// 1. The centre goes through the rounded pixel conversions (`SeedPort+PixelSpace`).
/// 2. `NSInteger zoomExponent = 20 - zoomLevel` with `zoomLevel` an `NSUInteger`: the
///    subtraction wraps modulo 2^64 and the result is read back as signed;
///    `pow(2, zoomExponent)` in double.
/// 3. The viewport is `mapView.bounds.size` — points, used as if they were pixels.
/// 4. Corners are `centre − scaled / 2` and `topLeft + scaled`, converted back through the
///    rounding inverse conversions; `latitudeDelta = -1 * (maxLat - minLat)`.
/// 5. `MIN(zoomLevel, 28)` happens in `setCenterCoordinate:`, before the span; the region
///    is `MKCoordinateRegionMake(centerCoordinate, span)` with the centre as given, and is
///    returned whether or not `setRegion:` would accept it (check `Region.isValid`: the
///    original raises "Invalid Region" at zoom 0 for most centres, comment 22 of 001).
extension SeedPort {
    /// `coordinateSpanWithMapView:centerCoordinate:andZoomLevel:` for this port's variant
    /// (the 20 of `20 - zoomLevel` becomes 21 for `.zoomExponent21`; `.mapPointSpan`
    /// delegates to `mapPointCoordinateSpan`).
    ///
    /// - Parameters:
    ///   - center: Degrees, unvalidated.
    ///   - zoomLevel: The `NSUInteger` zoom level.
    ///   - viewport: `mapView.bounds.size` in points; `pixelsPerPoint` is ignored, as the
    ///     original ignores the screen scale.
    public func coordinateSpan(center: Coordinate, zoomLevel: UInt, viewport: Viewport) -> Span {
        switch variant {
        case .original:
            Self.pixelSpaceCoordinateSpan(
                center: center, zoomLevel: zoomLevel, exponentBase: 20, viewport: viewport, libm: libm)
        case .zoomExponent21:
            Self.pixelSpaceCoordinateSpan(
                center: center, zoomLevel: zoomLevel, exponentBase: 21, viewport: viewport, libm: libm)
        case .mapPointSpan: Self.mapPointCoordinateSpan(center: center, zoomLevel: zoomLevel, viewport: viewport)
        }
    }

    /// `setCenterCoordinate:zoomLevel:animated:` as a function: the region it passes to
    /// `setRegion:animated:`.
    public func setCenterCoordinate(_ center: Coordinate, zoomLevel: UInt, viewport: Viewport) -> Region {
        // clamp large numbers to 28
        let clamped = Swift.min(zoomLevel, Self.zoomLevelClamp)
        // use the zoom level to compute the region
        let span = coordinateSpan(center: center, zoomLevel: clamped, viewport: viewport)
        return Region(center: center, span: span)
    }

    /// The post's span computation over rounded seed pixels, with the exponent's base
    /// (20 in the post, 21 in the comment's proposal) as a parameter.
    static func pixelSpaceCoordinateSpan(
        center: Coordinate, zoomLevel: UInt, exponentBase: UInt, viewport: Viewport, libm: FloatLibm
    ) -> Span {
        // convert center coordiate to pixel space
        let centerPixelX = longitudeToPixelSpaceX(center.longitude)
        let centerPixelY = latitudeToPixelSpaceY(center.latitude, libm: libm)

        // determine the scale value from the zoom level
        let zoomExponent = Int(bitPattern: exponentBase &- zoomLevel)
        let zoomScale = PortableMath.exp2(Double(zoomExponent))  // pow(2.0, …), exact

        // scale the map's size in pixel space
        let scaledMapWidth = viewport.widthInPoints * zoomScale
        let scaledMapHeight = viewport.heightInPoints * zoomScale

        // figure out the position of the top-left pixel
        let topLeftPixelX = centerPixelX - (scaledMapWidth / 2)
        let topLeftPixelY = centerPixelY - (scaledMapHeight / 2)

        // find delta between left and right longitudes
        let minLng = pixelSpaceXToLongitude(topLeftPixelX)
        let maxLng = pixelSpaceXToLongitude(topLeftPixelX + scaledMapWidth)
        let longitudeDelta = maxLng - minLng

        // find delta between top and bottom latitudes
        let minLat = pixelSpaceYToLatitude(topLeftPixelY)
        let maxLat = pixelSpaceYToLatitude(topLeftPixelY + scaledMapHeight)
        let latitudeDelta = -1 * (maxLat - minLat)

        // create and return the lat/lng span
        return Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)
    }

    /// Converts a protocol zoom (a JSON number) to the `NSUInteger` the original receives.
    ///
    /// - An integer value converts as C converts a signed integer to `NSUInteger`: modulo
    ///   2^64, so −1 becomes 2^64 − 1 (and then `MIN(.., 28)` makes it 28).
    /// - A fractional value truncates toward zero, as C converts a `double` to an unsigned
    ///   integer (13.7 → 13; −0.5 → 0).
    /// - NaN, ±∞, and values whose truncation is neither a signed nor an unsigned 64-bit
    ///   integer have no defined C result (undefined behaviour): `invalidZoom`.
    public static func zoomLevel(fromProtocolZoom zoom: Double) throws(ProjectionError) -> UInt {
        guard zoom.isFinite else {
            throw .invalidZoom(
                "zoom \(NumberText.shortest(zoom)) has no NSUInteger value: converting it is undefined behaviour in C")
        }
        let truncated = zoom.rounded(.towardZero)
        if truncated >= 0, truncated < 18_446_744_073_709_551_616 { return UInt(truncated) }
        // A negative whole number that an NSInteger holds (−2^63 ≤ z < 0) wraps like C's
        // signed-to-unsigned conversion; anything else has no defined result.
        if zoom == truncated, truncated < 0, truncated >= -9_223_372_036_854_775_808 {
            return UInt(bitPattern: Int(truncated))
        }
        throw .invalidZoom(
            "zoom \(NumberText.shortest(zoom)) has no NSUInteger value: converting it is undefined behaviour in C")
    }
}
