import Testing
import TestSupport
import MercatorCore
import PropertyCheck
@testable import ZoomProperties

/// The boundaries reported beside the seed findings' minimal counterexamples, pinned: a
/// change in the port, a generator or the boundary search shows up here.
@Suite("Finding boundaries", .tags(.finding)) struct FindingBoundaryTests {
    /// The boundary lines of `property`'s seed finding under the pinned seed and case count.
    static func lines(_ property: String) throws -> [String] {
        let catalogueProperty = try #require(ZoomCatalogue.named(property))
        let outcome = CatalogueRunner(settings: .catalogueDefaults).run(catalogueProperty, against: .seed)
        return BoundarySummary.lines(of: outcome)
    }

    @Test("The single-precision path: the simplest failure is lat = 1, failures start at 6.7e-7°")
    func singlePrecision() throws {
        // Below about 6.7e-7° the exact y moves by less than the pixel the seed rounds to, and
        // 1 ± sinf(φ) is exactly 1 in single precision there, so the seed's y is the equator's:
        // the error is the exact shift, which passes the bound at this latitude: 1 px and the
        // row budget, 1.9e-6 px at the equator (1 px alone put it at 6.705522637151518e-07;
        // 6.7055e-7° × (1 + 1.9e-6) is where it is now). Where is decided by the rounding of
        // the exact y (2^28 − 1 + 1.5e-8 px, ulp 6e-8): the oracle's y is double-double
        // (AccurateMercator).
        #expect(
            try Self.lines("y-within-one-pixel") == [
                "latitude: fails from 6.705535426920761e-07, holds at 6.70553542692076e-07"
            ])
    }

    @Test(
        """
        Zoom: zoom 0 regions reach past the poles, zoom 1 ones do not (the rounded span's stalls above zoom 20 are \
        whole pixels, a freedom, and no longer findings)
        """) func zoomBoundaries() throws
    {
        #expect(try Self.lines("longitude-span-at-most-360") == ["zoom: fails up to 0, holds at 1"])
        #expect(try Self.lines("region-within-the-poles").contains("zoom: fails up to 0, holds at 1"))
    }

    @Test("Fit: the antimeridian pair fails at every offset 0…10°") func fitBoundaries() throws {
        // (The seed's fit of one point past the band, framed at the band's edge through MapKit's
        // map points, is a finding no longer: a fit may clamp its points to the band, as MapKit
        // does.)
        // The straddling generator draws offsets from ±180° up to 10°; the seed's whole-world
        // answer lasts to offsets of 23.478° (FitSurveys), and its long way round beyond, so
        // no offset it draws passes.
        #expect(
            try Self.lines("fit-takes-the-short-way").last?.hasPrefix(
                "fails at every value tried of latitude #1, offset from ±180° #1") == true)
    }

    @Test("Bad input: the seed passes a fit point one ulp past 180° through, and stops doing so two ulps past it")
    func badInputBoundaries() throws {
        #expect(
            try Self.lines("bad-fit-point-is-refused").first
                == "longitude: fails up to 180.00000000000003, holds at 180.00000000000006")
        #expect(
            try Self.lines("bad-zoom-is-refused") == [
                "none (no numeric input: the minimal value is picked from a list)"
            ])
    }

    @Test(
        """
        Every seed finding reports boundaries, or says it has no numeric input; each input by the name its \
        generator gives it, never by its place in the choice sequence
        """) func everyFinding()
    {
        // Each finding's first failure is the one judged: 1,000 cases in the gate (a seed
        // finding's pinned minimal case is replayed whatever the count), 10,000 nightly.
        var runner = CatalogueRunner(settings: RunSettings(caseCount: TestProfile.cases(gate: 1_000, nightly: 10_000)))
        runner.distinctFailureLimit = 1
        let outcomes = runner.runAll(ZoomCatalogue.all, against: [.seed])
        let findings = outcomes.filter { $0.run?.result.failure != nil }
        #expect(findings.count >= 30)
        for outcome in findings {
            #expect(!BoundarySummary.lines(of: outcome).isEmpty, "\(outcome.property.name) has no boundary line")
            for boundary in outcome.run?.result.failure?.boundaries ?? [] {
                #expect(!boundary.input.contains(" at choice "), "\(outcome.property.name): \(boundary.input)")
            }
        }
    }
}
