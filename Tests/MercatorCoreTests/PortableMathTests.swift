import Testing
import TestSupport
@testable import MercatorCore

/// `PortableMath` against mpmath (`PortableMathReference`, correctly rounded values).
@Suite("Portable sine and arcsine", .tags(.accuracy)) struct PortableMathTests {
    /// The distance in ulps between two finite doubles of the same sign (bit patterns).
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        guard a != b else { return 0 }
        let x = Int64(bitPattern: a.bitPattern & ~(1 << 63)), y = Int64(bitPattern: b.bitPattern & ~(1 << 63))
        return (x - y).magnitude
    }

    @Test("sin is within 2 ulps of the correctly rounded value at 1,000 arguments in [−π/2, π/2]") func sine() {
        let worst =
            PortableMathReference.sine.map { x, expected in
                Self.ulps(PortableMath.sin(Double(bitPattern: x)), Double(bitPattern: expected))
            }.max() ?? 0
        #expect(worst <= 2)
    }

    @Test("asin is within 2 ulps of the correctly rounded value at 1,000 arguments in [−1, 1]") func arcsine() {
        let worst =
            PortableMathReference.arcsine.map { x, expected in
                Self.ulps(PortableMath.asin(Double(bitPattern: x)), Double(bitPattern: expected))
            }.max() ?? 0
        #expect(worst <= 2)
    }

    @Test("Signs, zeros and the domain: asin is odd, NaN beyond ±1") func edges() {
        #expect(PortableMath.asin(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(PortableMath.asin(1.5).isNaN)
        #expect(PortableMath.asin(-0.3) == -PortableMath.asin(0.3))
        #expect(PortableMath.sin(-0.3) == -PortableMath.sin(0.3))
    }

    @Test(
        "exp2 is exact at integers and rounds as mpmath does (200 bits) at sample arguments, subnormal results included"
    ) func powerOfTwo() {
        for n in -1074...1023 {
            #expect(PortableMath.exp2(Double(n)) == Double(sign: .plus, exponent: n, significand: 1), "2^\(n)")
        }
        // mpmath: float(power(2, mpf(x))) at 200 bits.
        let pins: [(Double, UInt64)] = [
            (0.5, 0x3FF6_A09E_667F_3BCD), (0.1, 0x3FF1_25FB_EE25_0664), (27.999999999999996, 0x41AF_FFFF_FFFF_FFEA),
            (-5.3, 0x3F99_FDF8_BCCE_533E), (13.37, 0x40C4_AD7A_2967_B265), (0.9999999999999999, 0x3FFF_FFFF_FFFF_FFFF),
            (33.123456789, 0x4201_6DF1_BDB4_FA28), (-1074.5, 0x1),
        ]
        for (x, bits) in pins { #expect(PortableMath.exp2(x).bitPattern == bits, "2^\(x) = \(PortableMath.exp2(x))") }
        #expect(PortableMath.exp2(1024) == .infinity && PortableMath.exp2(-1076) == 0 && PortableMath.exp2(.nan).isNaN)
        #expect(PortableMath.exp2(-.infinity) == 0 && PortableMath.exp2(.infinity) == .infinity)
    }
}
