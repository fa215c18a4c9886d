import Foundation
import Testing
import TestSupport
@testable import MercatorCore

/// ZoomCheck's own binary32 `sinf`/`logf` against their double-double evaluation and against
/// mpmath, never against the platform's libm.
///
/// Judging by the double-double value: it is within `accurateRelativeError` (2^−90) of
/// the exact result, so when it is farther than that from every rounding midpoint its
/// rounding is the correctly rounded result, and `sin`/`log` must return exactly that.
@Suite("Correctly rounded binary32 sin and log", .tags(.accuracy)) struct CorrectlyRoundedTests {
    /// Deterministic sample mantissas for a binade: its two ends and `count` SplitMix64 draws.
    static func samples(exponentField: UInt32, count: Int) -> [Float] {
        var state = UInt64(exponentField) &* 0x9E37_79B9_7F4A_7C15
        var fractions: [UInt32] = [0, 1, 0x7F_FFFF, 0x40_0000]
        for _ in 0..<count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            fractions.append(UInt32(truncatingIfNeeded: z ^ (z >> 31)) & 0x7F_FFFF)
        }
        return fractions.map { Float(bitPattern: exponentField << 23 | $0) }
    }

    /// What `ExhaustiveCheck` asserts for one input, for the sampled tests.
    static func judge(_ x: Float, function: CorrectlyRounded.Function) -> Comment? {
        guard let reference = function.reference(x) else { return nil }
        let distance = CorrectlyRounded.relativeDistanceToMidpoint(reference)
        if distance <= CorrectlyRounded.accurateRelativeError {
            return "\(function) \(x) (0x\(String(x.bitPattern, radix: 16))): reference within 2^-90 of a midpoint"
        }
        let expected = CorrectlyRounded.nearest(function.sign(of: x) == .minus ? -reference : reference)
        let got = function.evaluate(x)
        return got.bitPattern == expected.bitPattern
            ? nil
            : "\(function) \(x) (0x\(String(x.bitPattern, radix: 16))): got \(got), reference rounds to \(expected)"
    }

    @Test(
        "256 samples in every binade (both signs for sin, subnormals included) match the rounded reference",
        arguments: CorrectlyRounded.Function.allCases) func binades(_ function: CorrectlyRounded.Function)
    {
        var failures: [Comment] = []
        for exponent in UInt32(0)...254 {
            for x in Self.samples(exponentField: exponent, count: 256) {
                for input in function == .sin ? [x, -x] : [x] {
                    if let failure = Self.judge(input, function: function) { failures.append(failure) }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test(
        """
        The hardest cases found by the exhaustive run round as mpmath says (200-bit values, \
        Reference/make_hard_cases.py)
        """, arguments: CorrectlyRoundedHardCases.all) func hardCases(_ hardCase: CorrectlyRoundedHardCases.Case)
    {
        let x = Float(bitPattern: hardCase.input)
        let got = hardCase.function.evaluate(x)
        #expect(
            got.bitPattern == hardCase.expected,
            "\(hardCase.function)(\(x)) = \(got), mpmath rounds to \(Float(bitPattern: hardCase.expected))")
        // The reference is within its bound of the exact value, and mpmath's distance to the
        // midpoint is larger than that bound, so the double-double decides the same way.
        #expect(
            hardCase.function.reference(x).map {
                CorrectlyRounded.nearest(hardCase.function.sign(of: x) == .minus ? -$0 : $0).bitPattern
            } == hardCase.expected)
        // The double-double's distance to the midpoint is mpmath's, to within the reference's
        // own error (2^−90 relative) plus the rounding of the 200-bit distance to a double.
        let distance = hardCase.function.reference(x).map(CorrectlyRounded.relativeDistanceToMidpoint) ?? .infinity
        #expect(
            (distance - hardCase.midpointDistance).magnitude <= 0x1p-89,
            "double-double \(distance), mpmath \(hardCase.midpointDistance)")
    }

    @Test("Special values: signed zeros, infinities, NaN, log 1 = 0, negative logs") func specialValues() {
        #expect(CorrectlyRounded.sin(0).bitPattern == Float(0).bitPattern)
        #expect(CorrectlyRounded.sin(-0.0).bitPattern == Float(-0.0).bitPattern)
        #expect(CorrectlyRounded.sin(.infinity).isNaN)
        #expect(CorrectlyRounded.sin(-.infinity).isNaN)
        #expect(CorrectlyRounded.sin(.nan).isNaN)
        #expect(CorrectlyRounded.sin(.leastNonzeroMagnitude) == .leastNonzeroMagnitude)
        #expect(CorrectlyRounded.log(1).bitPattern == Float(0).bitPattern)
        #expect(CorrectlyRounded.log(0) == -.infinity)
        #expect(CorrectlyRounded.log(-0.0) == -.infinity)
        #expect(CorrectlyRounded.log(.infinity) == .infinity)
        #expect(CorrectlyRounded.log(-1).isNaN)
        #expect(CorrectlyRounded.log(-.infinity).isNaN)
        #expect(CorrectlyRounded.log(.nan).isNaN)
    }

    @Test("The ambiguity test and exact rounding of a double-double: midpoints go the way lo says")
    func nearestAtMidpoints() {
        let one = 1.0, halfUlp = 0x1p-24
        #expect(CorrectlyRounded.nearest(DoubleDouble(one + halfUlp, 0x1p-80)) == Float(1).nextUp)
        #expect(CorrectlyRounded.nearest(DoubleDouble(one + halfUlp, -0x1p-80)) == 1)
        #expect(CorrectlyRounded.nearest(DoubleDouble(one + halfUlp, 0)) == 1)  // a true tie: to even
        #expect(CorrectlyRounded.nearest(DoubleDouble(one - halfUlp / 2, -0x1p-80)) == Float(1).nextDown)
        #expect(CorrectlyRounded.roundedIfUnambiguous(one + halfUlp, relativeError: 0x1p-47) == nil)
        #expect(CorrectlyRounded.roundedIfUnambiguous(one + halfUlp / 2, relativeError: 0x1p-47) == 1)
    }

    /// `ZOOMCHECK_EXHAUSTIVE=1`: every one of the 2^32 inputs of each function, in release
    /// (`bash CI/exhaustive-libm.sh`, the nightly step). Run to completion once: figures and
    /// time in Documentation/libm.md.
    @Test(
        "Exhaustive: all 2^32 inputs of sin and of log round correctly (ZOOMCHECK_EXHAUSTIVE=1)",
        .enabled(if: ProcessInfo.processInfo.environment["ZOOMCHECK_EXHAUSTIVE"] == "1"),
        arguments: CorrectlyRounded.Function.allCases) func exhaustive(_ function: CorrectlyRounded.Function)
    {
        let report = ExhaustiveCheck.run(function, magnitudes: 0...0x7FFF_FFFF)
        print(report.summary)
        #expect(report.ambiguous.isEmpty, "\(report.ambiguous.prefix(5))")
        #expect(report.mismatches.isEmpty, "\(report.mismatches.prefix(5))")
        #expect(report.checked == 1 << 32)
    }

    @Test(
        """
        The exhaustive check itself: a slice with subnormals, zeros, ln 1 and logs of negatives checks both signs \
        and flags nothing
        """, arguments: CorrectlyRounded.Function.allCases) func exhaustiveSlice(_ function: CorrectlyRounded.Function)
    {
        // Magnitudes 0...1023 (±0 and subnormals) and the 1024 floats from 1 up (ln 1 = 0).
        for magnitudes in [UInt32(0)...1023, Float(1).bitPattern...(Float(1).bitPattern + 1023)] {
            let report = ExhaustiveCheck.run(function, magnitudes: magnitudes)
            #expect(report.checked == 2048)
            #expect(report.ambiguous.isEmpty && report.mismatches.isEmpty, "\(report.summary)")
            // sin: ±0 only. log: the 1024 negative inputs (−0 among them) and +0 or ln 1.
            let special: UInt64 = function == .sin ? (magnitudes.lowerBound == 0 ? 2 : 0) : 1025
            #expect(report.special == special, "\(report.summary)")
        }
    }
}
