import MercatorCore

/// Building a fitted region from the points' extents: the part every control's fit shares.
enum PanelFit {
    /// How a fit pads the extents.
    struct Padding: Hashable, Sendable {
        /// Factor applied to both extents.
        var factor: Double
        /// Smallest delta in degrees.
        var minimumDelta: Double

        /// The documents' padding (004): × 1.15, at least 0.014°.
        static let documents = Padding(factor: 1.15, minimumDelta: 0.014)

        /// As `Capabilities` states it.
        var capability: Capabilities.FitPadding { Capabilities.FitPadding(factor: factor, minimumDelta: minimumDelta) }
    }

    /// The padded region centred midway (in degrees) between the southernmost and
    /// northernmost point and on the centre of `arc`.
    ///
    /// The latitude centre is the midpoint in degrees because MapKit reads a region as
    /// `centre ± latitudeDelta / 2` in degrees; the latitude delta is then capped at what
    /// keeps the region within the poles (which never uncovers a point: both points lie
    /// within ±90), the longitude delta at 360°.
    ///
    /// - Parameters:
    ///   - points: Validated points, at least one.
    ///   - arc: The shortest longitude arc holding them.
    static func region(_ points: [Coordinate], arc: LongitudeArc, padding: Padding) -> Region {
        var southernmost = points[0].latitude, northernmost = points[0].latitude
        for point in points {
            southernmost = min(southernmost, point.latitude)
            northernmost = max(northernmost, point.latitude)
        }
        let centerLatitude = (southernmost + northernmost) / 2
        let latitudeDelta = PoleLimit.clamp(
            max((northernmost - southernmost) * padding.factor, padding.minimumDelta), centeredAt: centerLatitude)
        let longitudeDelta = min(max(arc.length * padding.factor, padding.minimumDelta), 360)
        return Region(
            center: Coordinate(latitude: centerLatitude, longitude: arc.center),
            span: Span(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }
}
