import Testing
@testable import MercatorCore

/// `PortableMath` against mpmath (`PortableMathReference`, correctly rounded values).
@Suite("Portable sine and arcsine", .tags(.accuracy))
struct PortableMathTests {
    /// The distance in ulps between two finite doubles of the same sign (bit patterns).
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        guard a != b else { return 0 }
        let x = Int64(bitPattern: a.bitPattern & ~(1 << 63)), y = Int64(bitPattern: b.bitPattern & ~(1 << 63))
        return (x - y).magnitude
    }

    @Test("sin is within 2 ulps of the correctly rounded value at 1,000 arguments in [−π/2, π/2]")
    func sine() {
        let worst = PortableMathReference.sine.map { x, expected in
            Self.ulps(PortableMath.sin(Double(bitPattern: x)), Double(bitPattern: expected))
        }.max() ?? 0
        #expect(worst <= 2)
    }

    @Test("asin is within 2 ulps of the correctly rounded value at 1,000 arguments in [−1, 1]")
    func arcsine() {
        let worst = PortableMathReference.arcsine.map { x, expected in
            Self.ulps(PortableMath.asin(Double(bitPattern: x)), Double(bitPattern: expected))
        }.max() ?? 0
        #expect(worst <= 2)
    }

    @Test("Signs, zeros and the domain: asin is odd, NaN beyond ±1")
    func edges() {
        #expect(PortableMath.asin(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(PortableMath.asin(1.5).isNaN)
        #expect(PortableMath.asin(-0.3) == -PortableMath.asin(0.3))
        #expect(PortableMath.sin(-0.3) == -PortableMath.sin(0.3))
    }
}
