import PropertyCheck

/// The standard failing properties (Documentation/internals.md, "Shrinking") and the minimal
/// counterexamples they must shrink to. The shrink-quality suite (`ShrinkQualityTests`) holds the
/// engine to them; `EngineBenchmark` times them.
///
/// - Warning: Not API. Public only so that `zoomcheck bench` and the engine's tests can reach
///   it: `PropertyCheckBenchmarks` is no product of the package and may change without notice.
package enum StandardShrinks {
    /// Cases to allow: enough for the narrow double window (hit about once in 11 400 draws).
    package static let caseCount = 200_000

    /// The configuration every use of the standard shrinks runs them with: `seed`,
    /// ``caseCount`` cases, and one distinct failure. They measure shrinking; a run that went
    /// on looking for other kinds of failure (``RunConfiguration/distinctFailureLimit``) would
    /// spend the rest of its 200,000-case budget generating cases that fail the same way.
    package static func configuration(seed: UInt64) -> RunConfiguration {
        var configuration = RunConfiguration(settings: RunSettings(seed: Seed(seed), caseCount: caseCount))
        configuration.distinctFailureLimit = 1
        return configuration
    }

    /// Integer in 0...10 000, fails when x ≥ 1000 → 1000.
    package static let integerAtLeast1000 = Property("standard: integer below 1000", .int(in: 0...10_000)) { x in
        try ensure(x < 1000, "\(x) ≥ 1000")
    }

    /// Array of integers in 0...1000, fails when the sum ≥ 100 → [100].
    package static let arraySumAtLeast100 = Property(
        "standard: array sum below 100", .array(of: .int(in: 0...1000), count: 0...20)
    ) { xs in try ensure(xs.reduce(0, +) < 100, "sum \(xs.reduce(0, +)) ≥ 100") }

    /// Array of integers, fails when it differs from its reverse → [0, 1].
    package static let arrayNotPalindrome = Property(
        "standard: array equals its reverse", .array(of: .int(in: -1000...1000), count: 0...20)
    ) { xs in try ensure(xs == xs.reversed(), "\(xs) differs from its reverse") }

    /// Pair of integers in 0...100, fails when a + b ≥ 50 → (0, 50).
    package static let pairSumAtLeast50 = Property(
        "standard: pair sum below 50", .zip(.int(in: 0...100), .int(in: 0...100))
    ) { pair in try ensure(pair.0 + pair.1 < 50, "\(pair.0) + \(pair.1) ≥ 50") }

    /// Double in 0...1000, fails when x ≥ 1.5 → 2.
    package static let doubleAtLeast1point5 = Property("standard: double below 1.5", .double(in: 0...1000)) { x in
        try ensure(x < 1.5, "\(x) ≥ 1.5")
    }

    /// Double in 0...1000, fails when 1.45 < x < 1.55 → 1.5.
    package static let doubleNear1point5 = Property("standard: double outside (1.45, 1.55)", .double(in: 0...1000)) {
        x in try ensure(!(x > 1.45 && x < 1.55), "\(x) is in (1.45, 1.55)")
    }

    /// Double in -180...180, fails when |x| > 179 → 180.
    package static let doubleBeyond179 = Property("standard: |double| at most 179", .double(in: -180...180)) { x in
        try ensure(abs(x) <= 179, "|\(x)| > 179")
    }

    /// n in 1...20, then n integers in 0...100, fails when any element > 10 → [11].
    package static let flatMapElementAbove10 = Property(
        "standard: flatMap elements at most 10",
        Gen.int(in: 1...20).flatMap { n in Gen.array(of: .int(in: 0...100), count: n) }
    ) { xs in try ensure(xs.allSatisfy { $0 <= 10 }, "\(xs) has an element > 10") }

    /// One standard shrink, type-erased for the benchmark.
    package struct Case: Sendable {
        /// The property's name.
        package let name: String
        /// The expected minimal counterexample, pretty-printed.
        package let expectedMinimal: String
        /// Runs the property with a configuration.
        package let run: @Sendable (RunConfiguration) -> (result: PropertyResult, timing: RunTiming)
    }

    /// All standard shrinks: the eight classic ones (integers, arrays, a pair, doubles, a
    /// `flatMap`), then one per further generator (integer widths, half-open ranges, floats,
    /// text, optionals, sets, dictionaries, recursion) and the antimeridian fit.
    package static var all: [Case] {
        [
            erase(integerAtLeast1000, expecting: "1000"), erase(arraySumAtLeast100, expecting: "[100]"),
            erase(arrayNotPalindrome, expecting: "[0, 1]"), erase(pairSumAtLeast50, expecting: "(0, 50)"),
            erase(doubleAtLeast1point5, expecting: "2.0"), erase(doubleNear1point5, expecting: "1.5"),
            erase(doubleBeyond179, expecting: "180.0"), erase(flatMapElementAbove10, expecting: "[11]"),
            erase(int8Above100, expecting: "101"), erase(uint64HighBit, expecting: "9223372036854775808"),
            erase(halfOpenInt, expecting: "50"), erase(halfOpenDouble, expecting: "0.5"),
            erase(floatAtLeast1point5, expecting: "2.0"), erase(stringWithUppercase, expecting: "A"),
            erase(nonASCIICharacter, expecting: "U+80"), erase(optionalAtLeast10, expecting: "Optional(10)"),
            erase(setOfThree, expecting: "[0, 1, 2]"), erase(dictionaryWithTrue, expecting: "[0: true]"),
            erase(treeSumAtLeast10, expecting: "(1 9)"),
            erase(antimeridianFit, expecting: "[(0.0, 170.0), (0.0, -180.0)]"),
        ]
    }

    static func erase<Value>(_ property: Property<Value>, expecting expected: String) -> Case {
        Case(name: property.name, expectedMinimal: expected) { configuration in
            let run = property.run(configuration)
            return (run.result, run.timing)
        }
    }
}
