import Foundation
import Testing
import PropertyCheck
import MercatorCore
import ZoomProperties
import TestSupport
@testable import ZoomPanels

/// "Defect" means wrong whatever the program's conventions: a correct program holds every
/// defect-class property whatever it declares. Each entry of the convention matrix is a
/// correct route declared one way; none may fail a defect property.
@Suite("The convention matrix") struct ConventionMatrixTests {
    /// Modest for the gate (the matrix is 19 programs × every property): 300 cases; the
    /// catalogue's default in the nightly profile.
    static let runner = CatalogueRunner(
        settings: RunSettings(caseCount: TestProfile.cases(gate: 300, nightly: CatalogueRunner.defaultCaseCount)))

    @Test("Matrix entries have unique names starting with control-matrix-, apart from the panel's") func names() {
        let names = ConventionMatrix.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("control-matrix-") })
        #expect(Set(names).isDisjoint(with: ControlPanel.all.map(\.name)))
    }

    @Test(
        "Each declaration of a correct route holds every defect-class property",
        arguments: ConventionMatrix.all.map(\.name)) func holdsEveryDefectProperty(_ name: String) throws
    {
        let control = try #require(ConventionMatrix.all.first { $0.name == name })
        let outcomes = Self.runner.runAll(ZoomCatalogue.properties(of: .defect), against: [CatalogueSubject(control)])
        for outcome in outcomes {
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(control.name) fails \(outcome.property.name): \(outcome.report())")
            }
        }
    }

    /// The one convention a correct program may break without declaring anything about it:
    /// Google's numbering, which a program that numbers only in seed512 cannot keep.
    static func mayDepart(_ control: any ZoomImplementation, from property: String) -> Bool {
        property == "zoom-level-matches-google" && !control.capabilities.conventions.contains(.tile256)
    }

    @Test(
        "Each entry keeps every convention it declares, and no refusal property runs under unchecked",
        arguments: ConventionMatrix.all.map(\.name)) func keepsItsDeclarations(_ name: String) throws
    {
        let control = try #require(ConventionMatrix.all.first { $0.name == name })
        let outcomes = Self.runner.runAll(
            ZoomCatalogue.properties(of: .convention), against: [CatalogueSubject(control)])
        for outcome in outcomes where !Self.mayDepart(control, from: outcome.property.name) {
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(control.name) fails \(outcome.property.name): \(outcome.report())")
            }
        }
    }
}
