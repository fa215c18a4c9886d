import PropertyCheck
import Testing
import TestSupport
import MercatorCore
import ZoomProperties
import ZoomPanels

/// The panels against the catalogue, as the gate runs them: every mutant is killed by a
/// defect-class property with a pinned, readable minimal counterexample, and every control
/// (a correct implementation that computes by another route) holds every defect-class
/// property. The first is the catalogue's recall, the second its freedom from false alarms.
@Suite("Panels against the catalogue") struct PanelVerdictTests {
    /// For each mutant, a defect-class property that kills it and the minimal counterexample
    /// it shrinks to under the default seed at 10,000 cases (the first killer in catalogue
    /// order; for the valid-flag mutant, the property written for it). The full kill matrix:
    /// `zoomcheck check --impl mutants --print-pins`.
    static let kills: [String: (property: String, pin: String)] = [
        "mutant-both-spans-latitude-against-width": (
            "zoom-round-trip-level", "centre (0, 0), zoom 3 seed512, viewport 390×844 pt @1x"
        ),
        "mutant-both-spans-latitude-linear": (
            "zoom-round-trip-latitude", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ), "mutant-bounding-box-fit": ("fit-takes-the-short-way", "[(0, 180), (0, -180)]"),
        "mutant-centre-clamp-swallows-nan": ("nan-input-is-never-answered", "span, centre lat NaN"),
        "mutant-fit-centre-is-mean": ("fit-covers-every-point", "[(0, 180), (0, 180), (1, 180)]"),
        "mutant-fit-drops-nan": ("nan-input-is-never-answered", "fit, one point's lat NaN among 1 good points"),
        "mutant-fit-lat-lon-swapped": ("fit-covers-every-point", "[(0, 1)]"),
        "mutant-fit-longitude-not-clamped": (
            "fit-is-valid", "[(0, 42), (0, -42), (0, 88), (0, -88), (0, 134), (0, -134), (0, 180), (0, 0)]"
        ), "mutant-fit-mercator-midpoint": ("fit-covers-every-point", "[(0, 180), (57, 180)]"),
        "mutant-fit-no-pole-limit": ("fit-is-valid", "[(0, 0), (84, 0)]"),
        "mutant-float32-y": ("latitude-round-trip", "northern latitude band [5°, 10°)"),
        "mutant-getter-ignores-convention": (
            "zoom-round-trip-level", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-getter-plus-one": ("zoom-round-trip-level", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
        "mutant-getter-reads-latitude": (
            "zoom-round-trip-level", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-getter-uses-pixels-per-point": (
            "zoom-round-trip-level", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @2x"
        ),
        "mutant-latitude-delta-halved": (
            "latitude-span-matches-height", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-latitude-delta-twice-north-half": (
            "latitude-span-matches-height", "centre (1, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-level-floor-without-tolerance": (
            "zoom-round-trip-level", "centre (0, 180), zoom 5 tile256, viewport 375×667 pt @1x"
        ),
        "mutant-longitude-delta-not-clamped": (
            "regions-are-valid", "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"
        ),
        "mutant-longitude-from-aspect-ratio": (
            "span-shrinks-as-zoom-grows", "centre (32, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ), "mutant-no-pole-clamp": ("zoom-round-trip-level", "centre (52, 0), zoom 0 seed512, viewport 320×460 pt @1x"),
        "mutant-project-x-y-swapped": ("longitude-round-trip", "1.0"),
        "mutant-sin-of-degrees": ("latitude-round-trip", "northern latitude band [0°, 5°)"),
        "mutant-span-from-wrapped-edges": (
            "span-shrinks-as-zoom-grows", "centre (0, 0), zoom 0 tile256, viewport 320×460 pt @1x"
        ),
        "mutant-span-height-equals-width": (
            "latitude-span-matches-height", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-span-ignores-convention": (
            "longitude-span-halves-per-level", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-span-uses-pixels-per-point": (
            "longitude-span-halves-per-level", "centre (0, 0), zoom 0 seed512, viewport 320×460 pt @2x"
        ), "mutant-unproject-latitude-in-radians": ("latitude-round-trip", "northern latitude band [0°, 5°)"),
        "mutant-unproject-x-uses-180": ("longitude-round-trip", "1.0"),
        "mutant-unsigned-zoom-exponent": (
            "span-shrinks-as-zoom-grows", "centre (0, 0), zoom 20 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-valid-flag-always-true": (
            "span-valid-flag-agrees", "centre (7, 0), zoom 0 seed512, viewport 320×460 pt @1x"
        ),
        "mutant-width-height-swapped": (
            "longitude-span-halves-per-level", "centre (0, 0), zoom 0 seed512, viewport 375×667 pt @1x"
        ), "mutant-y-ln-tan-phi": ("longitude-round-trip", "0.0"),
        "mutant-y-north-down": ("map-point-is-half-seed-pixel", "northern latitude band [0°, 5°)"),
        "mutant-zoom-clamp-swallows-nan": ("nan-input-is-never-answered", "span, zoom NaN"),
    ]

    /// The mutants' run: 10,000 cases, judged by the first failure's pin only, so each run
    /// ends once that failure is shrunk.
    static let runner = {
        var runner = CatalogueRunner(settings: RunSettings(seed: Seed.default, caseCount: 10_000))
        runner.distinctFailureLimit = 1
        return runner
    }()
    /// The controls' run: 500 cases in the gate; 10,000 in the nightly profile, whose step
    /// "every control of the panel holds every property" also runs `zoomcheck check --impl
    /// controls` (release) at 10,000.
    static let controlRunner = CatalogueRunner(
        settings: RunSettings(seed: Seed.default, caseCount: TestProfile.cases(gate: 500, nightly: 10_000)))

    @Test("Every mutant of the panel has a pinned kill") func everyMutantPinned() {
        #expect(Set(Self.kills.keys) == Set(MutantPanel.all.map(\.name)))
        #expect(MutantPanel.all.count >= 25)
    }

    @Test(
        "Each mutant is killed by a defect-class property, with its pinned minimal counterexample",
        arguments: MutantPanel.all.map(\.name)) func killed(_ name: String) throws
    {
        let mutant = try #require(MutantPanel.named(name))
        let kill = try #require(Self.kills[name])
        let property = try #require(ZoomCatalogue.named(kill.property))
        #expect(property.verdictClass == .defect)
        let outcome = Self.runner.run(property, against: CatalogueSubject(mutant))
        #expect(outcome.observed == .fails(pin: kill.pin), "\(outcome.report())")
        #expect(outcome.blocks(.defects))
    }

    @Test(
        "Each control holds every defect-class property (no false alarm on a correct route)",
        arguments: ControlPanel.all.map(\.name)) func controlHolds(_ name: String) throws
    {
        let control = try #require(ControlPanel.all.first { $0.name == name })
        for property in ZoomCatalogue.properties(of: .defect) {
            let outcome = Self.controlRunner.run(property, against: CatalogueSubject(control))
            switch outcome.observed {
            case .holds?, .notApplicable?: break
            default: Issue.record("\(name) fails \(property.name): \(outcome.report())")
            }
        }
    }
}
