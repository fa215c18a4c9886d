import Foundation
import PropertyCheck
import Testing
import TestSupport

/// Boundary search after shrinking: the nearest passing value of each numeric input.
@Suite("Failure boundaries", .tags(.engine)) struct BoundarySearchTests {
    static func failure<Value>(
        _ property: Property<Value>,
        _ configuration: RunConfiguration = RunConfiguration(settings: RunSettings(seed: Seed(1)))
    ) -> PropertyReport? { property.run(configuration).result.failure }

    @Test("A double's boundary is a pair of adjacent doubles: fails from 1.5, holds at 1.5.nextDown")
    func doubleBoundary() throws {
        let report = try #require(
            Self.failure(Property("below 1.5", Gen.double(in: 0...10)) { x in try ensure(x < 1.5, "\(x)") }))
        let boundary = try #require(report.boundaries.first)
        #expect(report.boundaries.count == 1)
        #expect(boundary.failingDraw == 1.5)
        #expect(boundary.passingDraw == 1.5.nextDown)
        #expect(boundary.isNarrowed)
        #expect(boundary.input == "double at choice 0")
        #expect(boundary.description == "double at choice 0: fails from 1.5, holds at 1.4999999999999998")
        #expect(boundary.evaluations <= 80)
        #expect(report.boundaryEvaluations == boundary.evaluations + 1)
    }

    @Test("A probed case carries what its check measured on the context; a run's cases measure nothing")
    func probeMeasures() throws {
        final class Seen: @unchecked Sendable { var measuring: [Bool] = [] }
        let seen = Seen()
        let property = Property("within 1", Gen.double(in: 0...10)) { (x: Double, context: CaseContext) in
            seen.measuring.append(context.measurements != nil)
            context.measure(x, bound: 1, unit: "u")
            try ensure(x <= 1, "\(x)")
        }
        _ = property.run(RunConfiguration(settings: RunSettings(seed: Seed(1), caseCount: 20)))
        #expect(!seen.measuring.isEmpty && !seen.measuring.contains(true), "a run's context records nothing")
        let choices = try #require(Gen.double(in: 0...10).sample(seed: 1)).choices
        let probe = property.probe(choices, settingNumberAt: 0, to: 5)
        #expect(probe.drawn == 5)
        #expect(probe.measurements == [CaseMeasurement(error: 5, bound: 1, unit: "u")])
        #expect(probe.worst?.share == 5)
        #expect(probe.verdict == .fails(message: "5.0", size: nil))
    }

    @Test("Boundary search reuses the shrink's outcomes: it checks the property only for candidates not yet checked")
    func reusesTheShrinksOutcomes() throws {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
        }
        let calls = Calls()
        let property = Property("below 1.5, counted", Gen.double(in: 0...10)) { x in
            calls.lock.withLock { calls.count += 1 }
            try ensure(x < 1.5, "\(x)")
        }
        // One failure: the run stops looking for other kinds after it, so every call is counted below.
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(1)))
        configuration.distinctFailureLimit = 1
        let run = property.run(configuration)
        let report = try #require(run.result.failure)
        let counted = calls.lock.withLock { calls.count }
        // Every check call is one of: a generated case (passed, or the first failure), the
        // shrinker's replay of that failure, a shrink attempt, or a boundary check.
        #expect(counted == report.casesBeforeFailure + 1 + 1 + report.shrinkAttempts + report.boundaryChecks)
        // The minimal case (1.5) and its simplest value (0) were checked while shrinking.
        #expect(report.boundaryChecks < report.boundaryEvaluations)
        #expect(
            report.boundaries.map(\.description) == ["double at choice 0: fails from 1.5, holds at 1.4999999999999998"])
    }

    @Test("An integer's boundary is in numeric order, across zero: ranks alternate but the bisection does not")
    func integerBoundary() throws {
        let above = try #require(
            Self.failure(Property("at most 100", Gen.int(in: -1000...1000)) { n in try ensure(n <= 100, "\(n)") }))
        #expect(above.boundaries.map(\.description) == ["integer at choice 0: fails from 101, holds at 100"])
        let below = try #require(
            Self.failure(Property("at least -37", Gen.int(in: -1000...1000)) { n in try ensure(n >= -37, "\(n)") }))
        #expect(below.boundaries.map(\.description) == ["integer at choice 0: fails up to -38, holds at -37"])
    }

    @Test("A named, mapped draw is reported by name with the mapped value on each side") func namedMappedDraw() throws {
        let angle = Gen.double(in: 0...1).map { $0 * 360 }.named("angle (degrees)")
        let report = try #require(Self.failure(Property("acute", angle) { a in try ensure(a < 90, "\(a)") }))
        let boundary = try #require(report.boundaries.first)
        #expect(boundary.input == "angle (degrees)")
        #expect(boundary.failingValue == "90.0")
        #expect(boundary.passingValue == String(describing: 0.25.nextDown * 360))
        #expect(boundary.failingDraw == 0.25)
    }

    @Test("A boundary found by moving one input names the inputs derived from it that moved with it")
    func derivedInputsMove() throws {
        // x is drawn as a fraction of a world that the zoom sizes: moving the zoom moves x.
        let pixel = Gen.int(in: 0...10).named("zoom").flatMap { zoom in
            Gen.double(in: 0...1).map { $0 * Double(1 << zoom) }.named("x").map { (zoom, $0) }
        }
        let report = try #require(
            Self.failure(Property("inside 100 px", pixel) { _, x in try ensure(x < 100, "x \(x)") }))
        let zoom = try #require(report.boundaries.first { $0.input == "zoom" })
        let x = try #require(report.boundaries.first { $0.input == "x" })
        #expect(zoom.passingValue != nil)
        #expect(zoom.movedWith.map(\.input) == ["x"], "\(zoom)")
        // x is what crosses the edge: at or past 100 px on the failing side, inside on the other.
        let moved = try #require(zoom.movedWith.first)
        #expect(Double(moved.failingValue)! >= 100 && Double(moved.passingValue)! < 100, "\(zoom)")
        #expect(zoom.description.hasSuffix("; with it x \(moved.failingValue) → \(moved.passingValue)"), "\(zoom)")
        // Moving x itself moves nothing else.
        #expect(x.movedWith.isEmpty, "\(x)")
        #expect(Double(x.failingValue)! >= 100 && Double(x.passingValue ?? "")! < 100, "\(x)")
    }

    @Test("A name used twice is numbered; only numeric draws get a boundary (not Bools or list picks)") func numbering()
        throws
    {
        let pair = Gen.zip(
            Gen.double(in: 0...10).named("x"), Gen.bool, Gen.element(of: [1, 2]), Gen.double(in: 0...10).named("x"))
        let report = try #require(
            Self.failure(Property("sum below 3", pair) { a, _, _, b in try ensure(a + b < 3, "\(a + b)") }))
        #expect(report.boundaries.map(\.input) == ["x #1", "x #2"])
        // Minimal (0, 3): raising the first x never cures it; lowering the second does.
        #expect(
            report.boundaries.map(\.description) == [
                "x #1: fails at every value tried (0.0; its simplest value, both ends of its range and values between)",
                "x #2: fails from 3.0, holds at 2.9999999999999996",
            ])
    }

    @Test("A failure that no value of the input cures is reported as failing at every value tried")
    func failsThroughout() throws {
        let report = try #require(
            Self.failure(Property("never", Gen.double(in: -5...5)) { _ in throw PropertyFailure("always") }))
        let boundary = try #require(report.boundaries.first)
        #expect(boundary.passingValue == nil)
        #expect(boundary.description.contains("fails at every value tried"))
        // 3 ends, one of which (0) is the minimal value itself, then 7 values toward each end.
        #expect(boundary.evaluations <= 3 + 2 * 7)
    }

    @Test("A failure between passing values is found by the spread of values between the ends") func interiorFailure()
        throws
    {
        // Fails only on [2, 3]: the minimal value is 2, and 0 (simplest) passes.
        let report = try #require(
            Self.failure(Property("outside [2, 3]", Gen.double(in: 0...10)) { x in try ensure(x < 2 || x > 3, "\(x)") })
        )
        #expect(report.boundaries.first?.failingDraw == 2)
        #expect(report.boundaries.first?.passingDraw == 2.0.nextDown)
    }

    @Test("The per-input limit leaves a bracket, said to be one") func evaluationLimit() throws {
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(1)))
        configuration.boundaryEvaluationsPerInput = 6
        let report = try #require(
            Self.failure(
                Property("below 1.5", Gen.double(in: 0...10)) { x in try ensure(x < 1.5, "\(x)") }, configuration))
        let boundary = try #require(report.boundaries.first)
        #expect(!boundary.isNarrowed)
        #expect(boundary.evaluations == 6)
        #expect(boundary.description.hasSuffix("(not narrowed further: evaluation limit)"))
    }

    @Test("Opt-out: the configuration or ZOOMCHECK_BOUNDARIES=off skips the search and spends nothing") func optOut()
        throws
    {
        let property = Property("below 1.5", Gen.double(in: 0...10)) { x in try ensure(x < 1.5, "\(x)") }
        var off = RunConfiguration(settings: RunSettings(seed: Seed(1)))
        off.settings.searchesBoundaries = false
        func fromEnvironment(_ text: String) throws -> RunConfiguration {
            RunConfiguration(
                settings: try RunSettings.fromEnvironment(
                    defaults: RunSettings(seed: Seed(1)), environment: ["ZOOMCHECK_BOUNDARIES": text]))
        }
        for configuration in [off, try fromEnvironment("off"), try fromEnvironment("0")] {
            let report = try #require(Self.failure(property, configuration))
            #expect(report.boundaries.isEmpty)
            #expect(report.boundaryEvaluations == 0)
            #expect(!report.render().contains("boundaries"))
        }
    }

    @Test("The report renders the boundaries before the replay line, and equal seeds give equal reports")
    func renderedAndDeterministic() throws {
        let property = Property("below 1.5", Gen.double(in: 0...10)) { x in try ensure(x < 1.5, "\(x)") }
        let first = try #require(Self.failure(property))
        #expect(first == Self.failure(property))
        let lines = first.render().split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("  boundaries (") })
        #expect(lines[heading + 1] == "    double at choice 0: fails from 1.5, holds at 1.4999999999999998")
        #expect(lines.last?.hasPrefix("  replay: ") == true)
    }
}
