import MercatorCore

/// The corrected core with a fit that does not pad: the points' extent exactly (× 1, no
/// smallest delta), centred midway between the extreme latitudes and on the shortest arc.
///
/// A correct fit — every point is inside the region, on its edge at worst — for a program that
/// declares no padding; one point gives a region of zero span.
struct TightFitRoute: DelegatingMutant {
    var name: String { "route-tight-fit" }
    /// No padding at all.
    static let padding = Capabilities.FitPadding(factor: 1, minimumDelta: 0)

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        return PanelFit.region(points, arc: .largestGap(points.map(\.longitude)), padding: Self.padding)
    }
}
