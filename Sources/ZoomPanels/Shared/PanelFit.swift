import MercatorCore

/// Building a fitted region from the points' extents: the part every control's fit shares.
enum PanelFit {
    /// The padded region centred midway (in degrees) between the southernmost and
    /// northernmost point and on the centre of `arc`.
    ///
    /// The latitude centre is the midpoint in degrees because MapKit reads a region as
    /// `centre ± latitudeDelta / 2` in degrees; the deltas are padded by ZoomCheck's rule
    /// (`Capabilities.FitPadding.paddedDelta(_:atMost:)`), the latitude delta capped at what
    /// keeps the region within the poles (`PoleLimit.delta(centeredAt:)`, which never uncovers
    /// a point: both points lie within ±90), the longitude delta at 360°.
    ///
    /// - Parameters:
    ///   - points: Validated points, at least one.
    ///   - arc: The shortest longitude arc holding them.
    static func region(_ points: [Coordinate], arc: LongitudeArc, padding: Capabilities.FitPadding) -> Region {
        var southernmost = points[0].latitude, northernmost = points[0].latitude
        for point in points {
            southernmost = min(southernmost, point.latitude)
            northernmost = max(northernmost, point.latitude)
        }
        let centerLatitude = (southernmost + northernmost) / 2
        let latitudeDelta = padding.paddedDelta(
            northernmost - southernmost, atMost: PoleLimit.delta(centeredAt: centerLatitude))
        let longitudeDelta = padding.paddedDelta(arc.length, atMost: 360)
        return Region(
            center: Coordinate(latitude: centerLatitude, longitude: arc.center),
            span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }
}
