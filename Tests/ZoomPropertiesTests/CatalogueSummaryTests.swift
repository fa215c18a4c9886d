import Testing
import TestSupport
@testable import ZoomPropertiesTesting

/// What `expectCatalogue` prints after its run: the properties run, the cases, each n/a with
/// its reason, and the rules the type declared with the properties that judged them.
@Suite("The catalogue's summary", .tags(.catalogue)) struct CatalogueSummaryTests {
    static let properties = [
        "longitude-round-trip", "zoom-round-trip-latitude", "zoom-level-follows-its-rounding", "fit-is-padded",
    ].compactMap(ZoomCatalogue.named)

    @Test("A clean run says what it checked: properties, cases, n/a with the reason, each rule and its judges")
    func cleanRun() throws {
        let outcomes = CatalogueRunner(settings: RunSettings(caseCount: 200)).runAll(
            Self.properties, against: [CatalogueSubject(WebMercator())])
        let lines = CatalogueSummary.lines(outcomes, gate: .defects)
        let cases = outcomes.compactMap(\.run?.timing.casesChecked).reduce(0, +)
        let counted = "\(CatalogueSummary.grouped(cases)) cases (gate defects): 3 hold, 1 n/a"
        #expect(lines.first == "expectCatalogue(corrected): 4 properties, " + counted, "\(lines)")
        #expect(
            lines.contains(
                """
                  n/a: zoom-round-trip-latitude: the getter reads the longitude span only (zoomSource longitude): it \
                has no latitude path
                """), "\(lines)")
        // The level the type declares, and the property that judged it: allowed and reached.
        #expect(lines.contains("    level fitting: zoom-level-follows-its-rounding holds (reported, not gated)"))
        #expect(
            lines.contains {
                $0.hasPrefix("    fitPadding × 1.15") && $0.hasSuffix("fit-is-padded holds (reported, not gated)")
            })
        #expect(lines.contains("    badInput error-codes: no property of this run reads it"))
        // Several judges are counted by verdict.
        let badInput = CatalogueRunner(settings: RunSettings(caseCount: 100)).runAll(
            ZoomCatalogue.all.filter { $0.contract == [.badInput] }.prefix(3).map { $0 },
            against: [CatalogueSubject(WebMercator())])
        #expect(
            CatalogueSummary.lines(badInput, gate: .defects).contains(
                "    badInput error-codes: its 3 properties: 3 hold (reported, not gated)"))
        // Under --gate all a rule's judges gate the run.
        #expect(
            CatalogueSummary.lines(outcomes, gate: .all).contains(
                "    level fitting: zoom-level-follows-its-rounding holds"))
    }

    @Test("Counts are grouped by thousands") func grouped() {
        #expect(CatalogueSummary.grouped(0) == "0")
        #expect(CatalogueSummary.grouped(999) == "999")
        #expect(CatalogueSummary.grouped(578_000) == "578,000")
        #expect(CatalogueSummary.grouped(1_061_435) == "1,061,435")
    }
}
