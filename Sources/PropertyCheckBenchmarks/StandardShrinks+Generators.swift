import PropertyCheck

/// Standard failing properties over the generators beyond integers and doubles, and the
/// antimeridian fit, each with the minimal counterexample it must shrink to.
extension StandardShrinks {
    /// Int8, any value, fails when x > 100 → 101.
    package static let int8Above100 = Property("standard: Int8 at most 100", Gen<Int8>.integer) { x in
        try ensure(x <= 100, "\(x) > 100")
    }

    /// UInt64, any value, fails at 2^63 or more → 9223372036854775808 (the wide unsigned path).
    package static let uint64HighBit = Property("standard: UInt64 below 2^63", Gen<UInt64>.integer) { x in
        try ensure(x < 1 << 63, "\(x) ≥ 2^63")
    }

    /// Int in the half-open 0..<100, fails when x ≥ 50 → 50.
    package static let halfOpenInt = Property("standard: int in 0..<100 below 50", Gen.int(in: 0..<100)) { x in
        try ensure(x < 50, "\(x) ≥ 50")
    }

    /// Double in the half-open 0..<1, fails when x ≥ 0.5 → 0.5.
    package static let halfOpenDouble = Property("standard: double in 0..<1 below 0.5", Gen.double(in: 0..<1)) { x in
        try ensure(x < 0.5, "\(x) ≥ 0.5")
    }

    /// Float in 0...1000, fails when x ≥ 1.5 → 2.
    package static let floatAtLeast1point5 = Property("standard: Float below 1.5", Gen.float(in: 0...1000)) { x in
        try ensure(x < 1.5, "\(x) ≥ 1.5")
    }

    /// Printable ASCII strings, fail when one holds an uppercase letter → "A".
    package static let stringWithUppercase = Property(
        "standard: strings without uppercase", Gen.string(in: .asciiPrintable, count: 0...20)
    ) { text in try ensure(!text.contains { $0.isUppercase }, "\(text.debugDescription) has an uppercase letter") }

    /// Any Unicode character, fails when it is not ASCII → U+0080, the first non-ASCII scalar.
    package static let nonASCIICharacter = Property(
        "standard: characters are ASCII", Gen.character(in: .unicode),
        describe: { $0.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined() }
    ) { character in try ensure(character.isASCII, "\(character) is not ASCII") }

    /// Optional integer, fails when it holds 10 or more → Optional(10).
    package static let optionalAtLeast10 = Property("standard: optional below 10", Gen.optional(of: .int(in: 0...1000)))
    { x in if let x { try ensure(x < 10, "\(x) ≥ 10") } }

    /// Set of integers, fails with 3 or more elements → [0, 1, 2].
    package static let setOfThree = Property(
        "standard: sets smaller than 3", Gen.set(of: .int(in: 0...100), count: 0...10), describe: { "\($0.sorted())" }
    ) { set in try ensure(set.count < 3, "\(set.count) elements") }

    /// Dictionary of Bools by integer key, fails when a value is true → [0: true].
    package static let dictionaryWithTrue = Property(
        "standard: dictionaries of false", Gen.dictionary(keys: .int(in: 0...9), values: Gen.bool, count: 0...10),
        describe: { dictionary in
            "[" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
        }
    ) { dictionary in try ensure(!dictionary.values.contains(true), "a value is true") }

    /// A binary tree of at most 5 levels.
    package indirect enum Tree: Sendable, Equatable, CustomStringConvertible {
        /// A leaf holding a number.
        case leaf(Int)
        /// A node with two subtrees.
        case node(Tree, Tree)

        /// The sum of the leaves.
        package var sum: Int {
            switch self {
            case let .leaf(value): value
            case let .node(left, right): left.sum + right.sum
            }
        }

        /// `3` for a leaf, `(left right)` for a node.
        package var description: String {
            switch self {
            case let .leaf(value): "\(value)"
            case let .node(left, right): "(\(left) \(right))"
            }
        }
    }

    /// Trees of at most 5 levels with leaves in 0...9, fail when the leaves sum to 10 or
    /// more → a node of leaves 1 and 9, `(1 9)`: a single leaf cannot reach 10, and the
    /// first leaf is as small as a second leaf in 0...9 allows.
    package static let treeSumAtLeast10 = Property(
        "standard: tree sums below 10",
        Gen<Tree>.recursive(depth: 5, leaf: Gen.int(in: 0...9).map(Tree.leaf)) { child in
            Gen.zip(child, child).map(Tree.node)
        }
    ) { tree in try ensure(tree.sum < 10, "\(tree) sums to \(tree.sum)") }

    /// The antimeridian fit: 2...10 points at a start longitude in 170...180 plus offsets in
    /// 0...10 (wrapped to -180 from 180 on), latitudes in -60...60, fitted by a bounding box
    /// (the documents' fit: max − min longitude, padded × 1.15, clamped to 360°). Points on
    /// both sides of ±180° are fitted as the whole world, so it fails whenever they straddle
    /// → `[(0.0, 170.0), (0.0, -180.0)]`: the lowest start, the first offset 0 and the
    /// second 10. Reaching it from `start = 179, offsets {1, 0}` takes both new passes: a
    /// double lowered while another is raised, and elements reordered.
    package static let antimeridianFit = Property(
        "standard: bounding-box fit across ±180° is not the whole world",
        Gen.zip(
            Gen.double(in: 170...180),
            Gen.array(of: Gen.zip(Gen.double(in: -60...60), Gen.double(in: 0...10)), count: 2...10)
        ).map { start, offsets in
            offsets.map { latitude, offset -> (Double, Double) in
                let longitude = start + offset
                return (latitude, longitude >= 180 ? longitude - 360 : longitude)
            }
        }, describe: { points in "[" + points.map { "(\($0.0), \($0.1))" }.joined(separator: ", ") + "]" }
    ) { points in
        let longitudes = points.map(\.1)
        let boxWidth = (longitudes.max() ?? 0) - (longitudes.min() ?? 0)
        let fittedDelta = Swift.min(360, boxWidth * boundingBoxPadding)
        try ensure(fittedDelta < 360, "fitted as the whole world (Δlon \(fittedDelta)°)")
    }

    /// The documents' fit padding: the bounding box grows by 15%.
    static let boundingBoxPadding = 1.15
}
