import MercatorCore

/// Input checks shared by the control panel, with the protocol's error codes.
///
/// These are policy, not arithmetic: they answer bad input exactly as PROTOCOL.md names it
/// (the `errorCodes` policy), so a control differs from `WebMercator` only in its route.
/// Each error names the value.
enum PanelInput {
    /// Zoom levels every control accepts: 0 through 28, as the corrected core.
    static let zoomRange: ClosedRange<Double> = 0...28

    /// A coordinate to project: latitude strictly inside ±90° (y is infinite at the poles),
    /// longitude within -180...180.
    static func checkProjectable(_ coordinate: Coordinate) throws(ProjectionError) {
        guard coordinate.latitude.isFinite, abs(coordinate.latitude) < 90 else {
            throw .invalidLatitude("latitude \(NumberText.shortest(coordinate.latitude)) is outside -90<..<90")
        }
        try checkLongitude(coordinate.longitude)
    }

    /// A longitude within -180...180 degrees.
    static func checkLongitude(_ longitude: Double, _ role: @autoclosure () -> String = "longitude")
        throws(ProjectionError)
    {
        guard longitude.isFinite, abs(longitude) <= 180 else {
            throw .invalidLongitude("\(role()) \(NumberText.shortest(longitude)) is outside -180...180")
        }
    }

    /// A latitude anywhere on the sphere, -90...90 degrees (fit points).
    static func checkLatitude(_ latitude: Double, _ role: @autoclosure () -> String = "latitude")
        throws(ProjectionError)
    {
        guard latitude.isFinite, abs(latitude) <= 90 else {
            throw .invalidLatitude("\(role()) \(NumberText.shortest(latitude)) is outside -90...90")
        }
    }

    /// A map-view centre: latitude within the Mercator band (`MercatorMath.latitudeLimit`,
    /// about 85.0511°), longitude within -180...180.
    static func checkCentre(_ centre: Coordinate) throws(ProjectionError) {
        guard centre.latitude.isFinite, abs(centre.latitude) <= MercatorMath.latitudeLimit else {
            throw .invalidLatitude(
                "centre latitude \(NumberText.shortest(centre.latitude)) is outside the Mercator band")
        }
        try checkLongitude(centre.longitude, "centre longitude")
    }

    /// A zoom within `zoomRange`.
    static func checkZoom(_ zoom: Double) throws(ProjectionError) {
        guard zoom.isFinite, zoomRange.contains(zoom) else {
            throw .invalidZoom("zoom \(NumberText.shortest(zoom)) is outside 0...28")
        }
    }

    /// A viewport with finite, positive width, height and pixels per point.
    static func checkViewport(_ viewport: Viewport) throws(ProjectionError) {
        let parts = [
            ("width", viewport.widthInPoints), ("height", viewport.heightInPoints),
            ("pixelsPerPoint", viewport.pixelsPerPoint),
        ]
        for (label, value) in parts where !(value.isFinite && value > 0) {
            throw .invalidViewport("viewport \(label) \(NumberText.shortest(value)) must be finite and greater than 0")
        }
    }

    /// A pixel to unproject: x within the world `0...worldWidth`, y finite.
    static func checkPixel(_ pixel: PixelPoint, worldWidth: Double) throws(ProjectionError) {
        guard pixel.x.isFinite, pixel.x >= 0, pixel.x <= worldWidth else {
            throw .invalidLongitude(
                "x \(NumberText.shortest(pixel.x)) px is outside the world 0...\(NumberText.shortest(worldWidth))")
        }
        guard pixel.y.isFinite else { throw .invalidLatitude("y \(NumberText.shortest(pixel.y)) px is not finite") }
    }

    /// A region to read a zoom from: valid (`Region.violations`) with a positive longitude delta.
    static func checkReadable(_ region: Region) throws(ProjectionError) {
        let violations = region.violations
        guard violations.isEmpty else {
            throw .invalidSpan("region \(region) is not valid: \(violations.map(\.rawValue).joined(separator: ", "))")
        }
        guard region.span.longitudeDelta > 0 else {
            throw .invalidSpan(
                """
                longitudeDelta \(NumberText.shortest(region.span.longitudeDelta)) must be greater than 0 to read \
                a zoom
                """)
        }
    }

    /// A zoom that came out of a getter: finite, or the region's delta was too small to read.
    static func checkReading(_ zoom: Double, _ region: Region) throws(ProjectionError) -> Double {
        guard zoom.isFinite else { throw .invalidSpan("region \(region) gives a zoom that is not finite") }
        return zoom
    }

    /// Fit input: at least one point, each with latitude in -90...90 and longitude in -180...180.
    static func checkFitPoints(_ points: [Coordinate]) throws(ProjectionError) {
        guard !points.isEmpty else { throw .emptyInput("fit needs at least one point") }
        for (index, point) in points.enumerated() {
            try checkLatitude(point.latitude, "latitude of point \(index)")
            try checkLongitude(point.longitude, "longitude of point \(index)")
        }
    }
}
