import Foundation
import Testing
import TestSupport
import ZoomPropertiesTesting

/// Someone's own implementation, unknown to the CLI: the corrected core, except that its
/// fit is the seed code's (which misses points across ±180°).
struct OwnMercatorWithSeedFit: ZoomImplementation {
    let name = "own-mercator"
    private let core = WebMercator()
    private let seed = SeedPort(variant: .original)

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    { try core.project(coordinate, zoom: zoom, convention: convention) }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate { try core.unproject(pixel) }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    { try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention) }

    func zoom(of region: Region, viewport: Viewport, convention: ZoomConvention) throws(ProjectionError) -> ZoomReading
    { try core.zoom(of: region, viewport: viewport, convention: convention) }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region { try seed.fit(points) }
}

/// How a failure of a user's own `ZoomImplementation` is replayed: through `swift test`
/// with the seed and the case count, never `zoomcheck replay --impl <a name the CLI does
/// not know>`; and `expectCatalogue`, which records one issue per failing property.
@Suite("Replaying a user's own implementation", .tags(.catalogue)) struct OwnImplementationReplayTests {
    static let property = ZoomCatalogue.named("fit-covers-every-point")!

    @Test("Outside expectCatalogue the line runs swift test with the seed and the case count, not zoomcheck replay")
    func plainRunner() throws {
        let outcome = CatalogueRunner(settings: RunSettings(caseCount: 300)).run(
            Self.property, against: CatalogueSubject(OwnMercatorWithSeedFit()))
        let failure = try #require(outcome.run?.result.failure)
        #expect(
            failure.replayCommand.hasPrefix(
                "ZOOMCHECK_CASES=300 ZOOMCHECK_SEED=0x0000000020100122 swift test --disable-xctest"))
        #expect(!failure.replayCommand.contains("zoomcheck replay"))
        // A subject whose chooser can select it again (zoomcheck check writes a zoomcheck replay
        // line) replays through that line, with the property's catalogue name, the seed and the
        // case count.
        var seed = CatalogueSubject.seed
        seed.replayLine = { property, seed, cases, _ in "replay \(property) \(seed) \(cases)" }
        let replayed = CatalogueRunner(settings: RunSettings(caseCount: 300)).run(Self.property, against: seed)
        #expect(replayed.run?.result.failure?.replayCommand == "replay fit-covers-every-point 0x0000000020100122 300")
    }

    @Test("expectCatalogue records one issue per failing property, whose replay line selects this test in this package")
    func expectCatalogueSelectsThisTest() throws {
        var outcomes: [CatalogueOutcome] = []
        let log = IssueLog()
        withKnownIssue {
            outcomes = expectCatalogue(
                OwnMercatorWithSeedFit(), properties: [Self.property, ZoomCatalogue.named("longitude-round-trip")!],
                runner: CatalogueRunner(settings: RunSettings(caseCount: 300)))
        } matching: { issue in
            log.append(issue)
            return true
        }
        let recorded = log.issues
        #expect(outcomes.count == 2)
        #expect(recorded.count == 1)
        let issue = try #require(recorded.first)
        #expect(
            String(describing: issue.kind)
                == "Caught error: fit-covers-every-point [defect] fails for own-mercator, minimal counterexample "
                + "[(0, 180), (57, 180)]")
        let comment = try #require(issue.comments.first?.rawValue)
        let failure = try #require(outcomes.first?.run?.result.failure)
        #expect(comment.hasPrefix("Property \"fit-covers-every-point@own-mercator\" failed"))
        #expect(comment.contains(failure.replayCommand))
        #expect(
            failure.replayCommand == "ZOOMCHECK_CASES=300 ZOOMCHECK_SEED=0x20100122 zoomcheck test "
                + "'OwnImplementationReplayTests/expectCatalogueSelectsThisTest()'")
    }

    @Test("A convention departure under gate .defects is a warning recorded with the test, headed by the property")
    func departureIsAWarning() async throws {
        let log = IssueLog()
        // Every issue the test would get, warnings included, kept here instead.
        let scope = IssueHandlingTrait.filterIssues { issue in
            log.append(issue)
            return false
        }
        let convention = Self.convention
        try await scope.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            let outcomes = expectCatalogue(
                OwnMercatorWithSeedFit(), properties: [convention],
                runner: CatalogueRunner(settings: RunSettings(caseCount: 300)))
            #expect(outcomes.count == 1)
            #expect(outcomes.first.map { !$0.isExpected && !$0.blocks(.defects) } == true)
        }
        let issues = log.issues
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.severity == .warning)
        let comment = try #require(issue.comments.first?.rawValue)
        #expect(comment.hasPrefix("\(convention.name) [convention] fails for own-mercator, minimal counterexample "))
        #expect(comment.contains(": a convention departure, not gated (gate defects)\n"))
    }

    /// A convention-class property the seed code's fit departs from.
    static let convention = ZoomCatalogue.all.first { property in
        property.verdictClass == .convention && property.name.hasPrefix("fit")
    }!
}

/// Issues a known-issue matcher saw (it may be called from any thread).
final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Issue] = []

    func append(_ issue: Issue) {
        lock.lock()
        kept.append(issue)
        lock.unlock()
    }

    var issues: [Issue] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }
}
