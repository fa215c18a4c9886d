import Foundation
import Testing
import MercatorCore
import PropertyCheck
import ZoomProperties
@testable import ZoomPanels

/// The panels against the defect-class catalogue: which properties kill each mutant, and
/// whether any control fails. A measurement, printed, and held: no control fails or goes
/// without a verdict, and every mutant fails at least one defect property. Run on request
/// (`ZOOMPANELS_MEASURE=1`; `ZOOMPANELS_CASES` sets the cases per property, default 10,000;
/// `ZOOMPANELS_PANEL=controls` or `mutants` runs one panel).
@Suite("Panel measurement", .enabled(if: ProcessInfo.processInfo.environment["ZOOMPANELS_MEASURE"] != nil))
struct PanelMeasurementTests {
    static let caseCount = ProcessInfo.processInfo.environment["ZOOMPANELS_CASES"].flatMap(Int.init) ?? 10_000

    @Test("Kill matrix of the defect-class properties over both panels") func measure() {
        let defects = ZoomCatalogue.all.filter { $0.verdictClass == .defect }
        let runner = CatalogueRunner(settings: RunSettings(caseCount: Self.caseCount))
        let panel = ProcessInfo.processInfo.environment["ZOOMPANELS_PANEL"]
        let panels = (panel == "mutants" ? [] : ControlPanel.all) + (panel == "controls" ? [] : MutantPanel.all)
        let outcomes = runner.runAll(defects, against: panels.map { CatalogueSubject($0) })
        var lines = ["defect properties: \(defects.map(\.name).joined(separator: ", "))"]
        for implementation in panels {
            let mine = outcomes.filter { $0.implementationName == implementation.name }
            let failed = mine.filter { if case .fails? = $0.observed { true } else { false } }
            let unexplained = mine.filter { $0.observed == nil }
            lines.append("== \(implementation.name): \(failed.count) failing, \(unexplained.count) without verdict")
            for outcome in failed {
                lines.append("  FAILS \(outcome.property.name): \(outcome.run?.pin ?? "?")")
                if implementation.name.hasPrefix("control-") {
                    lines.append(outcome.report().split(separator: "\n").map { "    | \($0)" }.joined(separator: "\n"))
                }
            }
            for outcome in unexplained {
                lines.append("  NO VERDICT \(outcome.property.name): \(outcome.problem ?? outcome.report())")
            }
        }
        print(lines.joined(separator: "\n"))
        for implementation in panels {
            let mine = outcomes.filter { $0.implementationName == implementation.name }
            let failed = mine.filter { if case .fails? = $0.observed { true } else { false } }
            #expect(mine.allSatisfy { $0.observed != nil }, "\(implementation.name) has runs without a verdict")
            if ControlPanel.all.contains(where: { $0.name == implementation.name }) {
                #expect(failed.isEmpty, "control \(implementation.name) fails \(failed.map(\.property.name))")
            } else {
                #expect(!failed.isEmpty, "mutant \(implementation.name) survives every defect property")
            }
        }
    }
}
