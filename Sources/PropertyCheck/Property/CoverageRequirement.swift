/// A minimum share of generated cases that must carry a label (QuickCheck's `cover`).
///
/// Judged once all generated cases passed, over generated cases only (explicit examples and
/// regressions are not counted). Rule: the requirement fails when the upper bound of the
/// Wilson score interval for the observed share, at 99% confidence (z = 2.576), lies below
/// `minimumShare` — that is, when the generator is confidently under-producing the class.
/// With few cases the interval is wide and the requirement passes; a share just under the
/// minimum passes too. Deterministic for a fixed seed.
public struct CoverageRequirement: Sendable, Equatable {
    /// The label whose share is required.
    public let label: String
    /// The required share of generated cases, in 0...1.
    public let minimumShare: Double

    /// z for a two-sided 99% interval.
    static let confidenceZ = 2.576

    /// Requires at least `minimumShare` (0...1) of generated cases to carry `label`.
    public init(_ label: String, minimumShare: Double) {
        self.label = label
        self.minimumShare = minimumShare
    }

    /// Whether `count` labelled cases out of `total` confidently fall short.
    public func isViolated(count: Int, total: Int) -> Bool {
        guard total > 0 else { return false }
        return Self.wilsonUpperBound(successes: count, trials: total) < minimumShare
    }

    /// Upper bound of the Wilson score interval with `z = 2.576`.
    static func wilsonUpperBound(successes: Int, trials: Int) -> Double {
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = confidenceZ * confidenceZ
        let centre = p + z2 / (2 * n)
        let spread = confidenceZ * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return (centre + spread) / (1 + z2 / n)
    }
}
