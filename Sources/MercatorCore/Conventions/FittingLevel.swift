/// ZoomCheck's `fitting` level rule (`Capabilities.LevelRounding.fitting`): the integer
/// `level` a getter reports is the largest zoom in `lowest...highest` whose span still holds
/// the region.
///
/// It is decided by comparing spans computed by the implementation's own span formula, never
/// by flooring a logarithm, so a zoom that is an integer up to rounding reads back as that
/// integer (flooring a zoom one rounding below 15 would give 14 for a region set at zoom 15). The
/// corrected core's `zoom(of:viewport:convention:)` and the control panel's getters keep it;
/// Leaflet's `getBoundsZoom` floors the same way.
public enum FittingLevel {
    /// The lowest level a getter reports: `InputPolicy.supportedZooms`' lower bound, 0.
    public static let lowest = Int(InputPolicy.supportedZooms.lowerBound)
    /// The highest level a getter reports: `InputPolicy.supportedZooms`' upper bound, 28.
    public static let highest = Int(InputPolicy.supportedZooms.upperBound)

    /// The largest level in `lowest...highest` for which `holds` is true (or `lowest` when
    /// none is), found by walking from `floor(zoom)` clamped to the range: up while the next
    /// level holds, then down while the current one does not. `holds` is assumed monotone
    /// (true up to some level, false above), as a span that shrinks with the zoom makes it.
    ///
    /// - Parameters:
    ///   - zoom: The fractional zoom, the starting guess (a non-finite zoom starts at `lowest`).
    ///   - holds: Whether the span at an integer level holds the region.
    public static func largest(near zoom: Double, holds: (Int) -> Bool) -> Int {
        let guess = zoom.isFinite ? zoom.rounded(.down) : 0
        var level = Int(Swift.min(Double(highest), Swift.max(Double(lowest), guess)))
        while level < highest, holds(level + 1) { level += 1 }
        while level > lowest, !holds(level) { level -= 1 }
        return level
    }
}
