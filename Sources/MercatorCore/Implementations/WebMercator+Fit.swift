/// Fitting a region to annotations: `zoomMapViewToFitAnnotations:` corrected.
extension WebMercator {
    /// The smallest padded region that shows every point, taking the short way round.
    ///
    /// - Longitude: the shortest arc holding every longitude — the complement of the largest
    ///   gap between neighbouring longitudes on the circle — so two points a few degrees apart
    ///   across ±180° give a few degrees, centred on the antimeridian. Of equal largest gaps,
    ///   the one across ±180° wins, then the westernmost, so the result is deterministic.
    /// - Latitude: centred midway between the southernmost and northernmost point, in
    ///   degrees, because MapKit reads a region as `center ± latitudeDelta / 2` in degrees.
    /// - Both deltas × `fitOptions.padFactor`, then at least `fitOptions.minimumDelta`; the
    ///   longitude delta at most 360°, the latitude delta at most what keeps the region
    ///   within the poles (`PoleLimit.delta(centeredAt:)`), which never uncovers a point
    ///   (`Capabilities.FitPadding.paddedDelta(_:atMost:)`).
    ///
    /// Edge case: points near a pole give a centre beyond the Mercator band (e.g. all at
    /// 89° N): the region is valid, but `region(centeredAt:)` refuses that centre, because a
    /// map view cannot centre there.
    ///
    /// - Parameter points: Degrees; latitudes in -90...90 (the poles allowed), longitudes in
    ///   -180...180 (−180 and 180 are the same meridian).
    /// - Throws: `emptyInput` for no points; `invalidLatitude`/`invalidLongitude` naming the
    ///   first bad value and its index.
    public func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        let arc = Self.shortestLongitudeArc(points.map(\.longitude))
        var southernmost = points[0].latitude, northernmost = points[0].latitude
        for point in points {
            southernmost = Swift.min(southernmost, point.latitude)
            northernmost = Swift.max(northernmost, point.latitude)
        }
        let centerLatitude = (southernmost + northernmost) / 2
        let padding = fitOptions.padding
        let latitudeDelta = padding.paddedDelta(
            northernmost - southernmost, atMost: PoleLimit.delta(centeredAt: centerLatitude))
        let longitudeDelta = padding.paddedDelta(arc.length, atMost: 360)
        return Region(
            center: Coordinate(latitude: centerLatitude, longitude: arc.center),
            span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    /// The shortest arc of the circle of longitudes that holds every value.
    ///
    /// - Parameter longitudes: Degrees in -180...180 (not validated).
    /// - Returns: Its length in degrees (0...360) and its centre, normalised to -180...180;
    ///   (0, 0) for no longitudes.
    public static func shortestLongitudeArc(_ longitudes: [Double]) -> (length: Double, center: Double) {
        let sorted = longitudes.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        // The gap east of the last longitude back round to the first.
        var largestGap = first + 360 - last
        var westIndex = 0
        for index in sorted.indices.dropFirst() {
            let gap = sorted[index] - sorted[index - 1]
            if gap > largestGap {
                largestGap = gap
                westIndex = index
            }
        }
        let west = sorted[westIndex]
        let length = westIndex == 0 ? last - first : sorted[westIndex - 1] + 360 - west
        var center = west + length / 2
        if center > 180 { center -= 360 }
        return (length, center)
    }
}
