import Foundation
import Testing
import TestSupport
import ZoomPropertiesTesting

/// A map library with two things wrong in its fit, as a real Java library had: a protocol gap
/// (it answers `unsupported` when the points call for a deep zoom, though it declares fit
/// supported) and a numeric bug (its region is a fifth too small, so markers at the edges
/// overhang the view).
struct GappedShrunkFit: ZoomImplementation {
    let name = "gapped-shrunk-fit"
    private let core = WebMercator()
    /// The extent of the points, in latitude and in longitude, below which it refuses: a fit
    /// that close would zoom past the deepest level it draws (a single point among them).
    static let deepestExtentInDegrees = 0.5
    /// How much of the span it needs it returns: 0.8, well below the padding's 1 / 1.15.
    static let spanShare = 0.8

    var capabilities: Capabilities { core.capabilities }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    { try core.project(coordinate, zoom: zoom, convention: convention) }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    { try core.zoom(of: region, viewport: viewport, convention: convention) }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        let region = try core.fit(points)
        let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
        if let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(),
            let east = longitudes.max(), north - south < Self.deepestExtentInDegrees,
            east - west < Self.deepestExtentInDegrees
        {
            throw .unsupported("no zoom deeper than \(Self.deepestExtentInDegrees)° of points")
        }
        return Region(
            center: region.center,
            span: Span(
                latitudeDelta: region.span.latitudeDelta * Self.spanShare,
                longitudeDelta: region.span.longitudeDelta * Self.spanShare))
    }
}

/// A protocol-level failure no longer hides a numeric one: the catalogue reports every distinct
/// failure of a property, each shrunk to its own minimal case.
@Suite("Distinct failures in the catalogue", .tags(.catalogue)) struct DistinctFailuresCatalogueTests {
    static let property = ZoomCatalogue.named("fit-covers-every-point")!

    @Test(
        "An unsupported at deep zoom (a protocol gap) and markers overhanging the view are both reported, each shrunk")
    func gapAndBugBothReported() throws {
        let outcome = CatalogueRunner(settings: RunSettings(caseCount: 2_000)).run(
            Self.property, against: CatalogueSubject(GappedShrunkFit()))
        let headline = try #require(outcome.run?.result.failure)
        let all = [headline] + headline.otherFailures
        #expect(all.count == 2)
        let gap = try #require(all.first { $0.minimalMessage.contains("answered unsupported") })
        let bug = try #require(all.first { $0.minimalMessage.contains("outside latitudes") })
        #expect(gap.minimalMessage.contains("implementation-failure"))
        // Each is shrunk, and keeps its kind: the gap's minimal case still asks a deep zoom, the
        // bug's still overhangs without asking one.
        #expect(gap.shrinkSteps > 0 && bug.shrinkSteps > 0)
        #expect(outcome.run?.otherPins.count == 1)
        // The same seed gives the same two failures, with the same minimal cases.
        let again = CatalogueRunner(settings: RunSettings(caseCount: 2_000)).run(
            Self.property, against: CatalogueSubject(GappedShrunkFit()))
        #expect(again.run?.result.failure == headline)
    }
}
