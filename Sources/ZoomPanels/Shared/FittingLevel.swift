/// The integer `level` of a getter that keeps ZoomCheck's `fitting` rule.
///
/// The level is the largest integer zoom in 0...28 whose span still holds the region. It is
/// decided by comparing spans computed by the implementation's own span formula, never by
/// flooring a logarithm, so a zoom that is an integer up to rounding reads as that integer.
enum FittingLevel {
    /// Lowest and highest levels a getter reports (the supported zooms 0...28).
    static let lowest = 0, highest = 28

    /// The largest level in `lowest...highest` for which `holds` is true (or `lowest`), found
    /// by walking from `floor(zoom)`.
    ///
    /// - Parameters:
    ///   - zoom: The fractional zoom, the starting guess.
    ///   - holds: Whether the span at an integer level holds the region.
    static func largest(near zoom: Double, holds: (Int) -> Bool) -> Int {
        let guess = zoom.isFinite ? zoom.rounded(.down) : 0
        var level = Int(min(Double(highest), max(Double(lowest), guess)))
        while level < highest, holds(level + 1) { level += 1 }
        while level > lowest, !holds(level) { level -= 1 }
        return level
    }
}
