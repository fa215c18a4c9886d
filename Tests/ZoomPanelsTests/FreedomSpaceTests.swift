import Foundation
import MercatorCore
import PropertyCheck
import Testing
import TestSupport
import ZoomProperties

/// The freedom space (PROTOCOL.md, "What a correct program may do"): the corrected core with
/// each single freedom, and with sampled combinations of them, holds every property of the
/// catalogue — defects, and the conventions it declares (it declares the core's). A failure
/// here is ZoomCheck's defect: a property that rejects a correct program.
///
/// Profiles: the gate runs every single freedom and `ZOOMCHECK_FREEDOM_COMBINATIONS`
/// (default 8) sampled combinations at `ZOOMCHECK_FREEDOM_CASES` cases per property
/// (default 100; 500 and 64 combinations under `ZOOMCHECK_NIGHTLY=1`); the nightly release
/// step CI/freedom-space.sh runs every single freedom and 64 combinations through exec at
/// 300. The nightly profile (`ZOOMCHECK_FREEDOMS=nightly`) adds every pair.
@Suite("The freedom space: correct variants hold every property") struct FreedomSpaceTests {
    static let environment = ProcessInfo.processInfo.environment
    static let caseCount =
        Int(environment["ZOOMCHECK_FREEDOM_CASES"] ?? "") ?? TestProfile.cases(gate: 100, nightly: 500)
    static let combinationCount =
        Int(environment["ZOOMCHECK_FREEDOM_COMBINATIONS"] ?? "") ?? TestProfile.cases(gate: 8, nightly: 64)
    static let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: caseCount))

    /// Every property that is not expected to hold for `freedoms`, with its report.
    static func failures(_ freedoms: Freedoms) -> [String] {
        let subject = CatalogueSubject(FreeMercator(freedoms), gate: .declared)
        return runner.runAll(ZoomCatalogue.all, against: [subject]).compactMap { outcome in
            outcome.blocksItsGate ? "\(freedoms): \(outcome.property.name)\n\(outcome.report())" : nil
        }
    }

    @Test("No freedom taken: the variant is the corrected core") func none() {
        #expect(Self.failures(.none).isEmpty)
        #expect(Freedoms.none.description == "none")
    }

    @Test("Each single freedom holds every property", arguments: Freedoms.named.map(\.name)) func single(_ name: String)
        throws
    {
        let freedoms = try Freedoms(parsing: name)
        #expect(freedoms != .none)
        #expect(freedoms.description == name)
        for failure in Self.failures(freedoms) { Issue.record(Comment(rawValue: failure)) }
    }

    /// `libm-up,libm-down` was accepted, and the last one won.
    @Test("Two choices of one dimension are refused, naming both; a name given twice is one choice")
    func contradictions() throws {
        #expect(throws: FreedomsError(name: "libm-down", contradicting: "libm-up", choosing: "the libm")) {
            try Freedoms(parsing: "libm-up,libm-down")
        }
        #expect(
            throws: FreedomsError(
                name: "route-gudermannian", contradicting: "route-log-tan", choosing: "the latitude route")
        ) { try Freedoms(parsing: "route-log-tan, whole-pixels,route-gudermannian") }
        #expect(try Freedoms(parsing: "libm-up,libm-up") == Freedoms(parsing: "libm-up"))
        // Every pair of the nightly profile touches two dimensions, so every pair parses.
        for pair in Freedoms.pairs { #expect(try Freedoms(parsing: pair.description) == pair) }
        #expect(Set(Freedoms.sampledCombinations(4_000)).count <= Freedoms.combinationCount)
    }

    @Test("Sampled combinations of freedoms hold every property") func combinations() throws {
        let sampled = Freedoms.sampledCombinations(Self.combinationCount)
        #expect(Set(sampled).count > Self.combinationCount / 2, "the sample repeats itself")
        let pairs = Self.environment["ZOOMCHECK_FREEDOMS"] == "nightly" ? Freedoms.pairs : []
        for freedoms in sampled + pairs {
            #expect(try Freedoms(parsing: freedoms.description) == freedoms)
            for failure in Self.failures(freedoms) { Issue.record(Comment(rawValue: failure)) }
        }
    }
}
