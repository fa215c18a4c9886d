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

    /// Each elementary function ZoomCheck's own figures use, against mpmath at 300 arguments
    /// across its domain: none more than 1 ulp from the correctly rounded value, and at most 1 in
    /// 100 not correctly rounded (the double-double claim is: correctly rounded except within
    /// about 2^−95 of a midpoint, which random arguments essentially never hit).
    @Test(
        "exp, atan, log2, log, cos, sin and cos of degrees and the Gudermannian round as mpmath does",
        arguments: [
            ("exp", PortableMathReference.exponential, PortableMath.exp),
            ("atan", PortableMathReference.arctangent, PortableMath.atan),
            ("log2", PortableMathReference.logarithmBase2, PortableMath.log2),
            ("log", PortableMathReference.naturalLogarithm, PortableMath.log),
            ("cos", PortableMathReference.cosine, PortableMath.cos),
            ("sine(degrees:)", PortableMathReference.sineOfDegrees, { PortableMath.sine(degrees: $0) }),
            ("cosine(degrees:)", PortableMathReference.cosineOfDegrees, { PortableMath.cosine(degrees: $0) }),
            ("gudermannian", PortableMathReference.gudermannianInDegrees, { PortableMath.gudermannian(degreesOf: $0) }),
        ] as [(String, [(UInt64, UInt64)], @Sendable (Double) -> Double)]) func elementary(
            name: String, reference: [(UInt64, UInt64)], function: @Sendable (Double) -> Double
        )
    {
        var worst: UInt64 = 0
        var misrounded: [String] = []
        for (argument, expected) in reference {
            let x = Double(bitPattern: argument), exact = Double(bitPattern: expected)
            let value = function(x)
            let distance = value.sign == exact.sign || value == 0 || exact == 0 ? Self.ulps(value, exact) : .max
            worst = Swift.max(worst, distance)
            if distance > 0 { misrounded.append("\(name)(\(x)) = \(value), mpmath \(exact)") }
        }
        #expect(worst <= 1, "\(name): \(misrounded.prefix(5))")
        #expect(misrounded.count * 100 <= reference.count, "\(name): \(misrounded.prefix(5))")
    }

    @Test("The edges of the elementary functions: infinities, NaN, zeros, exact powers of two, poles")
    func elementaryEdges() {
        #expect(PortableMath.exp(.infinity) == .infinity && PortableMath.exp(-.infinity) == 0)
        #expect(PortableMath.exp(710) == .infinity && PortableMath.exp(-800) == 0 && PortableMath.exp(0) == 1)
        #expect(PortableMath.atan(.infinity) == Double.pi / 2 && PortableMath.atan(-.infinity) == -Double.pi / 2)
        #expect(
            PortableMath.atan(-0.0).bitPattern == (-0.0).bitPattern && PortableMath.atan(-2) == -PortableMath.atan(2))
        for n in -1074...1023 {
            #expect(PortableMath.log2(Double(sign: .plus, exponent: n, significand: 1)) == Double(n), "log2 2^\(n)")
        }
        #expect(PortableMath.log2(0) == -.infinity && PortableMath.log2(-1).isNaN && PortableMath.log2(.nan).isNaN)
        #expect(PortableMath.log(1) == 0 && PortableMath.log(.infinity) == .infinity)
        // Exact, unlike the cosine of the double nearest π/2.
        #expect(PortableMath.cosine(degrees: 90) == 0 && PortableMath.sine(degrees: 180) == 0)
        #expect(PortableMath.cosine(degrees: 0) == 1 && PortableMath.sine(degrees: -90) == -1)
        #expect(PortableMath.sine(degrees: .nan).isNaN && PortableMath.cosine(degrees: .infinity).isNaN)
        #expect(
            PortableMath.gudermannian(degreesOf: 40) == 90 && PortableMath.gudermannian(degreesOf: -.infinity) == -90)
        #expect(PortableMath.gudermannian(degreesOf: Double.pi) == MercatorMath.latitudeLimit)
    }
}
