import Foundation
import MercatorCore

/// A simulated map view driven only through a `ZoomImplementation`: what an app does with
/// `setCenterCoordinate:zoomLevel:`, the zoom getter and the fit routine, one call at a time.
///
/// The view holds a centre (degrees), the zoom it was set at (in `convention`; nil after a
/// fit, whose zoom the view does not know), a viewport (points) and the region the
/// implementation answered for them, which is what the view shows. Saving and restoring the
/// zoom is the app pattern the documents' getter was written for: read `getZoomLevel` (or
/// the fractional zoom), keep it, and later `setCenterCoordinate:map.centerCoordinate
/// zoomLevel:saved`. A zoom to restore is clamped to 0...28, the range a map view shows
/// (the documents clamp at 28 themselves).
///
/// The getter reads the shown region with its latitude span halved, as the catalogue's zoom
/// round trips do, so that the longitude span binds whether the getter reads it alone
/// (MapKit, the documents) or both spans (Leaflet's `getBoundsZoom`): a region symmetric in
/// degrees is taller in pixels than the viewport's rows, and a getter that reads both spans
/// would otherwise read it a little low.
///
/// Errors are the implementation's `ProjectionError`s, unchanged.
public final class MapViewSession {
    /// A zoom saved by ``saveZoomLevel()`` or ``saveZoom()``, with the view it was read in.
    public struct SavedZoom: Sendable, Hashable {
        /// The zoom to restore: the integer level or the fractional zoom that was read.
        public var zoom: Double
        /// Whether it is an integer level (`getZoomLevel`) rather than the fractional zoom.
        public var isLevel: Bool
        /// The zoom the view was set at when it was read; nil when it showed a fit.
        public var viewZoom: Double?
        /// The view's longitude span at the read was below 360° (nothing clamped).
        public var unclamped: Bool
        /// The points of the fit the view showed when it was read (empty unless it showed one).
        public var fittedPoints: [Coordinate]
        /// The region the view showed when it was read.
        public var region: Region
        /// The viewport the view had when it was read.
        public var viewport: Viewport
    }

    /// The view when the app starts: centred on (0, 0) at zoom 0.
    public static let initialCenter = Coordinate(latitude: 0, longitude: 0)
    /// The zoom of the view when the app starts: 0, or for a program that keeps its view inside
    /// the world (`viewConstraint: world`) the lowest whole zoom at which the world holds it.
    public static let initialZoom = 0.0
    /// The blog's phone: 320 × 460 points at 1 pixel per point.
    public static let initialViewport = Viewport(widthInPoints: 320, heightInPoints: 460)
    /// The zooms a map view shows; a zoom to restore is clamped into them.
    public static let zoomRange = 0.0...28.0

    public let implementation: any ZoomImplementation
    /// The convention every zoom of this session is in.
    public let convention: ZoomConvention
    public private(set) var viewport: Viewport
    /// The centre the view was last given (degrees).
    public private(set) var center: Coordinate
    /// The zoom the view was last set at; nil while it shows a fit.
    public private(set) var zoom: Double?
    /// The region the view shows: the implementation's answer.
    public private(set) var region: Region
    /// The last zoom saved, if any.
    public private(set) var saved: SavedZoom?
    /// The points of the fit the view shows (empty unless it shows one).
    public private(set) var fittedPoints: [Coordinate] = []

    /// A view at the initial centre and zoom in `viewport`.
    ///
    /// - Throws: The implementation's error for the initial region or for reading its zoom
    ///   (`unsupported` when it cannot set or read zooms in `convention`).
    public init(
        _ implementation: any ZoomImplementation, convention: ZoomConvention, viewport: Viewport = initialViewport
    ) throws(ProjectionError) {
        self.implementation = implementation
        self.convention = convention
        self.viewport = viewport
        center = Self.initialCenter
        let initialZoom =
            implementation.capabilities.viewConstraint == .world
            ? Capabilities.ViewConstraint.lowestWholeZoom(viewport: viewport, convention: convention) : Self.initialZoom
        zoom = initialZoom
        region = try Self.region(
            implementation, centeredAt: Self.initialCenter, zoom: initialZoom, viewport: viewport,
            convention: convention)
        _ = try zoomReading()
    }

    /// The implementation's region, or `unsupported` for a view outside the domain it declares
    /// (a session asks the implementation itself, not held to its declaration: PROTOCOL.md's
    /// domain still holds).
    static func region(
        _ implementation: any ZoomImplementation, centeredAt center: Coordinate, zoom: Double, viewport: Viewport,
        convention: ZoomConvention
    ) throws(ProjectionError) -> Region {
        if let refusal = implementation.capabilities.outsideTheDomain(
            center: center, zoom: zoom, viewport: viewport, convention: convention)
        {
            throw refusal
        }
        return try implementation.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
    }

    /// `setCenterCoordinate:zoomLevel:`: centres the view on `center` at `zoom`.
    public func setCenter(_ center: Coordinate, zoom: Double) throws(ProjectionError) {
        region = try Self.region(
            implementation, centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        self.center = center
        self.zoom = zoom
        fittedPoints = []
    }

    /// The zoom getter, on the shown region as a map view's region (latitude span halved: see the
    /// type's comment).
    public func zoomReading() throws(ProjectionError) -> ZoomReading {
        let read = ZoomFamilyProperties.getterRegion(region, reading: implementation.capabilities.regionReading)
        if let refusal = implementation.capabilities.outsideTheDomain(reading: read, viewport: viewport) {
            throw refusal
        }
        return try implementation.zoom(of: read, viewport: viewport, convention: convention)
    }

    /// Reads `getZoomLevel` and keeps it to restore.
    @discardableResult public func saveZoomLevel() throws(ProjectionError) -> Int {
        let reading = try zoomReading()
        save(Double(reading.level), isLevel: true)
        return reading.level
    }

    /// Reads the fractional zoom and keeps it to restore.
    @discardableResult public func saveZoom() throws(ProjectionError) -> Double {
        let reading = try zoomReading()
        save(reading.zoom, isLevel: false)
        return reading.zoom
    }

    private func save(_ value: Double, isLevel: Bool) {
        saved = SavedZoom(
            zoom: value, isLevel: isLevel, viewZoom: zoom, unclamped: isUnclamped, fittedPoints: fittedPoints,
            region: region, viewport: viewport)
    }

    /// `setCenterCoordinate:map.centerCoordinate zoomLevel:saved`: the saved zoom, clamped to
    /// the zooms the implementation serves (0...28, or its `zoomRange`), at the centre the view
    /// shows. Does nothing when nothing was saved.
    public func restoreSavedZoom() throws(ProjectionError) {
        guard let saved else { return }
        try setCenter(region.center, zoom: restorable(saved.zoom))
    }

    /// The zoom a view is set at when asked to restore `zoom`: clamped to the zooms the
    /// implementation serves (0...28 unless it states a `zoomRange`).
    public func restorable(_ zoom: Double) -> Double { implementation.capabilities.servedZooms.clamp(zoom) }

    /// `zoomMapViewToFitAnnotations:`: shows the fit of `points`; the view's zoom is unknown.
    public func fit(_ points: [Coordinate]) throws(ProjectionError) {
        region = try implementation.fit(points)
        center = region.center
        zoom = nil
        fittedPoints = points
    }

    /// Rotation or split view: the view keeps its centre and zoom in a new size. Does
    /// nothing while the view shows a fit (its zoom is unknown).
    public func resize(to viewport: Viewport) throws(ProjectionError) {
        guard let zoom else { return }
        let previous = self.viewport
        self.viewport = viewport
        do { try setCenter(center, zoom: zoom) } catch {
            self.viewport = previous
            throw error
        }
    }

    /// A horizontal pan by `widths` times the view's longitude span (positive: east), the
    /// centre's longitude wrapped into −180...180 across the antimeridian. Does nothing while
    /// the view shows a fit.
    public func pan(byWidths widths: Double) throws(ProjectionError) {
        guard let zoom else { return }
        let longitude = remainder(center.longitude + widths * region.span.longitudeDelta, 360)
        try setCenter(Coordinate(latitude: center.latitude, longitude: longitude), zoom: zoom)
    }

    /// Whether the view's longitude span is below 360°, so that a getter reads a span
    /// nothing clamped: at a known zoom by the definition 360° · width / W (not the
    /// implementation's answer); for a fit, by the fitted span.
    public var isUnclamped: Bool {
        guard let zoom else { return region.span.longitudeDelta < 360 }
        return 360 * viewport.widthInPoints / convention.worldWidth(atZoom: zoom) < 360
    }
}
