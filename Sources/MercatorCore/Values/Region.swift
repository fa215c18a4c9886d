import Foundation

/// A centre and a span in degrees, as `MKCoordinateRegion` holds it.
///
/// MapKit reads the region as the latitudes `center ± latitudeDelta / 2` and the longitudes
/// `center ± longitudeDelta / 2`, and `setRegion:` raises "Invalid Region" for a region it
/// cannot show. `validity` reports the rules of PROTOCOL.md, each violation by name.
public struct Region: Hashable, Sendable, CustomStringConvertible {
    public var center: Coordinate
    public var span: Span

    public init(center: Coordinate, span: Span) {
        self.center = center
        self.span = span
    }

    /// One rule of PROTOCOL.md's "valid region" that a region breaks.
    public enum Violation: String, Hashable, Sendable, CaseIterable {
        case notFinite = "a value is not finite"
        case centerLatitudeOutOfRange = "centre latitude outside -90...90"
        case centerLongitudeOutOfRange = "centre longitude outside -180...180"
        case latitudeDeltaOutOfRange = "latitudeDelta outside 0...180"
        case longitudeDeltaOutOfRange = "longitudeDelta outside 0...360"
        case reachesPastNorthPole = "reaches past the north pole"
        case reachesPastSouthPole = "reaches past the south pole"
    }

    /// Every rule the region breaks, in the order of `Violation.allCases`; empty when valid.
    ///
    /// The pole checks are exact: `center.latitude ± latitudeDelta / 2` is evaluated in
    /// double precision (halving is exact) and compared with ±90 without tolerance.
    public var violations: [Violation] {
        let values = [center.latitude, center.longitude, span.latitudeDelta, span.longitudeDelta]
        guard values.allSatisfy(\.isFinite) else { return [.notFinite] }
        var found: [Violation] = []
        if abs(center.latitude) > 90 { found.append(.centerLatitudeOutOfRange) }
        if abs(center.longitude) > 180 { found.append(.centerLongitudeOutOfRange) }
        if !(0...180).contains(span.latitudeDelta) { found.append(.latitudeDeltaOutOfRange) }
        if !(0...360).contains(span.longitudeDelta) { found.append(.longitudeDeltaOutOfRange) }
        let half = span.latitudeDelta / 2
        if center.latitude + half > 90 { found.append(.reachesPastNorthPole) }
        if center.latitude - half < -90 { found.append(.reachesPastSouthPole) }
        return found
    }

    /// Whether a map view accepts the region (PROTOCOL.md's `valid`).
    public var isValid: Bool { violations.isEmpty }

    /// Northern edge in degrees as MapKit reads the region: `center + latitudeDelta / 2`.
    public var northEdge: Double { center.latitude + span.latitudeDelta / 2 }
    /// Southern edge in degrees as MapKit reads the region: `center - latitudeDelta / 2`.
    public var southEdge: Double { center.latitude - span.latitudeDelta / 2 }

    /// Whether MapKit's reading of the region (latitudes `center ± latitudeDelta / 2`,
    /// longitudes within `longitudeDelta / 2` of the centre on the circle) holds `point`,
    /// with `slack` degrees of allowance on every edge.
    public func contains(_ point: Coordinate, slack: Double = 0) -> Bool {
        guard point.latitude >= southEdge - slack, point.latitude <= northEdge + slack else { return false }
        return Self.longitudeDistance(point.longitude, center.longitude) <= span.longitudeDelta / 2 + slack
    }

    /// The angle between two longitudes on the circle, in degrees, 0...180.
    public static func longitudeDistance(_ a: Double, _ b: Double) -> Double { abs(remainder(a - b, 360)) }

    public var description: String { "centre \(center), \(span)" }
}
