/// How far a region's latitude delta may reach: a region stays within the poles.
///
/// MapKit reads a region as `centre ± latitudeDelta / 2` in degrees (`Region.isValid`), so a
/// delta above `2 (90 − |centre|)` reaches past a pole and the region is invalid. The
/// corrected core clamps every latitude delta it returns (`region(centeredAt:)` and `fit`)
/// with `clamp(_:centeredAt:)`; the clamp only binds at low zoom, where a viewport holds more
/// latitude than a region symmetric about its centre can describe, and for fits of points
/// near a pole. The control panel's routes use the same clamp; the catalogue's properties
/// use `room(centeredAt:)` as their reference.
public enum PoleLimit {
    /// The room between a centre latitude and the nearer pole, both ways: `2 (90 − |latitude|)`
    /// in degrees, evaluated once in double arithmetic (exact for every latitude whose
    /// distance to the pole is representable; otherwise one rounding, ≤ 0.5 ulp of 180).
    ///
    /// - Parameter latitude: Degrees, -90...90.
    public static func room(centeredAt latitude: Double) -> Double { 2 * (90 - abs(latitude)) }

    /// The largest latitude delta, in degrees, a region centred at `latitude` can have and
    /// stay within the poles: `room(centeredAt:)`, at most 180, then stepped down by ulps until
    /// `latitude ± delta / 2` does not pass ±90 in double arithmetic (the subtraction can
    /// round up by half an ulp). Never negative.
    ///
    /// - Parameter latitude: Degrees, -90...90.
    public static func delta(centeredAt latitude: Double) -> Double {
        var delta = Swift.min(180, room(centeredAt: latitude))
        while delta > 0, latitude + delta / 2 > 90 || latitude - delta / 2 < -90 { delta = delta.nextDown }
        return Swift.max(0, delta)
    }

    /// `latitudeDelta` clamped to `0...delta(centeredAt: latitude)`, in degrees.
    public static func clamp(_ latitudeDelta: Double, centeredAt latitude: Double) -> Double {
        Swift.min(Swift.max(0, latitudeDelta), delta(centeredAt: latitude))
    }
}
