import Testing
import TestSupport

@testable import MercatorCore

/// Every fast path (`FastExponential`, `FastArctangent`, `FastLogarithm`, `FastSine`,
/// `FastGudermannian`, `FastIsometricLatitude`) against the double-double series it stands in
/// for: the same bits at every argument, and the series left to run rarely. Each test's
/// `series` closure is the function as it was before the fast paths, written out again here.
@Suite("Fast paths round to the series' bits", .tags(.accuracy)) struct FastPathTests {
    /// Arguments per function: a share in the gate, more in the nightly profile.
    static let count = TestProfile.cases(gate: 20_000, nightly: 1_000_000)

    /// A fixed stream of doubles in [0, 1) (SplitMix64, the top 53 bits).
    struct Stream {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
        }
    }

    /// A function's arguments: uniform on each range in turn, then log-uniform magnitudes
    /// of both signs within `magnitudes` (binades), and values within 2^−30 of each node.
    static func arguments(
        _ ranges: [ClosedRange<Double>], magnitudes: ClosedRange<Double> = -30...6, nodes: [Double] = [], seed: UInt64
    ) -> [Double] {
        var stream = Stream(state: seed), values: [Double] = []
        for index in 0..<count {
            let u = stream.next(), v = stream.next()
            switch index % 3 {
            case 0:
                let range = ranges[(index / 3) % ranges.count]
                values.append(range.lowerBound + (range.upperBound - range.lowerBound) * u)
            case 1:
                let magnitude = PortableMath.exp2(
                    magnitudes.lowerBound + (magnitudes.upperBound - magnitudes.lowerBound) * u)
                values.append(v < 0.5 ? -magnitude : magnitude)
            default:
                let node = nodes.isEmpty ? 1 : nodes[Int(u * Double(nodes.count))]
                values.append(node + (v - 0.5) * 0x1p-30)
            }
        }
        return values
    }

    /// `fast` and `series` agree bit for bit (NaN with NaN) at every argument, and the share of
    /// arguments whose uniform draws left the fast path undecided stays below `fallbackShare`.
    static func expectSameBits(
        _ name: String, _ arguments: [Double], fast: (Double) -> Double, series: (Double) -> Double,
        decided: (Double) -> Bool, fallbackShare: Double = 0.02
    ) {
        var mismatches: [String] = [], undecided = 0
        for x in arguments {
            let a = fast(x), b = series(x)
            if a.bitPattern != b.bitPattern, !(a.isNaN && b.isNaN) {
                mismatches.append("\(name)(\(x)): \(a), series \(b)")
            }
            if !decided(x) { undecided += 1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(arguments.count): \(mismatches.prefix(5))")
        #expect(Double(undecided) <= fallbackShare * Double(arguments.count), "\(name): \(undecided) undecided")
    }

    @Test("exp2 and exp") func exponentials() {
        let zooms = Self.arguments([0...28, -1074...1023], nodes: [0, 1, 20, 28], seed: 1)
        Self.expectSameBits(
            "exp2", zooms.filter { $0.rounded(.down) != $0 }, fast: PortableMath.exp2,
            series: { z in
                let whole = z.rounded(.down)
                let sum = PortableMath.exp2Series(fraction: z - whole)
                return Double(sign: .plus, exponent: Int(whole), significand: sum.hi + sum.lo)
            }, decided: { z in FastExponential.powerOfTwo(fraction: z - z.rounded(.down)) != nil })
        let exponents = Self.arguments([-4...4, -700...709], nodes: [0, 0.693_147_180_559_945_3], seed: 2)
        Self.expectSameBits(
            "exp", exponents, fast: PortableMath.exp,
            series: { x in
                let (exponent, m) = PortableMath.exponential(DoubleDouble(x))
                return Double(sign: .plus, exponent: exponent, significand: m.value)
            }, decided: { FastExponential.exp($0) != nil })
    }

    @Test("atan") func arctangent() {
        let nodes = (0...64).map { Double($0) / 64 } + [1.5, 64, 128]
        Self.expectSameBits(
            "atan", Self.arguments([-2...2, -200...200], magnitudes: -40...40, nodes: nodes, seed: 3),
            fast: PortableMath.atan, series: { PortableMath.accurateAtan(DoubleDouble($0)).value },
            decided: { FastArctangent.atan($0) != nil })
    }

    @Test("log and log2") func logarithms() {
        let arguments = Self.arguments([0...4, 0...1e9], magnitudes: -1000...1000, nodes: [1, 0.75, 1.5, 2], seed: 4)
            .map(\.magnitude).filter { $0 >= .leastNormalMagnitude && $0.significand != 1 }
        Self.expectSameBits(
            "log", arguments, fast: PortableMath.log, series: { PortableMath.naturalLogarithm($0).value },
            decided: { FastLogarithm.log($0) != nil })
        Self.expectSameBits(
            "log2", arguments, fast: PortableMath.log2,
            series: { (PortableMath.naturalLogarithm($0) / DoubleDouble.ln2).value },
            decided: { FastLogarithm.log2($0) != nil })
    }

    @Test("sine and cosine of degrees, and cos of radians") func sines() {
        let degrees = Self.arguments(
            [-180...180, -1e6...1e6], magnitudes: -40...8, nodes: [0, 1, 45, 89, 90], seed: 5)
        func reduced(_ degrees: Double) -> Double {
            var angle = degrees.truncatingRemainder(dividingBy: 360)
            if angle > 180 { angle -= 360 } else if angle < -180 { angle += 360 }
            if angle > 90 { angle = 180 - angle } else if angle < -90 { angle = -180 - angle }
            return angle
        }
        func complement(_ degrees: Double) -> DoubleDouble {
            var angle = degrees.truncatingRemainder(dividingBy: 360).magnitude
            if angle > 180 { angle = 360 - angle }
            return DoubleDouble(90) - DoubleDouble(angle)
        }
        Self.expectSameBits(
            "sine(degrees:)", degrees, fast: { PortableMath.sine(degrees: $0) },
            series: { PortableMath.accurateSine(degrees: DoubleDouble(reduced($0))).value },
            decided: { FastSine.sine(degrees: DoubleDouble(reduced($0))) != nil })
        Self.expectSameBits(
            "cosine(degrees:)", degrees, fast: { PortableMath.cosine(degrees: $0) },
            series: { PortableMath.accurateSine(degrees: complement($0)).value },
            decided: { FastSine.sine(degrees: complement($0)) != nil })
        func radians(_ x: Double) -> DoubleDouble {
            DoubleDouble.halfPi - DoubleDouble(Swift.min(x.magnitude, DoubleDouble.halfPi.hi))
        }
        Self.expectSameBits(
            "cos",
            Self.arguments([-1.5708...1.5708], magnitudes: -40...0.6, nodes: [0, 1, 1.570_796_326_794_896_6], seed: 6),
            fast: PortableMath.cos, series: { PortableMath.sineSeries(radians: radians($0)).value },
            decided: { FastSine.sine(radians: radians($0)) != nil })
    }

    @Test("The Gudermannian and a row's latitude") func gudermannian() {
        Self.expectSameBits(
            "gudermannian",
            Self.arguments([-4...4, -20...20], magnitudes: -40...4.3, nodes: [0, 1, 3.14, 20], seed: 7),
            fast: { PortableMath.gudermannian(degreesOf: $0) },
            series: {
                $0.magnitude < 40 ? PortableMath.gudermannianSeries(DoubleDouble($0)).value : ($0 > 0 ? 90 : -90)
            },
            // Below |ψ| = 2^−24 the series' own error, (1 + 1/|ψ|)·2^−91 relative, nears the fast
            // path's and the test leaves more to the series: not counted.
            decided: { $0.magnitude < 0x1p-24 || FastGudermannian.gudermannian(degreesOf: DoubleDouble($0)) != nil })
    }

    @Test("A latitude's row, in worlds from zoom 0 to 28") func row() {
        let latitudes = Self.arguments(
            [-85.06...85.06, -90...90], magnitudes: -40...6.49,
            nodes: [0, 1, 44.5, 45.5, 60, 85.051_128_779_806_59, -85.051_128_779_806_59, 89.999], seed: 8)
        var stream = Stream(state: 9)
        let worlds = latitudes.map { _ in 256 * PortableMath.exp2((stream.next() * 29).rounded(.down) + stream.next()) }
        var index = 0
        func world() -> Double {
            defer { index = (index + 1) % worlds.count }
            return worlds[index]
        }
        var pairs: [(Double, Double)] = latitudes.map { ($0, world()) }
        pairs = pairs.filter { $0.0.magnitude < 90 }
        var mismatches: [String] = [], undecided = 0
        for (latitude, world) in pairs {
            let scale = DoubleDouble(world) / (DoubleDouble.halfPi * 4)
            let series = (DoubleDouble(world / 2) - scale * AccurateMercator.isometricLatitude(degrees: latitude)).value
            let fast = AccurateMercator.y(latitude: latitude, world: world)
            if fast.bitPattern != series.bitPattern {
                mismatches.append("y(\(latitude), \(world)): \(fast), \(series)")
            }
            if FastIsometricLatitude.y(latitude: latitude, world: world) == nil { undecided += 1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(pairs.count): \(mismatches.prefix(5))")
        // Near the pole (within 2^−10°) and at the world's top edge the series runs.
        #expect(undecided * 10 <= pairs.count, "\(undecided) of \(pairs.count) undecided")
    }
}
