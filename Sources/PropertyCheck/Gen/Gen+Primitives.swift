/// Primitive generators over Bool, integer ranges, constants and lists.
extension Gen where Value == Bool {
    /// `false` or `true` with equal probability; shrinks toward `false`.
    ///
    /// Generation: the top bit of one PRNG output.
    public static var bool: Gen<Bool> {
        Gen { source throws(GenerationRejection) in
            try source.choose(maximum: 1, kind: .boolean) { $0.next() >> 63 } == 1
        }
    }
}

extension Gen where Value == Int {
    /// Share of integer draws that pick a boundary value (the bound nearest zero, each
    /// bound), out of 2^64: one in 16.
    static let integerBoundaryThreshold: UInt64 = 1 << 60

    /// An integer in `range`, shrinking toward zero (or the bound nearest zero).
    ///
    /// Generation: with probability 1/16 one of {value nearest zero, lower bound, upper
    /// bound}; otherwise uniform over the range by Lemire's multiply-shift with rejection
    /// (``Xoshiro256StarStar/nextThrough(_:)``). The recorded choice is the value's
    /// `IntegerRank`, so replay is independent of how the value was generated.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        let ranks = IntegerRank(range)
        let boundaries: [UInt64] = [0, ranks.rank(of: range.lowerBound), ranks.rank(of: range.upperBound)]
        return Gen { source throws(GenerationRejection) in
            let rank = try source.choose(maximum: ranks.maximumRank, kind: .integer) { rng in
                let selector = rng.next()
                if selector < integerBoundaryThreshold { return boundaries[Int(selector % 3)] }
                return rng.nextThrough(ranks.maximumRank)
            }
            let value = ranks.value(ofRank: rank)
            if source.recordsDraws { source.noteInteger(value, ranks: ranks) }
            return value
        }
    }
}

extension Gen {
    /// Always `value`; draws no choices.
    public static func constant(_ value: Value) -> Gen<Value> where Value: Sendable { Gen { _ in value } }

    /// One of `elements`, uniformly; shrinks toward the first.
    ///
    /// - Precondition: `elements` is not empty (a programming error, not user input).
    public static func element(of elements: [Value]) -> Gen<Value> where Value: Sendable {
        precondition(!elements.isEmpty, "Gen.element(of:) needs at least one element")
        let last = UInt64(elements.count - 1)
        return Gen { source throws(GenerationRejection) in
            let index = try source.choose(maximum: last, kind: .integer) { $0.nextThrough(last) }
            return elements[Int(index)]
        }
    }
}
