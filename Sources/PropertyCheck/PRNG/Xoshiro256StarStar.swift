/// The xoshiro256** pseudo-random generator: the engine's only source of randomness.
///
/// Algorithm: David Blackman and Sebastiano Vigna, "Scrambled Linear Pseudorandom Number
/// Generators" (ACM TOMS 47(4), 2021), reference code <https://prng.di.unimi.it/xoshiro256starstar.c>.
/// The 256-bit state is filled from four consecutive outputs of ``SplitMix64`` seeded with
/// the run's seed, as the authors recommend; SplitMix64 never yields four zero words, so the
/// state is never all-zero. Output: `rotl(s1 * 5, 7) * 9`.
///
/// The stream for a seed is fixed by this file alone (no toolchain random API is involved);
/// `Xoshiro256StarStarTests` pins the first outputs for three seeds.
public struct Xoshiro256StarStar: Sendable, Equatable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates the generator for `seed` by drawing four words from `SplitMix64(seed:)`.
    public init(seed: UInt64) {
        var expander = SplitMix64(seed: seed)
        s0 = expander.next()
        s1 = expander.next()
        s2 = expander.next()
        s3 = expander.next()
    }

    /// The next 64 uniformly distributed bits (always inlined: a draw is a few instructions,
    /// and a call per draw was a measurable share of the engine's loop).
    @inlinable @inline(__always) public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// `x` rotated left by `k` (1 through 63): masking shifts and always inlined, so that a
    /// draw is a handful of instructions (the checked shifts, in a call the optimizer did
    /// not inline into large generators, cost the engine's loop about a tenth of its time).
    @inlinable @inline(__always) func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 { (x &<< k) | (x &>> (64 &- k)) }
}
