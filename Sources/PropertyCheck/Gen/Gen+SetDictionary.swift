/// Sets and dictionaries.
extension Gen {
    /// Most element draws per set or dictionary element: duplicates are redrawn, within
    /// `duplicateBudget × maximum + 100` draws in all, after which the case is discarded.
    static var duplicateBudget: Int { 10 }

    /// A set of `count` distinct elements of `element`; shrinks toward fewer, simpler
    /// elements.
    ///
    /// Encoding as `Gen.array(of:count:)`: each draw is preceded by a "one more?" flag
    /// (forced while the set is below `count.lowerBound`); a duplicate draw adds nothing and
    /// the next flag decides again. When `element` cannot supply enough distinct values the
    /// case is discarded (``GenerationRejection/Reason/filterBudgetExhausted(filter:attempts:)``).
    ///
    /// - Precondition: `count.lowerBound >= 0`.
    public static func set<Element: Hashable & Sendable>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<
        Set<Element>
    > where Value == Set<Element> {
        Gen<[(Element, Void)]>.distinct(element, values: Gen<Void>.constant(()), count: count, name: "Gen.set").map {
            Set($0.map(\.0))
        }
    }

    /// A dictionary of `count` entries: distinct keys from `keys`, each with a value from
    /// `values`; shrinks toward fewer entries, simpler keys and simpler values.
    ///
    /// Encoding as ``set(of:count:)``, each new key followed by its value.
    public static func dictionary<Key: Hashable & Sendable, Element: Sendable>(
        keys: Gen<Key>, values: Gen<Element>, count: ClosedRange<Int>
    ) -> Gen<[Key: Element]> where Value == [Key: Element] {
        Gen<[(Key, Element)]>.distinct(keys, values: values, count: count, name: "Gen.dictionary").map {
            Dictionary($0, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Distinct keys, each with a value, in draw order.
    static func distinct<Key: Hashable & Sendable, Element: Sendable>(
        _ keys: Gen<Key>, values: Gen<Element>, count: ClosedRange<Int>, name: String
    ) -> Gen<[(Key, Element)]> where Value == [(Key, Element)] {
        precondition(count.lowerBound >= 0, "\(name) needs a non-negative count")
        let minimum = count.lowerBound
        let maximum = count.upperBound
        let spread = UInt64(maximum - minimum)
        let drawLimit = duplicateBudget * maximum + 100
        return Gen { source throws(GenerationRejection) in
            let target =
                source.mode == .generate
                ? drawTargetLength(source, minimum: minimum, maximum: maximum, spread: spread) : 0
            var seen = Set<Key>()
            var entries: [(Key, Element)] = []
            var draws = 0
            while seen.count < maximum {
                draws += 1
                if draws > drawLimit {
                    throw GenerationRejection(
                        reason: .filterBudgetExhausted(filter: "\(name): distinct elements", attempts: drawLimit))
                }
                let start = source.beginSpan()
                if seen.count < minimum {
                    try source.chooseForced(1, kind: .boolean)
                } else {
                    let size = seen.count
                    let more = try source.choose(maximum: 1, kind: .boolean) { _ in size < target ? 1 : 0 }
                    if more == 0 { break }
                }
                let key = try keys.body(source)
                if seen.insert(key).inserted { entries.append((key, try values.body(source))) }
                source.endSpan(start)
            }
            return entries
        }
    }
}
