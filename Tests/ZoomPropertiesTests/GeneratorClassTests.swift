import Testing
import TestSupport
import MercatorCore
@testable import PropertyCheck
@testable import ZoomProperties

/// The classes the generators draw so that a defect is found within the first cases (tests to
/// failure): each is drawn at about its designed rate. Each test counts a
/// class over `draws` values from every shared seed and requires a quarter of its designed
/// share, so that a class dropped or starved fails while the seeds' scatter never does (the
/// smallest designed count here, 1/32 of 4,000, is 125; a quarter of it lies 8 standard
/// deviations below).
@Suite("Generator classes placed where defects die", .tags(.catalogue)) struct GeneratorClassTests {
    static let draws = 4_000

    /// `draws` values of `generator` from `seed`.
    static func sample<Value>(_ generator: Gen<Value>, seed: UInt64) -> [Value] {
        let source = ChoiceSource(seed: seed)
        return (0..<draws).compactMap { _ in try? generator.body(source) }
    }

    /// Requires at least a quarter of `share` of `values` to satisfy `isInClass`.
    static func expectShare<Value>(
        _ values: [Value], atLeast share: Double, _ what: String, _ isInClass: (Value) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let count = values.filter(isInClass).count
        #expect(
            Double(count) >= share / 4 * Double(values.count),
            "\(what): \(count) of \(values.count), designed \(share)", sourceLocation: sourceLocation)
    }

    @Test("A bad coordinate is met on both sides of its axis's limit: just past it, past it by up to a turn, far past")
    func badValuesOnBothSides() {
        for seed in SharedInputs.seeds {
            for limit in [90.0, 180] {
                let values = Self.sample(FitBoundProperties.badValue(past: limit, finite: true), seed: seed)
                #expect(values.count == Self.draws)
                Self.expectShare(values, atLeast: 2.0 / 15, "NaN") { $0.isNaN }
                Self.expectShare(values, atLeast: 2.0 / 15, "+∞") { $0 == .infinity }
                Self.expectShare(values, atLeast: 2.0 / 15, "−∞") { $0 == -.infinity }
                for sign in [1.0, -1] {
                    Self.expectShare(values, atLeast: 1.0 / 10, "\(sign * limit) just past") {
                        $0 * sign > limit && $0 * sign <= limit + 1
                    }
                    Self.expectShare(values, atLeast: 1.0 / 10, "\(sign * limit) past by up to a turn") {
                        $0 * sign > limit + 1 && $0 * sign <= 360
                    }
                    Self.expectShare(values, atLeast: 1.0 / 10, "\(sign * limit) far past") { $0 * sign > 360 }
                }
                #expect(values.allSatisfy { !$0.isFinite || abs($0) > limit })
            }
        }
    }

    @Test("A program that declares bad input unchecked is given only non-finite bad values: none is discarded")
    func uncheckedDrawsNonFiniteOnly() {
        for seed in SharedInputs.seeds {
            let values = Self.sample(FitBoundProperties.badValue(past: 90, finite: false), seed: seed)
            #expect(values.count == Self.draws && values.allSatisfy { !$0.isFinite })
        }
    }

    @Test("Rows far beyond the world are drawn on both sides, past where e^|ψ| overflows (113 worlds away)")
    func farRows() {
        for seed in SharedInputs.seeds {
            let rows = Self.sample(ReferenceProperties.rowGen, seed: seed)
            // ψ = π·(1 − 2y/W) passes 709 (e^ψ overflows) 113 worlds from the middle row.
            Self.expectShare(rows, atLeast: 1.0 / 16, "above, past overflow") { $0 < -113 }
            Self.expectShare(rows, atLeast: 1.0 / 16, "below, past overflow") { $0 > 114 }
            Self.expectShare(rows, atLeast: 4.0 / 8, "inside the world") { (0...1).contains($0) }
        }
    }

    @Test("A pixel x is drawn within the last and the first 2^20 px of the 2^29-px world, and on its edges")
    func pixelEdges() {
        let world = 536_870_912
        for seed in SharedInputs.seeds {
            let xs = Self.sample(PixelSpaceGen.worldPixelX, seed: seed)
            #expect(xs.allSatisfy { (0...world).contains($0) })
            Self.expectShare(xs, atLeast: 1.0 / 16, "the last 2^20 px") { $0 > world - 1_048_576 }
            Self.expectShare(xs, atLeast: 1.0 / 16, "the first 2^20 px") { $0 < 1_048_576 }
            Self.expectShare(xs, atLeast: 1.0 / 2, "the rest") { $0 >= 1_048_576 && $0 <= world - 1_048_576 }
        }
    }

    @Test("One annotation at the latitude limit (a pole, or the band's edge) or just inside it is a class of its own")
    func onePointAtTheLimit() {
        for seed in SharedInputs.seeds {
            for (sets, limit) in [
                (AnnotationSetGen.annotations, 90.0), (AnnotationSetGen.bandAnnotations, MercatorMath.latitudeLimit),
            ] {
                let drawn = Self.sample(sets, seed: seed)
                Self.expectShare(drawn, atLeast: 1.0 / 9, "one point at ±\(limit) or beside it") { points in
                    points.count == 1 && abs(points[0].latitude) >= limit.nextDown
                }
                #expect(drawn.allSatisfy { $0.allSatisfy { abs($0.latitude) <= limit } })
            }
        }
    }

    @Test("span-shrinks-as-zoom-grows meets viewports wider than the world at z and at z + 1 (both spans clamped)")
    func bothSpansClamped() {
        for seed in SharedInputs.seeds {
            let inputs = Self.sample(ZoomFamilyProperties.nearTheClamp(WebMercator()), seed: seed)
            // Designed: the low branch (1/2) at zoom 0 (about 1/3), where at least 3 of the 9
            // viewport sizes are two worlds wide in either convention: 1/2 × 1/3 × 1/3.
            Self.expectShare(inputs, atLeast: 1.0 / 18, "both spans clamped") { input in
                input.viewport.widthInPoints >= 2 * input.convention.worldWidth(atZoom: input.zoom)
            }
            #expect(inputs.allSatisfy { (0...27).contains($0.zoom) })
        }
    }

    @Test(
        """
        A program that keeps its view inside the world is sent views inside it: every span input drawn for it, at \
        integer and fractional zooms, is in its domain (before, 44 % of span-shrinks-as-zoom-grows's cases were \
        discarded against such a program)
        """) func viewInWorldInputsAreInTheDomain()
    {
        let program = FreeMercator(Freedoms(viewInWorld: true))
        for generator in [SpanInput.integerZooms(for: program), SpanInput.fractionalZooms(for: program)] {
            for seed in SharedInputs.seeds {
                let inputs = Self.sample(generator, seed: seed)
                #expect(inputs.count == Self.draws)
                let outside = inputs.filter {
                    program.capabilities.outsideTheDomain(
                        center: $0.center, zoom: $0.zoom, viewport: $0.viewport, convention: $0.convention) != nil
                }
                #expect(
                    outside.isEmpty,
                    "\(outside.count) of \(inputs.count), the first \(outside.first.map(\.description) ?? "")")
            }
        }
    }
}
