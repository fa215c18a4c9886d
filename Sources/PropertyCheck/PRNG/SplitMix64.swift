/// The SplitMix64 generator, used only to expand a 64-bit seed into xoshiro256** state.
///
/// Algorithm: Guy L. Steele Jr., Doug Lea and Christine H. Flood, "Fast Splittable
/// Pseudorandom Number Generators" (OOPSLA 2014), in the form of Sebastiano Vigna's
/// reference code <https://prng.di.unimi.it/splitmix64.c>: add the golden-ratio increment
/// 0x9E3779B97F4A7C15, then apply the variant-13 finaliser (shifts 30, 27, 31 and the two
/// multipliers below). Every seed, including 0, gives a well-mixed stream.
public struct SplitMix64: Sendable, Equatable {
    /// The counter, advanced by the golden-ratio increment before every output.
    @usableFromInline var state: UInt64

    /// Creates a generator whose first output mixes `seed + 0x9E3779B97F4A7C15`.
    public init(seed: UInt64) { state = seed }

    /// The next 64-bit output of the stream.
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
