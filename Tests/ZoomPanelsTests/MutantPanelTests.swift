import Testing
import MercatorCore
@testable import ZoomPanels

@Suite("The mutant panel") struct MutantPanelTests {
    @Test("Mutants have unique, plain names starting with mutant-, and there are at least 28") func uniqueNames() {
        let names = MutantPanel.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count >= 28)
        for name in names {
            #expect(name.hasPrefix("mutant-") && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }, "\(name)")
        }
        #expect(Set(names).isDisjoint(with: ControlPanel.all.map(\.name)))
    }
}
