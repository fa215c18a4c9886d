import PropertyCheck
import Testing
import Foundation
import MercatorCore
import ZoomProperties
@testable import ZoomPanels

/// Setters that move the centre, as two public ports' region setters do; checkable since a
/// span answer may carry the centre it shows (PROTOCOL.md version 3).
struct CentreMovingSetter: DelegatingMutant {
    enum Move: String, Sendable { case flooredModulo = "floored-modulo", antimeridianToZero = "antimeridian-to-zero" }
    let move: Move
    var name: String { "mutant-setter-" + move.rawValue }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        var region = try core.region(centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
        switch move {
        // ((λ mod 360) + 360) mod 360 − 180 read as "normalise": −10° becomes 170°.
        case .flooredModulo:
            region.center.longitude = (center.longitude - 360 * (center.longitude / 360).rounded(.down)) - 180
        // ±180° "normalised" to 0.
        case .antimeridianToZero: if abs(center.longitude) == 180 { region.center.longitude = 0 }
        }
        return region
    }
}

@Suite("The centre a setter shows") struct CentreShownTests {
    static let runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 2_000))

    @Test(
        "A setter that moves the centre fails span-keeps-the-centre",
        arguments: [CentreMovingSetter.Move.flooredModulo, .antimeridianToZero]) func movingSetterFails(
            _ move: CentreMovingSetter.Move
        ) throws
    {
        let report = try FailureExpectation.report(
            of: "span-keeps-the-centre", against: CentreMovingSetter(move: move), runner: Self.runner)
        #expect(report?.contains("the view shows") ?? true)
    }

    @Test("Every shipped implementation, control and matrix entry keeps its centre") func everyoneKeepsTheCentre()
        throws
    {
        let property = try #require(ZoomCatalogue.named("span-keeps-the-centre"))
        for implementation in BuiltInImplementations.all + ControlPanel.all + ConventionMatrix.all {
            let outcome = Self.runner.run(property, against: CatalogueSubject(implementation))
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(implementation.name): \(outcome.report())")
            }
        }
    }
}
