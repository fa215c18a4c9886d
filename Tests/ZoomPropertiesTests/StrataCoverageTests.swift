import Testing
import TestSupport
import MercatorCore
@testable import PropertyCheck
@testable import ZoomProperties

/// The strata: labelling draws nothing, the catalogue's requirements are
/// derived and provable, and a generator narrowed to skip a required stratum fails the run.
@Suite("Strata and their coverage", .tags(.catalogue)) struct StrataCoverageTests {
    /// The span inputs of `SpanInput.integerZooms` with `zoom` in place of the integer zoom.
    static func spans(zoom: Gen<Int>) -> Gen<SpanInput> {
        Gen.zip(CoordinateGen.bandCoordinate, zoom, ZoomAndViewportGen.viewport).map {
            SpanInput(center: $0, zoom: Double($1), viewport: $2, convention: .tile256)
        }.labelled(Strata.labels(span:))
    }

    /// A property over span inputs requiring `Strata.Design.integerSpans`, tested as the
    /// catalogue tests it (each requirement at `CatalogueProperty.coverageSignificance`).
    static func run(_ generator: Gen<SpanInput>) -> PropertyRun<SpanInput> {
        let requirements = Strata.Design.integerSpans.map(\.requirement)
        let property = Property("regions-are-valid@mutant", generator, coverage: requirements) { _ in }
        var configuration = RunConfiguration(settings: RunSettings(caseCount: 10_000))
        configuration.coverageFalseFailureRate = CatalogueProperty.coverageSignificance * Double(requirements.count)
        return property.run(configuration)
    }

    @Test("A zoom generator that never draws zoom 0 fails the run with a coverage failure, not a counterexample")
    func mutantSkipsZoomZero() {
        let mutantZoom = Gen.int(in: 1...28).labelled { Strata.labels(zoom: Double($0)) }.named("zoom")
        let run = Self.run(Self.spans(zoom: mutantZoom))
        guard case let .coverageFailed(report) = run.result else {
            Issue.record("the mutant generator was not caught: \(run.render())")
            return
        }
        #expect(report.shortfalls.map(\.label).contains(Strata.zoomZero))
        #expect(run.result.failure == nil && run.minimalCounterexample == nil)
        #expect(run.result.headline.contains("is under-covered: \"zoom 0\" in 0 of 10000 cases"))
        let text = run.render()
        #expect(text.contains("\"zoom 0\": 0 of 10000 cases (0.0%), required 1.6%, P(X ≤ 0) ≤ e^-"))
        #expect(text.contains("replay: "))
        // The same generator with the real zoom meets every requirement.
        let real = Self.run(Self.spans(zoom: ZoomAndViewportGen.integerZoom))
        #expect(real.result.isSuccess, "\(real.render())")
        #expect(real.result.coverage.allSatisfy { $0.status == .met })
    }

    @Test("Labels read no randomness: a labelled generator draws the same values and choices as without labels")
    func labellingDrawsNothing() {
        let plain = Gen.zip(
            Gen.frequency([(weight: 1, generator: Gen.double(in: -180...180))]), Gen.int(in: 0...28),
            Gen.double(in: 0...28))
        let labelled = Gen.zip(
            Gen.frequency([(weight: 1, generator: Gen.double(in: -180...180))]).labelled(Strata.labels(longitude:)),
            Gen.int(in: 0...28).labelled { Strata.labels(zoom: Double($0)) },
            Gen.double(in: 0...28).labelled(Strata.labels(zoom:)))
        for seed in SharedInputs.seeds {
            let first = ChoiceSource(seed: seed)
            let second = ChoiceSource(seed: seed)
            for _ in 0..<500 {
                let a = try? plain.body(first)
                let b = try? labelled.body(second)
                #expect(a?.0.bitPattern == b?.0.bitPattern && a?.1 == b?.1 && a?.2.bitPattern == b?.2.bitPattern)
            }
            #expect(first.choices == second.choices)
        }
    }

    @Test("Every required share is provable at the gate's 10,000 cases, within the catalogue's requirement budget")
    func requirementsAreProvable() {
        let threshold = -CoverageMath.log(CatalogueProperty.coverageSignificance)
        for subject in CatalogueSubject.shipped() {
            var total = 0
            for property in ZoomCatalogue.all {
                let requirements = property.requiredStrata(for: subject.implementation)
                total += requirements.count
                for requirement in requirements {
                    // A generator that never reaches the stratum is proven under-covered:
                    // −n·ln(1 − p) > ln(1/α), n = 10,000 / the property's case divisor.
                    let cases = 10_000 / property.caseDivisor
                    let proof = -CoverageMath.tailExponent(successes: 0, trials: cases, share: requirement.minimumShare)
                        .value
                    #expect(proof > threshold, "\(property.name): \(requirement.label)")
                    #expect(requirement.minimumShare > 0 && requirement.minimumShare < 1)
                }
            }
            #expect(total <= CatalogueProperty.coverageRequirementBudget)
        }
    }

    @Test("Each designed share is a stratum's, and each requirement is half of it") func designedShares() {
        for subject in CatalogueSubject.shipped() {
            for property in ZoomCatalogue.all {
                for share in property.designedStrata(subject.implementation) {
                    #expect(Strata.all.contains(share.label), "\(share.label)")
                    #expect(share.requirement.minimumShare == share.share / 2)
                }
            }
        }
    }

    /// The shares follow the generators' weights: computed in exact fractions and rounded once,
    /// they are the doubles of the fractions worked by hand, so the requirements (and every
    /// report that prints them) are the same as when the shares were written out.
    @Test("A weighted generator's shares are its weights' fractions, rounded once") func weightedShares() {
        func shares(_ design: [Strata.DesignedShare]) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: design.map { ($0.label, $0.share) })
        }
        #expect(
            shares(Strata.Design.longitudes) == [Strata.nearAntimeridian: 1.0 / 3, Strata.atAntimeridian: 1.0 / 12])
        #expect(shares(Strata.Design.bandLatitudes) == [Strata.beyond85: 1.0 / 20, Strata.bandEdge: 1.0 / 20])
        #expect(shares(Strata.Design.sphereLatitudes) == [Strata.beyond85: 2.0 / 27, Strata.pole: 2.0 / 27])
        #expect(
            shares(Strata.Design.annotationSets) == [Strata.onePointFit: 13.0 / 72, Strata.antimeridianFit: 1.0 / 9])
        #expect(shares(Strata.Design.worldPixelX) == [Strata.tileEdge: 3.0 / 64])
        // A weight changed moves the share: the longitude's near-±180 branch at weight 4 of 10.
        let heavier = Strata.Weighted<Double>([
            .init(5, Gen.constant(0)), .init(4, Gen.constant(180), covers: [(Strata.nearAntimeridian, 1, 1)]),
            .init(1, Gen.constant(180), covers: [(Strata.nearAntimeridian, 4, 6)]),
        ])
        #expect(shares(heavier.shares) == [Strata.nearAntimeridian: 7.0 / 15])
    }

    @Test("The predicates put the places map code breaks in their strata") func predicates() {
        #expect(Strata.labels(longitude: 180) == [Strata.nearAntimeridian, Strata.atAntimeridian])
        #expect(Strata.labels(longitude: -180.0.nextUp) == [Strata.nearAntimeridian, Strata.atAntimeridian])
        #expect(Strata.labels(longitude: -179.5) == [Strata.nearAntimeridian])
        #expect(Strata.labels(longitude: 178.9).isEmpty)
        #expect(Strata.labels(latitude: MercatorMath.latitudeLimit) == [Strata.beyond85, Strata.bandEdge])
        #expect(Strata.labels(latitude: -90) == [Strata.beyond85, Strata.pole])
        #expect(Strata.labels(latitude: 85.01) == [Strata.beyond85])
        #expect(Strata.labels(latitude: 85).isEmpty)
        #expect(Strata.labels(zoom: 0) == [Strata.integerZoom, Strata.zoomZero])
        #expect(Strata.labels(zoom: 20) == [Strata.integerZoom, Strata.deepZoom])
        #expect(Strata.labels(zoom: 3.5) == [Strata.fractionalZoom])
        #expect(Strata.labels(zoom: .nan).isEmpty)
        let wide = SpanInput(
            center: Coordinate(latitude: 10, longitude: -180), zoom: 0,
            viewport: Viewport(widthInPoints: 320, heightInPoints: 460, pixelsPerPoint: 1), convention: .tile256)
        #expect(Strata.labels(span: wide) == [Strata.tileEdge, Strata.viewportWiderThanWorld])
        #expect(Strata.labels(pixel: 512) == [Strata.tileEdge])
        #expect(Strata.labels(pixel: 513).isEmpty)
    }
}
