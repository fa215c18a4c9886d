import PropertyCheck
import Testing
import MercatorCore
@testable import ZoomProperties
@testable import ZoomPanels

/// A correct route that rounds its centre row to a whole pixel: a bound that allows that
/// rounding must allow every shift it can make, not a sample of them.
@Suite("A control that rounds its centre row") struct RoundedRowControlTests {
    static let control = RoundedRowControl()

    /// Centres whose row lies `offset` px from the equator's at zoom `zoom`: rounding moves the
    /// window by −offset, onto the equator, where its latitude extent peaks — strictly inside
    /// the −0.5…+0.5 px the bound allows, so sampling the ends and the middle misses it.
    static let offsets: [Double] = [-0.45, -0.3, -0.1, 0.1, 0.2, 0.3, 0.45]
    static let zooms: [Double] = [0, 1, 2.5, 4]

    @Test("latitude-span-matches-height allows every centre row within half a pixel, the equator-centred peak included")
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
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 1_000))
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = runner.run(property, against: CatalogueSubject(Self.control))
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(Self.control.name) fails \(property.name): \(outcome.report())")
            }
        }
    }

    /// A port that rounds every edge to a whole zoom-19 pixel: twice the documents' rounding,
    /// so it fails the properties that share the budget by up to one zoom-20 pixel per edge.
    /// That is 2^(z − 20) screen points at zoom z: visible from zoom 19, 1e-6 pt at zoom 0. A
    /// shrinker left alone walks to zoom 0 and hands over the invisible case.
    static let coarsePort = RoundedEdgesControl(roundingWorld: ZoomConvention.seed512.worldWidth(atZoom: 19))

    /// Pinned minimal counterexamples. Without the size rule, latitude-span-matches-height
    /// shrank to zoom 1.4427490234375, failing by 3.64e-07 screen pt.
    static let visiblePins = [
        "zoom-round-trip-fractional": "centre (0, 0), zoom 18.77240328490734 seed512, viewport 320×460 pt @1x",
        "latitude-span-matches-height": "centre (0, 0), zoom 28 seed512, viewport 320×460 pt @1x",
    ]

    @Test(
        "A port that rounds more than the budget fails with a counterexample a map user can see, not one at zoom 0",
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

    /// The seed's findings that were its whole-pixel rounding seen above zoom 20: since the
    /// rounding is a freedom of every correct program (PROTOCOL.md, "What a correct program
    /// may do"), they are findings no longer, and the seed ports hold these properties.
    static let formerQuantisationFindings: Set = [
        "span-shrinks-as-zoom-grows", "longitude-span-halves-per-level", "zoom-level-is-a-rounding-of-zoom",
    ]

    @Test(
        """
        A control that rounds every edge to a whole pixel of the 2^29-px world holds every defect property at every \
        zoom: the rounding budget is shared by all (PROTOCOL.md's freedoms)
        """) func roundedEdgesHold() throws
    {
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 2_000))
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = runner.run(property, against: CatalogueSubject(RoundedEdgesControl()))
            #expect(outcome.run?.result.failure == nil, "\(property.name): \(outcome.report())")
        }
        let seedFindings = Set(CatalogueSubject.seed.expectations.pins.keys)
        #expect(Self.formerQuantisationFindings.isDisjoint(with: seedFindings))
    }
}
