import Foundation

/// The platform's libm, each result moved by −2…+2 ulps as `Freedoms.Libm` says: a libm that
/// is correct to within 2 ulps but rounds differently from glibc (V8's `Math.pow`, musl,
/// Apple's and Windows' libms). Deterministic: the same function at the same argument is
/// always off the same way, on every machine (the hash reads the argument's bits, never a
/// random source).
package struct PerturbedLibm: Hashable, Sendable {
    package var mode: Freedoms.Libm

    package init(_ mode: Freedoms.Libm) { self.mode = mode }

    /// The functions a route may call, each with its own salt so that two functions at the
    /// same argument depart independently.
    package enum Function: UInt64, Sendable {
        case pow = 1, exp2, exp, log, log2, sin, cos, tan, atan, atan2, asinh, sinh, atanh, tanh, asin
    }

    /// `value` moved by the mode's ulps for `function` at `argument` (and `second`, for the
    /// two-argument functions). Non-finite values and zeros stay as they are: a libm within
    /// 2 ulps keeps the exact cases exact (log(1) = 0, tan(0) = 0, the poles' infinities),
    /// and so do `pow(2, n)`, `exp2(n)` and `log2(2^n)` for an integer n, which every libm
    /// in use returns exactly (a world width at an integer zoom is a power of two).
    @inline(__always) func perturb(_ value: Double, _ function: Function, _ argument: Double, _ second: Double = 0)
        -> Double
    {
        guard value.isFinite, value != 0 else { return value }
        let steps: Int
        switch mode {
        case .platform: return value
        case .up: steps = 2
        case .down: steps = -2
        case .hashed:
            var hash = argument.bitPattern &* 0x9E37_79B9_7F4A_7C15 ^ function.rawValue &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= second.bitPattern &* 0x1656_67B1_9E37_79F9
            hash ^= hash >> 31
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            steps = Int(hash % 5) - 2
        }
        var result = value
        if steps > 0 { for _ in 0..<steps { result = result.nextUp } }
        if steps < 0 { for _ in 0..<(-steps) { result = result.nextDown } }
        return result.isFinite ? result : value
    }

    package func pow(_ x: Double, _ y: Double) -> Double {
        x == 2 && y == y.rounded(.down) ? Foundation.pow(x, y) : perturb(Foundation.pow(x, y), .pow, x, y)
    }
    package func exp2(_ x: Double) -> Double {
        x == x.rounded(.down) ? Foundation.exp2(x) : perturb(Foundation.exp2(x), .exp2, x)
    }
    package func exp(_ x: Double) -> Double { perturb(Foundation.exp(x), .exp, x) }
    package func log(_ x: Double) -> Double { perturb(Foundation.log(x), .log, x) }
    package func log2(_ x: Double) -> Double {
        x.significand == 1 ? Foundation.log2(x) : perturb(Foundation.log2(x), .log2, x)
    }
    /// A libm keeps each function's range: |sin|, |cos|, |tanh| ≤ 1, |atan|, |asin| ≤ π/2.
    /// `value` kept within ±`limit` (a perturbed sin or atan stays in its range); NaN stays NaN,
    /// as a libm's does.
    private func within(_ value: Double, _ limit: Double) -> Double {
        value.isNaN ? value : Swift.min(limit, Swift.max(-limit, value))
    }

    package func sin(_ x: Double) -> Double { within(perturb(Foundation.sin(x), .sin, x), 1) }
    package func cos(_ x: Double) -> Double { within(perturb(Foundation.cos(x), .cos, x), 1) }
    package func tan(_ x: Double) -> Double { perturb(Foundation.tan(x), .tan, x) }
    package func atan(_ x: Double) -> Double { within(perturb(Foundation.atan(x), .atan, x), Double.pi / 2) }
    package func atan2(_ y: Double, _ x: Double) -> Double { perturb(Foundation.atan2(y, x), .atan2, y, x) }
    package func asinh(_ x: Double) -> Double { perturb(Foundation.asinh(x), .asinh, x) }
    package func sinh(_ x: Double) -> Double { perturb(Foundation.sinh(x), .sinh, x) }
    package func atanh(_ x: Double) -> Double { perturb(Foundation.atanh(x), .atanh, x) }
    package func tanh(_ x: Double) -> Double { within(perturb(Foundation.tanh(x), .tanh, x), 1) }
    package func asin(_ x: Double) -> Double { within(perturb(Foundation.asin(x), .asin, x), Double.pi / 2) }
}
