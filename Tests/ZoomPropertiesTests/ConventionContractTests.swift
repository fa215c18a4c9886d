import Testing
import MercatorCore
@testable import ZoomProperties

/// The three gate levels: defects; defects and declared conventions; everything.
@Suite("Declared conventions are a contract") struct ConventionContractTests {
    /// Convention properties that read nothing a program can declare.
    static let undeclarable: Set<String> = ["zoom-level-matches-google", "fit-covers-points-beyond-the-band"]

    @Test(
        """
        Every convention property but the undeclarable two reads a declarable convention; no defect property \
        reads one
        """) func everyConventionHasItsMember()
    {
        for property in ZoomCatalogue.all {
            switch property.verdictClass {
            case .defect: #expect(property.contract.isEmpty, "\(property.name)")
            case .convention:
                #expect(
                    property.contract.isEmpty == Self.undeclarable.contains(property.name),
                    "\(property.name): \(property.contract)")
            }
        }
    }

    @Test(
        """
        A refusal property is gated under declared only when badInput was declared; defects always; everything \
        under all
        """) func levels() throws
    {
        let refusal = try #require(ZoomCatalogue.named("bad-latitude-is-refused"))
        #expect(!refusal.isGated(.defects, declared: Set(DeclaredConvention.allCases)))
        #expect(!refusal.isGated(.declared, declared: []))
        #expect(!refusal.isGated(.declared, declared: [.level, .fitPadding]))
        #expect(refusal.isGated(.declared, declared: [.badInput]))
        #expect(refusal.isGated(.all, declared: []))
        let band = try #require(ZoomCatalogue.named("centre-beyond-the-band-is-refused"))
        #expect(!band.isGated(.declared, declared: [.badInput]))
        #expect(band.isGated(.declared, declared: [.badInput, .centreLimit]))
        let google = try #require(ZoomCatalogue.named("zoom-level-matches-google"))
        #expect(!google.isGated(.declared, declared: Set(DeclaredConvention.allCases)))
        let defect = try #require(ZoomCatalogue.named("longitude-round-trip"))
        #expect(defect.isGated(.defects, declared: []) && defect.isGated(.declared, declared: []))
    }
}
