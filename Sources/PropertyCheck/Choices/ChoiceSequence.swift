/// A recorded test case: the choices its generator made, in order.
///
/// Every draw of a primitive generator appends one or two unsigned 64-bit choices; replaying
/// the same sequence through the same generator rebuilds the same value. Smaller is simpler:
/// the shrinker orders sequences shortlex (shorter first, then lexicographically), and every
/// primitive maps choice 0 to its simplest value. A sequence that runs out early is padded
/// with zeros, so any sequence is a valid input to any generator.
///
/// Rendered as space-separated decimal numbers (`"1 100 0"`), the form used by reports and
/// regression files.
public struct ChoiceSequence: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The choices, in the order they were drawn.
    public var values: [UInt64]

    /// Wraps recorded choices.
    public init(_ values: [UInt64]) { self.values = values }

    /// Creates a sequence from a literal such as `[1, 100, 0]`.
    public init(arrayLiteral elements: UInt64...) { values = elements }

    /// Parses the space-separated decimal form; `nil` if any token is not a `UInt64`.
    public init?(parsing text: Substring) {
        var parsed: [UInt64] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard let value = UInt64(token, radix: 10) else { return nil }
            parsed.append(value)
        }
        values = parsed
    }

    /// Space-separated decimal choices; empty for an empty sequence.
    public var description: String { values.map { String($0) }.joined(separator: " ") }

    /// Whether `self` is strictly simpler than `other`: shorter, or as long and smaller at
    /// the first differing choice.
    public func isSimpler(than other: ChoiceSequence) -> Bool { Shortlex.isLess(values, other.values) }
}

/// The shrinker's total order on choice arrays: shorter first, then lexicographic.
enum Shortlex {
    /// Whether `lhs` precedes `rhs` in shortlex order.
    static func isLess(_ lhs: [UInt64], _ rhs: [UInt64]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        for index in lhs.indices where lhs[index] != rhs[index] { return lhs[index] < rhs[index] }
        return false
    }
}
