/// The largest latitude delta a region centred at a latitude can have and stay within the poles.
///
/// MapKit reads a region as `centre ± latitudeDelta / 2`, so a delta above
/// `2 (90 − |centre|)` reaches past a pole and the region is invalid. This clamp only binds at
/// low zoom, where a viewport holds more latitude than a region symmetric about its centre can
/// describe (see `WebMercator+Span.swift`).
enum PoleLimit {
    /// `2 (90 − |latitude|)` in degrees, then stepped down by ulps until `latitude ± delta / 2`
    /// compares within ±90 in double arithmetic (the subtraction can round up by half an ulp).
    static func delta(centeredAt latitude: Double) -> Double {
        var delta = min(180, 2 * (90 - abs(latitude)))
        while delta > 0, abs(latitude) + delta / 2 > 90 { delta = delta.nextDown }
        return max(0, delta)
    }

    /// A latitude delta clamped to 0...`delta(centeredAt:)`.
    static func clamp(_ latitudeDelta: Double, centeredAt latitude: Double) -> Double {
        min(max(0, latitudeDelta), delta(centeredAt: latitude))
    }
}
