/// Generators that choose between alternative generators.
extension Gen {
    /// Draws from one of `generators`, chosen uniformly; shrinks toward the first.
    ///
    /// - Precondition: `generators` is not empty (a programming error, not user input).
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        precondition(!generators.isEmpty, "Gen.oneOf needs at least one generator")
        let last = UInt64(generators.count - 1)
        return Gen { source throws(GenerationRejection) in
            let start = source.beginSpan()
            let index = try source.choose(maximum: last, kind: .integer) { $0.nextThrough(last) }
            let value = try generators[Int(index)].body(source)
            source.endSpan(start)
            return value
        }
    }

    /// Draws from one of `generators`, chosen uniformly; shrinks toward the first.
    public static func oneOf(_ generators: Gen<Value>...) -> Gen<Value> { oneOf(generators) }

    /// Draws from one of `weighted` with probability proportional to its weight; shrinks
    /// toward the first listed alternative whatever the weights.
    ///
    /// Generation: r uniform on `0 ..< total weight` (Lemire's method), then the first
    /// alternative whose running weight exceeds r. The choice records the index.
    ///
    /// - Precondition: at least one alternative, weights ≥ 0 and not all zero.
    ///
    /// Inlinable, so that it is specialised in the calling module: unspecialised, every draw
    /// looked up the type metadata of its alternatives (7% of `zoomcheck check`'s CPU).
    @inlinable public static func frequency(_ weighted: [(weight: Int, generator: Gen<Value>)]) -> Gen<Value> {
        precondition(!weighted.isEmpty, "Gen.frequency needs at least one alternative")
        precondition(weighted.allSatisfy { $0.weight >= 0 }, "Gen.frequency weights must not be negative")
        let cumulative = weighted.reduce(into: [UInt64]()) { sums, entry in
            sums.append((sums.last ?? 0) + UInt64(entry.weight))
        }
        let total = cumulative.last ?? 0
        precondition(total > 0, "Gen.frequency needs a positive total weight")
        let generators = weighted.map(\.generator)
        let last = UInt64(generators.count - 1)
        return Gen { source throws(GenerationRejection) in
            let start = source.beginSpan()
            let index = try source.choose(maximum: last, kind: .integer) { rng in
                let r = rng.nextBelow(total)
                return UInt64(cumulative.firstIndex { r < $0 } ?? generators.count - 1)
            }
            let value = try generators[Int(index)].body(source)
            source.endSpan(start)
            return value
        }
    }
}
