import Foundation
import Testing
import TestSupport
import MercatorCore
import PropertyCheck
@testable import ZoomProperties

/// The shipped implementations the catalogue is asserted against.
enum CheckedImplementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case corrected, seed, seed21 = "seed-21", seedMapPoint = "seed-mappoint"

    var implementation: CatalogueSubject { CatalogueSubject.shipped().first { $0.name == rawValue }! }
    var testDescription: String { rawValue }
}

/// Runs every property of `family` against `implementation` and records an issue, with the
/// engine's report and the replay command, for each outcome that differs from its expected
/// verdict: a corrected-core failure, or a seed finding that stopped reproducing or whose
/// minimal counterexample changed.
func assertFamily(
    _ family: PropertyFamily, _ implementation: CheckedImplementation, sourceLocation: SourceLocation = #_sourceLocation
) {
    let properties = ZoomCatalogue.all.filter { $0.family == family }
    #expect(!properties.isEmpty, sourceLocation: sourceLocation)
    // 1,000 cases in the gate (plus every pinned case), whose `CI/regenerate.sh --check` runs
    // the same catalogue at 10,000 against every shipped implementation; 10,000 in the nightly
    // profile.
    let runner = CatalogueRunner(
        settings: RunSettings(caseCount: TestProfile.cases(gate: 1_000, nightly: CatalogueRunner.defaultCaseCount)),
        regressionDirectory: TestPackage.regressions)
    for property in properties {
        let outcome = runner.run(property, against: implementation.implementation)
        if !outcome.isExpected { Issue.record(Comment(rawValue: outcome.report()), sourceLocation: sourceLocation) }
    }
}

extension PropertyFamily: CustomTestStringConvertible { public var testDescription: String { description } }

/// One test over every family and every shipped implementation: a family added to
/// `PropertyFamily` is asserted here without anyone remembering to add a suite.
@Suite("Every family against the shipped implementations", .tags(.catalogue)) struct EveryFamilySuite {
    @Test(
        "Each property of the family holds for the corrected core and reproduces each seed finding as pinned",
        arguments: PropertyFamily.allCases, CheckedImplementation.allCases) func family(
            _ family: PropertyFamily, _ implementation: CheckedImplementation
        )
    { assertFamily(family, implementation) }
}

@Suite("The catalogue itself") struct CatalogueShapeTests {
    /// The count is the catalogue's size as Documentation/catalogue.md lists it: adding or
    /// removing a property changes it on purpose, here and in the generated page.
    @Test("Under ZOOMCHECK_SEED=random a catalogue run draws one seed, which every property of the run uses")
    func oneSeedPerRun() throws {
        // What expectCatalogue and `zoomcheck check` do: the environment read once, at the entry.
        let settings = try RunSettings.fromEnvironment(
            defaults: RunSettings(caseCount: 20), environment: [RunSettings.seedVariable: "random"])
        let outcomes = CatalogueRunner(settings: settings).runAll(
            Array(ZoomCatalogue.all.prefix(12)), against: [.corrected, .seed])
        let ran = outcomes.filter { $0.notApplicable == nil }
        #expect(ran.count >= 20)
        let seeds = ran.compactMap { outcome -> Seed? in
            switch outcome.run?.result {
            case .passed(let report)?: report.seed
            case .failed(let report)?: report.seed
            default: nil
            }
        }
        #expect(seeds.count == ran.count)
        #expect(Set(seeds) == [settings.seed])
    }

    @Test("64 properties, unique names, every family covered") func shape() {
        let names = ZoomCatalogue.all.map(\.name)
        #expect(names.count == 64)
        #expect(Set(names).count == names.count)
        #expect(Set(ZoomCatalogue.all.map(\.family)) == Set(PropertyFamily.allCases))
    }

    @Test("Every pinned property exists, and the corrected core has no pins") func pins() {
        let shipped = Set(BuiltInImplementations.all.map(\.name))
        for recorded in RecordedPins.all {
            #expect(shipped.contains(recorded.implementation) && recorded.implementation != "corrected")
            #expect(ZoomCatalogue.named(recorded.property) != nil, "\(recorded.property)")
        }
        #expect(CatalogueSubject.corrected.expectations.pins.isEmpty)
        // A property's further rows are its other distinct failures: a row per failure, a pin per property.
        let byVariant = SeedPort.Variant.allCases.map { variant in
            let expectations = CatalogueExpectations.recorded(for: variant)
            return expectations.pins.keys.map { 1 + expectations.otherPins(for: $0).count }.reduce(0, +)
        }
        #expect(byVariant.reduce(0, +) == RecordedPins.all.count && byVariant.allSatisfy { $0 > 0 })
    }

    @Test("A recorded row keeps every line within 120 columns, and a long pin's pieces join back to the pin")
    func recordedRowWidth() {
        let pin = String(repeating: "let map = try MapViewSession(\"seed\", convention: .seed512); ", count: 6)
        let row = CatalogueExpectations.row(
            implementation: "seed", property: "session-region-stays-valid", pin: pin,
            choices: Array(repeating: 18_446_744_073_709_551_615, count: 30))
        let lines = row.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= CatalogueExpectations.lineLength }, "\(row)")
        #expect(lines.count > 6)
        let pieces = CatalogueExpectations.split(pin, width: 80)
        #expect(pieces.count > 1 && pieces.joined() == pin)
        #expect(pieces.allSatisfy { CatalogueExpectations.quoted($0).count <= 80 })
    }

    @Test("The same seed gives the same minimal counterexample and the same report, twice") func determinism() {
        let runner = CatalogueRunner(settings: RunSettings(seed: Seed(42), caseCount: 2_000))
        let property = ZoomCatalogue.named("fit-covers-every-point")!
        let first = runner.run(property, against: .seed)
        let second = runner.run(property, against: .seed)
        #expect(first.run?.pin == second.run?.pin)
        #expect(first.run?.result.render() == second.run?.result.render())
        #expect(first.run?.result.render().contains("ZOOMCHECK_SEED=0x000000000000002a") == true)
    }

    @Test("A property that stops holding for the corrected core is reported as unexpected") func unexpectedIsDetected()
    {
        // The seed breaks `regions-are-valid`; judged against the corrected core's
        // expectation (holds), the outcome must be flagged.
        let property = ZoomCatalogue.named("regions-are-valid")!
        let outcome = CatalogueRunner(settings: RunSettings(caseCount: 500)).run(property, against: .seed)
        let judgedAsCorrected = CatalogueOutcome(
            property: property, subject: .corrected, expected: .holds, run: outcome.run, notApplicable: nil)
        #expect(!judgedAsCorrected.isExpected)
        #expect(judgedAsCorrected.report().contains("minimal counterexample"))
    }
}
