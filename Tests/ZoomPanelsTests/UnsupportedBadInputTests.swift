import PropertyCheck
import Testing
import MercatorCore
import ZoomProperties
@testable import ZoomPanels

/// `unsupported` is for valid requests a program cannot serve; answered to bad input, the NaN
/// probe counts it as a refusal, and the refusal-code properties as unsupported (PROTOCOL.md,
/// version 3).
struct UnsupportedNaNZoom: DelegatingMutant {
    var name: String { "mutant-unsupported-nan-zoom" }
    /// It declares what the core declares: an undeclared program may mean "not this
    /// operation" by unsupported, and its NaN probe is then discarded.
    var capabilities: Capabilities { core.capabilities }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        guard (0...28).contains(zoom) else { throw .unsupported("zoom \(zoom)") }
        return try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
    }
}

@Suite("unsupported answered to bad input") struct UnsupportedBadInputTests {
    static let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 500))

    @Test("The refusal-code properties count it as unsupported: not applicable, never failed")
    func refusalCodeProperty() throws {
        let outcome = Self.runner.run(
            try #require(ZoomCatalogue.named("bad-zoom-is-refused")), against: CatalogueSubject(UnsupportedNaNZoom()))
        guard case .notApplicable? = outcome.observed else {
            Issue.record("expected not applicable: \(outcome.report())")
            return
        }
    }

    @Test("The NaN probe counts it as a refusal: judged, not discarded") func nanProbeJudges() throws {
        let outcome = Self.runner.run(
            try #require(ZoomCatalogue.named("nan-input-is-never-answered")),
            against: CatalogueSubject(UnsupportedNaNZoom()))
        #expect(outcome.observed == .holds)
        #expect(outcome.run?.unsupportedCases == 0)
    }
}
