import MercatorCore
import PropertyCheck
import Testing
import TestSupport
@testable import ZoomProperties

/// A degenerate minimal counterexample (one place written two ways) misled a
/// user into fixing the degeneracy; beside it the report shows the nearest failure that is not
/// degenerate, found from the same seed with the degenerate cases discarded.
@Suite("A degenerate minimal case, and the nearest one that is not", .tags(.catalogue)) struct DegenerateCaseTests {
    @Test("One place written two ways is degenerate; two places, one place written once, and coincident points are not")
    func predicate() {
        func c(_ latitude: Double, _ longitude: Double) -> Coordinate {
            Coordinate(latitude: latitude, longitude: longitude)
        }
        #expect(AnnotationSetGen.degenerate([c(0, 180), c(0, -180)]) != nil)
        #expect(AnnotationSetGen.degenerate([c(90, 10), c(90, -30)])?.contains("pole") == true)
        #expect(AnnotationSetGen.degenerate([c(0, 180), c(0, -179)]) == nil)
        #expect(AnnotationSetGen.degenerate([c(0, 10), c(0, 10)]) == nil)
        #expect(AnnotationSetGen.degenerate([c(0, 180)]) == nil)
        #expect(AnnotationSetGen.degenerate([]) == nil)
    }

    @Test("The seed's fit the long way round: [(0, 180), (0, -180)] is pinned, and beside it [(0, 180), (0, -179)]")
    func seedFit() throws {
        let runner = CatalogueRunner(settings: RunSettings(caseCount: 1_000))
        let property = try #require(ZoomCatalogue.named("fit-takes-the-short-way"))
        let outcome = runner.run(property, against: .seed)
        #expect(outcome.run?.pin == "[(0, 180), (0, -180)]")
        let other = try #require(outcome.run?.nonDegenerate)
        #expect(other.degeneracy.contains("one place written two ways"))
        #expect(other.minimalCounterexample == "[(0, 180), (0, -179)]")
        #expect(other.message.contains("shortest arc is 1°"), "\(other.message)")
    }

    @Test("A minimal case that is not degenerate gets no second one") func notDegenerate() throws {
        let runner = CatalogueRunner(settings: RunSettings(caseCount: 1_000))
        let property = try #require(ZoomCatalogue.named("fit-latitude-span-at-most-180"))
        let outcome = runner.run(property, against: .seed)
        #expect(outcome.run?.pin == "[(-72, 0), (85, 0)]")
        #expect(outcome.run?.nonDegenerate == nil)
    }
}
