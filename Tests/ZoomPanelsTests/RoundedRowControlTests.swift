import PropertyCheck
import Testing
import TestSupport
import MercatorCore
@testable import ZoomProperties
@testable import ZoomPanels

/// A correct route that rounds its centre row to a whole pixel: a bound that allows that
/// rounding must allow every shift it can make, not a sample of them.
@Suite("A control that rounds its centre row") struct RoundedRowControlTests {
    static let control = RoundedRowControl()

    /// Centres whose row lies `offset` px from the equator's at zoom `zoom`: rounding moves the
    /// window by −offset, onto the equator, where its latitude extent peaks — strictly inside
    /// the −1…+1 px the bound allows, so sampling the ends and the middle misses it.
    static let offsets: [Double] = [-0.45, -0.3, -0.1, 0.1, 0.2, 0.3, 0.45]
    static let zooms: [Double] = [0, 1, 2.5, 4]

    @Test("latitude-span-matches-height allows every centre row within a pixel, the equator-centred peak included")
    func peakInsideTheHalfPixel() throws {
        let viewport = Viewport(widthInPoints: 320, heightInPoints: 460)
        for zoom in Self.zooms {
            for offset in Self.offsets {
                let world = ZoomConvention.seed512.worldWidth(atZoom: zoom)
                let centre = Coordinate(
                    latitude: WebMercator.latitude(y: world / 2 + offset, worldWidth: world), longitude: 0)
                let input = SpanInput(center: centre, zoom: zoom, viewport: viewport, convention: .seed512)
                #expect(throws: Never.self, "\(input)") {
                    try ViewportSpanProperties.checkLatitudeSpan(Self.control, input)
                }
            }
        }
    }

    @Test("The rounded-row control holds every defect-class property") func holdsEveryDefectProperty() {
        let runner = CatalogueRunner(
            settings: RunSettings(seed: Seed.default, caseCount: TestProfile.cases(gate: 500, nightly: 1_000)))
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = runner.run(property, against: CatalogueSubject(Self.control))
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(Self.control.name) fails \(property.name): \(outcome.report())")
            }
        }
    }

    /// A port that rounds every edge to a whole pixel of the documents' 2^29-px world at every
    /// zoom: within a map's pixel up to zoom 20, 2^(z − 20) pixels at zoom z above it. It fails
    /// there, where a map user sees it; a shrinker left alone would walk to the smallest
    /// difference it can find, and hand over a case nobody can see.
    static let coarsePort = RoundedEdgesControl(roundingWorld: ZoomConvention.seed512.worldWidth(atZoom: 20))

    /// Pinned minimal counterexamples.
    static let visiblePins = [
        "zoom-round-trip-fractional": "centre (0, 0), zoom 27 seed512, viewport 320×460 pt @1x",
        "latitude-span-matches-height": "centre (0, 0), zoom 23 seed512, viewport 320×460 pt @1x",
    ]

    @Test(
        "A port that rounds coarser than a map's pixel fails with a counterexample a map user can see",
        arguments: ["zoom-round-trip-fractional", "latitude-span-matches-height"]) func visibleCounterexample(
            _ name: String
        ) throws
    {
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 2_000))
        let property = try #require(ZoomCatalogue.named(name))
        let outcome = runner.run(property, against: CatalogueSubject(Self.coarsePort))
        let report = try #require(outcome.run?.result.failure, "\(name) holds for \(Self.coarsePort.name)")
        let size = try #require(report.minimalSize, "\(name) gives no size")
        #expect(size.isNoticeable, "\(name): \(report.minimalCounterexample) fails by \(size)")
        #expect(report.minimalCounterexample == Self.visiblePins[name])
    }

    @Test(
        """
        A control that rounds every edge to a whole pixel at the request's zoom holds every defect property at every \
        zoom (PROTOCOL.md's rule of what a map shows)
        """) func roundedEdgesHold() throws
    {
        let runner = CatalogueRunner(
            settings: RunSettings(seed: Seed.default, caseCount: TestProfile.cases(gate: 1_000, nightly: 2_000)))
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = runner.run(property, against: CatalogueSubject(RoundedEdgesControl()))
            #expect(outcome.run?.result.failure == nil, "\(property.name): \(outcome.report())")
        }
    }
}
