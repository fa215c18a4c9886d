import Testing
import MercatorCore
@testable import ZoomProperties
@testable import ZoomPanels

/// A correct route that rounds its centre row to a whole pixel: a bound that allows that
/// rounding must allow every shift it can make, not a sample of them.
@Suite("A control that rounds its centre row")
struct RoundedRowControlTests {
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
                let centre = Coordinate(latitude: WebMercator.latitude(y: world / 2 + offset, worldWidth: world), longitude: 0)
                let input = SpanInput(center: centre, zoom: zoom, viewport: viewport, convention: .seed512)
                #expect(throws: Never.self, "\(input)") { try ViewportSpanProperties.checkLatitudeSpan(Self.control, input) }
            }
        }
    }

    @Test("The rounded-row control holds every defect-class property")
    func holdsEveryDefectProperty() {
        let runner = CatalogueRunner(caseCount: 1_000, seed: CatalogueRunner.defaultSeed)
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = runner.run(property, against: Self.control)
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(Self.control.name) fails \(property.name): \(outcome.report())")
            }
        }
    }

    /// The properties that share the whole-pixel rounding budget (`WholePixelRounding`).
    static let sharingTheBudget = [
        "longitude-span-not-quantised", "latitude-span-matches-height", "seed512-zoom-is-tile256-zoom-plus-one",
        "zoom-round-trip-fractional", "zoom-round-trip-latitude", "span-axes-are-independent",
    ]

    @Test("A control that rounds every edge to a whole zoom-20 pixel holds every property that shares the rounding budget")
    func roundedEdgesHold() throws {
        let runner = CatalogueRunner(caseCount: 2_000, seed: CatalogueRunner.defaultSeed)
        let control = RoundedEdgesControl()
        for name in Self.sharingTheBudget {
            let property = try #require(ZoomCatalogue.named(name))
            let outcome = runner.run(property, against: control)
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(control.name) fails \(property.name): \(outcome.report())")
            }
        }
    }
}
