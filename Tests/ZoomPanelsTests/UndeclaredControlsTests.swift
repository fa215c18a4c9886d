import PropertyCheck
import Testing
import TestSupport
import MercatorCore
import ZoomProperties
import ZoomPanels

/// A control that says nothing about itself: the same correct route, answering `describe` with
/// ZoomCheck's defaults, as an `exec:` program that does not know `describe` does.
struct Undeclared: ZoomImplementation {
    let route: any ZoomImplementation
    var name: String { route.name + "-undeclared" }
    var capabilities: Capabilities { .assumed }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    { try route.project(coordinate, zoom: zoom, convention: convention) }
    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try route.unproject(pixel) }
    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try route.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }
    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    { try route.zoom(of: region, viewport: viewport, convention: convention) }
    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try route.fit(points) }
}

/// Capabilities sharpen verdicts; they must not be needed to avoid false alarms. A correct
/// route that declares nothing — Leaflet's getter reading both spans, map points with integer
/// zooms and tile256 only, a half-angle route with its own padding and codes — still holds
/// every defect-class property (conventions may differ: that is what they are for).
@Suite("Controls that declare nothing") struct UndeclaredControlsTests {
    /// 500 cases in the gate (its release step "every control of the panel holds every
    /// property" runs the declared routes at 10,000), 2,000 in the nightly profile.
    static let runner = CatalogueRunner(
        settings: RunSettings(seed: Seed.default, caseCount: TestProfile.cases(gate: 500, nightly: 2_000)))

    @Test(
        "A correct route holds every defect-class property without declaring its capabilities",
        arguments: ControlPanel.all.map(\.name)) func holdsUndeclared(_ name: String) throws
    {
        let control = Undeclared(route: try #require(ControlPanel.all.first { $0.name == name }))
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = Self.runner.run(property, against: CatalogueSubject(control))
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(control.name) fails \(property.name): \(outcome.report())")
            }
        }
    }
}
