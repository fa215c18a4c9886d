import Foundation

/// How an implementation's regions are read: which latitudes a centre and a latitude delta
/// stand for. Coverage and validity are judged in the reading the implementation declares
/// (`Capabilities.regionReading`, the `describe` member `regionReading`).
///
/// The two agree on the equator only: a Mercator view centred at 60° N whose rows span 20°
/// reaches 68.2° N and 48.2° S... of that, not 70° and 50°.
public enum RegionReading: String, Hashable, Sendable, CaseIterable {
    /// MapKit's `MKCoordinateRegion`: the latitudes `centre ± latitudeDelta / 2`, symmetric
    /// in degrees. A region reaching past a pole is invalid. ZoomCheck's default.
    case mapKit = "mapkit"
    /// A Mercator view (a static map image, a tile view): rows centred on the centre's row,
    /// as many above as below, whose latitudes span `latitudeDelta` — the reading `span`
    /// answers are defined in. The edges are asymmetric in degrees (the poleward one nearer).
    /// Valid for a centre strictly inside ±90° and a delta under 180°, which never reach a pole.
    case mercatorView = "mercator-view"

    /// The latitudes in degrees of the region's southern and northern edges in this reading,
    /// or nil when the reading gives the region no edges (a Mercator view of 180° or more, or
    /// centred at a pole; any non-finite value).
    ///
    /// Mercator view: with ψ = asinh(tan φ) the centre's Mercator ordinate and gd(ψ) =
    /// atan(sinh ψ) its inverse, the edges are gd(ψc ± k) where k solves
    /// gd(ψc + k) − gd(ψc − k) = Δ. The left side rises strictly from 0 (k = 0) toward 180°
    /// (k → ∞), so k is found by bisection on [0, 64] (gd(64) is 90° to double precision),
    /// to the last representable step: the edges are then within a few ulps of exact.
    public func edges(of region: Region) -> (south: Double, north: Double)? {
        let centre = region.center.latitude, delta = region.span.latitudeDelta
        guard centre.isFinite, delta.isFinite else { return nil }
        switch self {
        case .mapKit: return (region.southEdge, region.northEdge)
        case .mercatorView:
            guard abs(centre) < 90, delta >= 0, delta < 180 else { return nil }
            // ψ and gd in double-double (PortableMath): the edges, and with them a fit's
            // coverage boundary, are the same bits under every libm.
            let psi = AccurateMercator.isometricLatitude(degrees: centre).value
            func gd(_ value: Double) -> Double { PortableMath.gudermannian(degreesOf: value) }
            func extent(_ k: Double) -> Double { gd(psi + k) - gd(psi - k) }
            var low = 0.0, high = 64.0
            while true {
                let middle = (low + high) / 2
                guard middle > low, middle < high else { break }
                if extent(middle) < delta { low = middle } else { high = middle }
            }
            return (gd(psi - high), gd(psi + high))
        }
    }

    /// The region as a map view's getter is sent it: MapKit's `MKCoordinateRegion` of the same
    /// view (PROTOCOL.md, "the region a getter is sent is a map view's region"). In MapKit's
    /// reading the region itself. A Mercator view becomes the region symmetric in degrees
    /// between its two edges, its longitude delta at most 360° (MapKit's cap: an image wider
    /// than the world shows all of it); one this reading gives no edges is returned unchanged,
    /// for the getter to refuse.
    public func mapKitRegion(of region: Region) -> Region {
        guard self == .mercatorView, let edges = edges(of: region) else { return region }
        return Region(
            center: Coordinate(latitude: (edges.south + edges.north) / 2, longitude: region.center.longitude),
            span: Span(
                latitudeDelta: edges.north - edges.south, longitudeDelta: Swift.min(region.span.longitudeDelta, 360)))
    }

    /// Every rule of PROTOCOL.md's "valid region" the region breaks in this reading; empty
    /// when valid. The Mercator view replaces MapKit's two pole rules with its own: a centre
    /// strictly inside ±90° and a latitude delta under 180°.
    public func violations(of region: Region) -> [Region.Violation] {
        let found = region.violations
        guard self == .mercatorView else { return found }
        let poles: Set<Region.Violation> = [.reachesPastNorthPole, .reachesPastSouthPole]
        var kept = found.filter { !poles.contains($0) }
        // An image wider than the world at its zoom shows a world that repeats: any finite
        // longitude delta from 0 up is a view (it holds every longitude above 360°).
        if region.span.longitudeDelta > 360 { kept.removeAll { $0 == .longitudeDeltaOutOfRange } }
        if kept.isEmpty, edges(of: region) == nil {
            kept.append(region.center.latitude >= 0 ? .reachesPastNorthPole : .reachesPastSouthPole)
        }
        return kept
    }

    /// Whether `point` lies inside `region` in this reading, `slack` degrees allowed on every
    /// edge (longitudes as MapKit reads them in both: within `longitudeDelta / 2` of the centre).
    public func contains(_ region: Region, _ point: Coordinate, slack: Double = 0) -> Bool {
        guard let edges = edges(of: region) else { return false }
        guard point.latitude >= edges.south - slack, point.latitude <= edges.north + slack else { return false }
        return Region.longitudeDistance(point.longitude, region.center.longitude) <= region.span.longitudeDelta / 2
            + slack
    }
}
