import PropertyCheck

extension FailureSize {
    /// What a map user can see: half a screen point, the most a renderer's whole-pixel
    /// rounding moves anything at 1x. A failure smaller than that is real (the verdict
    /// stands) but invisible, so the shrinker keeps a counterexample above it once it has
    /// found one (``FailureSize``).
    static let visibleScreenPoints = 0.5

    /// A failure of `amount` screen points, the unit a map user sees: a pixel of the world at
    /// the case's zoom is one point (pixels per point aside), so pixel differences at the
    /// zoom are points, and degrees become points through the degrees one point spans there.
    static func screenPoints(_ amount: Double) -> FailureSize {
        FailureSize(amount, unit: "screen pt", noticeableFrom: visibleScreenPoints)
    }
}
