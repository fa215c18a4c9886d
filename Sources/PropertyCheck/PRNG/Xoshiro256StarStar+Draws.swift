/// Draws derived from raw 64-bit outputs by the engine's own, documented mappings.
///
/// These replace `Double.random(in:using:)` and `Int.random(in:using:)`, whose algorithms
/// belong to the standard library and may change between toolchains.
extension Xoshiro256StarStar {
    /// A double uniformly distributed over [0, 1) on a grid of 2^-53.
    ///
    /// Method: keep the top 53 bits of one output (`next() >> 11`), convert exactly to a
    /// double, multiply by 2^-53. Every result is exact; 1.0 is never returned.
    @inlinable @inline(__always) public mutating func nextUnitDouble() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// An integer uniformly distributed over `0 ..< bound`, for `bound >= 1`.
    ///
    /// Method: Daniel Lemire, "Fast Random Integer Generation in an Interval" (ACM TOMACS
    /// 29(1), 2019): multiply one output by `bound` to a 128-bit product and keep the high
    /// word; when the low word falls below `2^64 mod bound`, reject and draw again, so the
    /// result is exactly uniform. Usually one output, never a division on the fast path.
    @inlinable public mutating func nextBelow(_ bound: UInt64) -> UInt64 {
        precondition(bound >= 1, "nextBelow needs a bound of at least 1")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
    }

    /// An integer uniformly distributed over `0 ... maximum` (all 2^64 values when
    /// `maximum == UInt64.max`, where the raw output is returned).
    @inlinable public mutating func nextThrough(_ maximum: UInt64) -> UInt64 {
        maximum == .max ? next() : nextBelow(maximum &+ 1)
    }
}
