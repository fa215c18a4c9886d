/// What ZoomCheck's conventions refuse, and with which error: the `error-codes` bad-input
/// policy (`Capabilities.BadInputPolicy.errorCodes`), as the corrected core and the control
/// panel keep it.
///
/// Each check throws the `ProjectionError` case whose code PROTOCOL.md names for the input
/// (`invalid-latitude`, `invalid-longitude`, `invalid-zoom`, `invalid-viewport`,
/// `invalid-span`, `empty-input`), with a message naming the value. Angles are in degrees.
/// A user's own route can call these to answer bad input exactly as ZoomCheck expects.
///
/// A check's `role` (`latitude of point 3`) is an autoclosure: the text is built only when
/// the check fails, not for every point of every call (it was 6% of a catalogue run).
public enum InputPolicy {
    /// Zoom levels accepted by every entry point, in either convention: 0 through 28,
    /// fractional values included. 28 is the seed's own clamp (`MIN(zoomLevel, 28)`, 000);
    /// at zoom 28 a seed512 world is 2^37 px wide, far past any map view.
    public static let supportedZooms: ClosedRange<Double> = 0...28

    /// A latitude to project: finite and strictly inside ±90 (y is infinite at the poles).
    public static func checkProjectableLatitude(_ latitude: Double, _ role: @autoclosure () -> String = "latitude")
        throws(ProjectionError)
    {
        guard latitude.isFinite, abs(latitude) < 90 else {
            throw .invalidLatitude(
                "\(role()) \(NumberText.shortest(latitude)) is outside -90<..<90 (the poles project to infinity)")
        }
    }

    /// A latitude anywhere on the sphere: finite and within -90...90 (fit points).
    public static func checkLatitude(_ latitude: Double, _ role: @autoclosure () -> String = "latitude")
        throws(ProjectionError)
    {
        guard latitude.isFinite, abs(latitude) <= 90 else {
            throw .invalidLatitude("\(role()) \(NumberText.shortest(latitude)) is outside -90...90")
        }
    }

    /// A centre latitude a map view can show: within the Mercator band,
    /// ±`MercatorMath.latitudeLimit` (atan(sinh π) = 85.05112877980659° as a double, the edge of the square
    /// Mercator world; `Capabilities.CentreLimit.mercatorBand`).
    public static func checkCentreLatitude(_ latitude: Double) throws(ProjectionError) {
        guard latitude.isFinite, abs(latitude) <= MercatorMath.latitudeLimit else {
            throw .invalidLatitude(
                """
                centre latitude \(NumberText.shortest(latitude)) is outside the Mercator band \
                -\(MercatorMath.latitudeLimit)...\(MercatorMath.latitudeLimit)
                """)
        }
    }

    /// A coordinate to project: `checkProjectableLatitude`, then `checkLongitude`.
    public static func checkProjectable(_ coordinate: Coordinate) throws(ProjectionError) {
        try checkProjectableLatitude(coordinate.latitude)
        try checkLongitude(coordinate.longitude)
    }

    /// A map-view centre: `checkCentreLatitude`, then `checkLongitude` as the centre longitude.
    public static func checkCentre(_ centre: Coordinate) throws(ProjectionError) {
        try checkCentreLatitude(centre.latitude)
        try checkLongitude(centre.longitude, "centre longitude")
    }

    /// A longitude: finite and within -180...180 (−180 and 180 are the same meridian).
    public static func checkLongitude(_ longitude: Double, _ role: @autoclosure () -> String = "longitude")
        throws(ProjectionError)
    {
        guard longitude.isFinite, abs(longitude) <= 180 else {
            throw .invalidLongitude("\(role()) \(NumberText.shortest(longitude)) is outside -180...180")
        }
    }

    /// A zoom level: finite and within `supportedZooms`.
    public static func checkZoom(_ zoom: Double) throws(ProjectionError) {
        guard zoom.isFinite, supportedZooms.contains(zoom) else {
            throw .invalidZoom(
                "zoom \(NumberText.shortest(zoom)) is outside \(NumberText.shortest(supportedZooms.lowerBound))"
                    + "...\(NumberText.shortest(supportedZooms.upperBound))")
        }
    }

    /// A viewport: finite, positive width and height in points and pixels per point.
    public static func checkViewport(_ viewport: Viewport) throws(ProjectionError) {
        let parts = [
            ("width", viewport.widthInPoints), ("height", viewport.heightInPoints),
            ("pixelsPerPoint", viewport.pixelsPerPoint),
        ]
        for (label, value) in parts where !(value.isFinite && value > 0) {
            throw .invalidViewport("viewport \(label) \(NumberText.shortest(value)) must be finite and greater than 0")
        }
    }

    /// A pixel to unproject: its zoom (`checkZoom`), x within the world
    /// `0...convention.worldWidth(atZoom: zoom)` in pixels, y finite (any finite y is a
    /// latitude strictly inside ±90, or ±90 after rounding).
    public static func checkPixel(_ pixel: PixelPoint) throws(ProjectionError) {
        try checkZoom(pixel.zoom)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        guard pixel.x.isFinite, pixel.x >= 0, pixel.x <= world else {
            throw .invalidLongitude(
                """
                x \(NumberText.shortest(pixel.x)) px is outside the world 0...\(NumberText.shortest(world)) at \
                zoom \(NumberText.shortest(pixel.zoom)) \(pixel.convention)
                """)
        }
        guard pixel.y.isFinite else { throw .invalidLatitude("y \(NumberText.shortest(pixel.y)) px is not finite") }
    }

    /// A region to read a zoom from: valid (`Region.violations` is empty) with a longitude
    /// delta above 0.
    public static func checkReadable(_ region: Region) throws(ProjectionError) {
        let violations = region.violations
        guard violations.isEmpty else {
            throw .invalidSpan("region \(region) is not valid: \(violations.map(\.rawValue).joined(separator: ", "))")
        }
        let longitudeDelta = region.span.longitudeDelta
        guard longitudeDelta > 0 else {
            throw .invalidSpan(
                "longitudeDelta \(NumberText.shortest(longitudeDelta)) must be greater than 0 to read a zoom")
        }
    }

    /// Points to fit: at least one, each with a latitude in -90...90 (the poles allowed) and a
    /// longitude in -180...180; the first bad value is named with its index.
    public static func checkFitPoints(_ points: [Coordinate]) throws(ProjectionError) {
        guard !points.isEmpty else { throw .emptyInput("fit needs at least one point") }
        for (index, point) in points.enumerated() {
            try checkLatitude(point.latitude, "latitude of point \(index)")
            try checkLongitude(point.longitude, "longitude of point \(index)")
        }
    }
}
