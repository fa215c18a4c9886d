/// Generators of arrays with bounded length.
extension Gen {
    /// An array of `count.lowerBound ... count.upperBound` values drawn from `element`.
    ///
    /// Encoding: every element is preceded by a Bool choice "one more?" (0 stops); for the
    /// first `lowerBound` elements the flag is forced to 1 whatever a replay holds. Each
    /// element, with its flag, is one span, so deleting a span removes exactly one element
    /// (a later one slides into its place), and zero padding ends the array at its shortest.
    ///
    /// Generation: a target length is picked first — the minimum or the maximum with
    /// probability 1/8 each, otherwise uniform over `count` (Lemire's method) — and the flags
    /// are recorded accordingly.
    ///
    /// - Precondition: `count.lowerBound >= 0` (a programming error, not user input).
    public static func array<Element>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<[Element]>
    where Value == [Element] {
        precondition(count.lowerBound >= 0, "Gen.array needs a non-negative count")
        let minimum = count.lowerBound
        let maximum = count.upperBound
        let spread = UInt64(maximum - minimum)
        return Gen { source throws(GenerationRejection) in
            let target =
                source.mode == .generate
                ? drawTargetLength(source, minimum: minimum, maximum: maximum, spread: spread) : 0
            var result: [Element] = []
            result.reserveCapacity(source.mode == .generate ? target : minimum)
            var index = 0
            while index < maximum {
                let start = source.beginSpan()
                if index < minimum {
                    try source.chooseForced(1, kind: .boolean)
                } else {
                    let more = try source.choose(maximum: 1, kind: .boolean) { _ in index < target ? 1 : 0 }
                    if more == 0 { break }
                }
                result.append(try element.body(source))
                source.endSpan(start)
                index += 1
            }
            return result
        }
    }

    /// An array of exactly `count` values drawn from `element`.
    public static func array<Element>(of element: Gen<Element>, count: Int) -> Gen<[Element]> where Value == [Element] {
        array(of: element, count: count...count)
    }

    /// The length a collection aims for while generating: the minimum or the maximum with
    /// probability 1/8 each (the top three bits of one draw), otherwise uniform over
    /// `minimum...maximum` (Lemire's method on `spread` = maximum − minimum). Shared by
    /// arrays, sets and dictionaries so that they draw lengths the same way.
    @inline(__always) static func drawTargetLength(_ source: ChoiceSource, minimum: Int, maximum: Int, spread: UInt64)
        -> Int
    {
        switch source.rng.next() >> 61 {
        case 0: minimum
        case 1: maximum
        default: minimum + Int(source.rng.nextThrough(spread))
        }
    }
}
