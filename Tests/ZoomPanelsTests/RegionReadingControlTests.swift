import PropertyCheck
import Testing
import TestSupport
import MercatorCore
import ZoomProperties
@testable import ZoomPanels

/// Fits judged in the region reading a program declares.
@Suite("Region readings") struct RegionReadingControlTests {
    /// 500 cases in the gate (whose release step "every control of the panel holds every
    /// property" and the freedom space's `fit-viewport` and `mercator-view` run these routes'
    /// claims at 10,000 and 1,000), 2,000 in the nightly profile.
    static let runner = CatalogueRunner(
        settings: RunSettings(seed: Seed.default, caseCount: TestProfile.cases(gate: 500, nightly: 2_000)))
    static let fitFamily = ZoomCatalogue.all.filter { $0.family == .fit }

    @Test(
        "A Mercator-view control passes the fit family (and every defect property), as a view and as an image",
        arguments: [MercatorViewFitRoute.control, .image]) func mercatorViewHolds(_ control: MercatorViewFitRoute)
    {
        for property in ZoomCatalogue.properties(of: .defect)
            + Self.fitFamily.filter({ $0.verdictClass == .convention })
        {
            let outcome = Self.runner.run(property, against: CatalogueSubject(control))
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default:
                // Points beyond the band are a convention the Mercator view cannot keep.
                if property.name != "fit-covers-points-beyond-the-band" {
                    Issue.record("\(control.name) fails \(property.name): \(outcome.report())")
                }
            }
        }
    }

    @Test(
        """
        A session's getter is sent a Mercator view's fit as MapKit's region of the same view: sent as it is, a fit \
        of (0, 0) and (79, 180) reaches past the pole in MapKit's reading and a correct getter refuses it
        """) func sessionGetterReadsTheViewAsMapKit() throws
    {
        let points = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 79, longitude: 180)]
        let fitted = try MercatorViewFitRoute.control.fit(points)
        #expect(RegionReading.mapKit.violations(of: fitted).contains(.reachesPastNorthPole))
        let sent = RegionReading.mercatorView.mapKitRegion(of: fitted)
        let edges = try #require(RegionReading.mercatorView.edges(of: fitted))
        #expect(abs(sent.southEdge - edges.south) < 1e-12 && abs(sent.northEdge - edges.north) < 1e-12)
        #expect(RegionReading.mapKit.violations(of: sent).isEmpty)
        let map = try MapViewSession(MercatorViewFitRoute.control, convention: .seed512)
        try map.fit(points)
        let zoom = try map.saveZoom()
        try map.restoreSavedZoom()
        #expect(abs(try map.zoomReading().zoom - zoom) < 1e-9)
    }

    @Test("A 320-pt image at zoom 0 of points around the world shows 450° of longitude, a valid Mercator view")
    func imageWiderThanTheWorld() {
        let points = [-170.0, -60, 50, 160].map { Coordinate(latitude: 10, longitude: $0) }
        let region = MercatorViewFit.image(points)
        #expect(region.span.longitudeDelta == 450)
        #expect(RegionReading.mercatorView.violations(of: region).isEmpty)
        #expect(RegionReading.mapKit.violations(of: region) == [.longitudeDeltaOutOfRange])
        #expect(points.allSatisfy { RegionReading.mercatorView.contains(region, $0) })
    }

    @Test("Read as MapKit reads regions, the same correct fit would seem to uncover points: the reading matters")
    func mapKitReadingWouldFail() {
        let points = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 80, longitude: 1)]
        let region = MercatorViewFit.region(points, centredOnDegreeMidpoint: false)
        #expect(points.allSatisfy { RegionReading.mercatorView.contains(region, $0) })
        #expect(!points.allSatisfy { RegionReading.mapKit.contains(region, $0) })
    }

    @Test(
        """
        A view sized by rows but centred on the degree midpoint fails fit-covers-every-point, naming the point \
        off the image
        """) func degreeMidpointFails() throws
    {
        let report = try FailureExpectation.report(
            of: "fit-covers-every-point", against: MercatorViewFitRoute.degreeMidpoint, runner: Self.runner)
        #expect(
            report.map { $0.contains("read as mercator-view") && $0.contains("° outside") } ?? true, "\(report ?? "")")
    }

    @Test("The Mercator reading's edges span the delta about the centre's row, poleward edge nearer in degrees")
    func mercatorEdges() throws {
        let region = Region(
            center: Coordinate(latitude: 60, longitude: 0), span: Span(latitudeDelta: 20, longitudeDelta: 10))
        let edges = try #require(RegionReading.mercatorView.edges(of: region))
        #expect(abs((edges.north - edges.south) - 20) < 1e-12)
        #expect(edges.north - 60 < 60 - edges.south)
        let rowCentre = (MercatorViewFit.psi(edges.north) + MercatorViewFit.psi(edges.south)) / 2
        #expect(abs(MercatorViewFit.gd(rowCentre) - 60) < 1e-12)
        #expect(
            RegionReading.mercatorView.edges(
                of: Region(
                    center: Coordinate(latitude: 0, longitude: 0), span: Span(latitudeDelta: 180, longitudeDelta: 1)))
                == nil)
    }
}
