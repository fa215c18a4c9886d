import Testing
import MercatorCore
import ZoomProperties
@testable import ZoomPanels

/// `unsupported` is for valid requests a program cannot serve; answered to bad input it is a
/// refusal without the code (PROTOCOL.md, version 3).
struct UnsupportedNaNZoom: DelegatingMutant {
    var name: String { "mutant-unsupported-nan-zoom" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> Region {
        guard (0...28).contains(zoom) else { throw .unsupported("zoom \(zoom)") }
        return try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
    }
}

@Suite("unsupported answered to bad input")
struct UnsupportedBadInputTests {
    static let runner = CatalogueRunner(caseCount: 500, seed: CatalogueRunner.defaultSeed)

    @Test("Under error-codes it is the wrong code: bad-zoom-is-refused fails instead of discarding the probe")
    func wrongCode() throws {
        let report = try FailureExpectation.report(of: "bad-zoom-is-refused", against: UnsupportedNaNZoom(), runner: Self.runner)
        #expect(report?.contains("unsupported") ?? true)
    }

    @Test("The NaN probe counts it as a refusal: judged, not discarded")
    func nanProbeJudges() throws {
        let outcome = Self.runner.run(try #require(ZoomCatalogue.named("nan-input-is-never-answered")), against: UnsupportedNaNZoom())
        #expect(outcome.observed == .holds)
        #expect(outcome.run?.unsupportedCases == 0)
    }
}
