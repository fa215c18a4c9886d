/// Input checks shared by `WebMercator`'s entry points; each error names the value.
///
/// A check's `role` (`latitude of point 3`) is an autoclosure: the text is built only when
/// the check fails, not for every point of every call (it was 6% of a catalogue run).
extension WebMercator {
    /// A latitude for projection: finite and strictly inside ±90 (y is infinite at the poles).
    static func checkProjectableLatitude(_ latitude: Double, _ role: @autoclosure () -> String = "latitude")
        throws(ProjectionError)
    {
        guard latitude.isFinite, abs(latitude) < 90 else {
            throw .invalidLatitude(
                "\(role()) \(NumberText.shortest(latitude)) is outside -90<..<90 (the poles project to infinity)")
        }
    }

    /// A latitude anywhere on the sphere: finite and within -90...90.
    static func checkLatitude(_ latitude: Double, _ role: @autoclosure () -> String = "latitude")
        throws(ProjectionError)
    {
        guard latitude.isFinite, abs(latitude) <= 90 else {
            throw .invalidLatitude("\(role()) \(NumberText.shortest(latitude)) is outside -90...90")
        }
    }

    /// A centre latitude a map view can show: within the Mercator band ±85.0511287798066°.
    static func checkCenterLatitude(_ latitude: Double) throws(ProjectionError) {
        guard latitude.isFinite, abs(latitude) <= MercatorMath.latitudeLimit else {
            throw .invalidLatitude(
                """
                centre latitude \(NumberText.shortest(latitude)) is outside the Mercator band \
                -\(MercatorMath.latitudeLimit)...\(MercatorMath.latitudeLimit)
                """)
        }
    }

    /// A longitude: finite and within -180...180.
    static func checkLongitude(_ longitude: Double, _ role: @autoclosure () -> String = "longitude")
        throws(ProjectionError)
    {
        guard longitude.isFinite, abs(longitude) <= 180 else {
            throw .invalidLongitude("\(role()) \(NumberText.shortest(longitude)) is outside -180...180")
        }
    }

    /// A zoom level: finite and within `supportedZooms`.
    static func checkZoom(_ zoom: Double) throws(ProjectionError) {
        guard zoom.isFinite, supportedZooms.contains(zoom) else {
            throw .invalidZoom(
                "zoom \(NumberText.shortest(zoom)) is outside \(NumberText.shortest(supportedZooms.lowerBound))"
                    + "...\(NumberText.shortest(supportedZooms.upperBound))")
        }
    }

    /// A viewport: finite, positive width, height and scale.
    static func checkViewport(_ viewport: Viewport) throws(ProjectionError) {
        let parts = [
            ("width", viewport.widthInPoints), ("height", viewport.heightInPoints),
            ("pixelsPerPoint", viewport.pixelsPerPoint),
        ]
        for (label, value) in parts where !(value.isFinite && value > 0) {
            throw .invalidViewport("viewport \(label) \(NumberText.shortest(value)) must be finite and greater than 0")
        }
    }

    /// The largest latitude delta that keeps a region centred at `latitude` within the
    /// poles: `2 (90 − |latitude|)`, lowered by ulps until `latitude ± delta / 2` does not
    /// pass ±90 in double arithmetic.
    static func poleLimitedDelta(centeredAt latitude: Double) -> Double {
        var delta = Swift.min(180, 2 * (90 - abs(latitude)))
        while delta > 0, latitude + delta / 2 > 90 || latitude - delta / 2 < -90 { delta = delta.nextDown }
        return Swift.max(0, delta)
    }
}
