/// The map-zoom arithmetic under test: the API every property and golden case is written
/// against. `SeedPort` and `WebMercator` conform, and so can a user's own implementation.
///
/// Units: angles in degrees; pixels in the space of the given zoom and convention;
/// viewports in points. Errors are typed; an implementation never traps on any input.
public protocol ZoomImplementation: Sendable {
    /// A short stable name used in reports and on the command line (`seed`, `corrected`).
    var name: String { get }

    /// Pixel position of a coordinate at `zoom` under `convention`.
    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint

    /// Coordinate of a pixel position (the inverse of `project`).
    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate

    /// The region a map view of `viewport` shows when centred on `center` at `zoom`
    /// (`setCenterCoordinate:zoomLevel:animated:`).
    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region

    /// The zoom at which `viewport` shows `region`'s longitude span (the zoom getter).
    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading

    /// A region that shows every point (`zoomMapViewToFitAnnotations:`).
    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region

    /// What the implementation supports and which conventions it keeps (default:
    /// `Capabilities.assumed`, ZoomCheck's conventions, assumed rather than declared).
    var capabilities: Capabilities { get }

    /// `region(centeredAt:…)` with the validity the implementation reports for it (the
    /// protocol's `valid` field). Default: the region and its computed validity.
    func regionAnswer(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> RegionAnswer

    /// `fit(_:)` with the validity the implementation reports for it. Default: the region and
    /// its computed validity.
    func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer
}

extension ZoomImplementation {
    public var capabilities: Capabilities { .assumed }

    public func regionAnswer(
        centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention
    ) throws(ProjectionError) -> RegionAnswer {
        let region = try region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        return RegionAnswer(region: region, reportedValid: region.isValid)
    }

    public func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        let region = try fit(points)
        return RegionAnswer(region: region, reportedValid: region.isValid)
    }
}

/// An implementation whose fit is sized to a view: the region a fixed-aspect view of
/// `viewport` shows when it holds every point. The protocol's `fit` carries the view
/// (`width`, `height`), and `zoomcheck eval` passes it here; an implementation that does not
/// conform answers `fit(_:)` and the view is ignored.
public protocol ViewportFitting: ZoomImplementation {
    /// A region that shows every point in a view of `viewport`.
    func fit(_ points: [Coordinate], into viewport: Viewport) throws(ProjectionError) -> Region
}

/// A region as an implementation answered it, with the validity it reported (`valid`).
public struct RegionAnswer: Hashable, Sendable {
    public var region: Region
    /// What the implementation says about the region's validity; it must agree with
    /// `region.isValid` (PROTOCOL.md's rules).
    public var reportedValid: Bool

    public init(region: Region, reportedValid: Bool) {
        self.region = region
        self.reportedValid = reportedValid
    }
}

/// A zoom read back from a region: the exact fractional value and the integer a getter
/// returns.
public struct ZoomReading: Hashable, Sendable, CustomStringConvertible {
    /// The fractional zoom in the requested convention.
    public var zoom: Double
    /// The integer zoom level the implementation's getter reports.
    public var level: Int

    public init(zoom: Double, level: Int) {
        self.zoom = zoom
        self.level = level
    }

    /// A reading whose arithmetic gave no number: `zoom` is ±∞ or NaN, and so was the level
    /// (an external program answers both as `"inf"`, `"-inf"` or `"nan"`). The level is held
    /// as the integer nearest its sign (Int.max for +∞, Int.min otherwise), so that every
    /// level check fails it; ``isNonFinite`` tells it apart from a real level.
    public init(nonFinite zoom: Double) {
        precondition(!zoom.isFinite, "a non-finite reading of a finite zoom")
        self.zoom = zoom
        self.level = zoom == .infinity ? .max : .min
    }

    /// Whether the reading is non-finite (``init(nonFinite:)``): no zoom and no level.
    public var isNonFinite: Bool { !zoom.isFinite && (level == .max || level == .min) }

    public var description: String {
        isNonFinite
            ? """
            zoom \(NumberText.shortest(zoom)) (level \(NumberText.shortest(zoom)))
            """ : "zoom \(NumberText.shortest(zoom)) (level \(level))"
    }
}
