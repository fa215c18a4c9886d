/// The shrink passes, in the order each round runs them.
///
/// Deletions come first (they remove the most), then value simplifications, then moves
/// between values that only pay off once the rest is small.
enum ShrinkPass: CaseIterable, Sendable, CustomStringConvertible {
    /// Delete each recorded span (array element, flatMap body, filter attempt).
    case deleteSpans
    /// Delete runs of 8, 4, 2 and 1 consecutive choices.
    case deleteChunks
    /// Set every choice of a span to zero.
    case zeroSpans
    /// Binary-search each integer and Bool choice toward zero.
    case lowerIntegers
    /// Lower a choice while raising the next one to its maximum (switch branch, keep failing).
    case lowerWithRaisedSuccessor
    /// Move doubles toward simple values: positive, integral, fewer digits, smaller.
    case simplifyDoubles
    /// Move an amount from an integer choice to a later one.
    case redistribute
    /// Swap side-by-side spans when the later one is simpler (elements toward canonical order).
    case reorderSpans
    /// Lower a double while raising a later one by the same amount.
    case moveDoubleAmounts

    /// The pass's name, as shown in shrink traces.
    var description: String {
        switch self {
        case .deleteSpans: "delete spans"
        case .deleteChunks: "delete chunks"
        case .zeroSpans: "zero spans"
        case .lowerIntegers: "lower integers"
        case .lowerWithRaisedSuccessor: "lower with raised successor"
        case .simplifyDoubles: "simplify doubles"
        case .redistribute: "redistribute"
        case .reorderSpans: "reorder spans"
        case .moveDoubleAmounts: "move double amounts"
        }
    }

    /// Runs this pass once over the shrinker's current case.
    func apply(to shrinker: Shrinker) {
        switch self {
        case .deleteSpans: shrinker.deleteSpans()
        case .deleteChunks: shrinker.deleteChunks()
        case .zeroSpans: shrinker.zeroSpans()
        case .lowerIntegers: shrinker.lowerIntegers()
        case .lowerWithRaisedSuccessor: shrinker.lowerWithRaisedSuccessor()
        case .simplifyDoubles: shrinker.simplifyDoubles()
        case .redistribute: shrinker.redistribute()
        case .reorderSpans: shrinker.reorderSpans()
        case .moveDoubleAmounts: shrinker.moveDoubleAmounts()
        }
    }
}
