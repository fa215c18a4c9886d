import Foundation

/// The four pixel-space conversions of 000 ("Latitudes and Longitudes to Pixels") and
/// 002 (`MKMapView+ZoomLevel.m`, "Map conversion methods"), in seed512 pixels at zoom 20.
///
/// Fidelity rules kept here (see `SeedPort` for the full list):
/// 1. `round(OFFSET + RADIUS * longitude * M_PI / 180.0)`, evaluated left to right.
/// 2. The latitude formula's `sinf`, `+`/`−`, `/` and `logf` run in single precision: the
///    radian argument `latitude * M_PI / 180.0` is a double, converted to `float` for
///    `sinf`; `1 + sinf(..)` and the quotient are `float` arithmetic; only the `logf` result
///    is widened to double for `RADIUS * ... / 2.0`.
/// 3. The inverse conversions round their *input* pixel (`round(pixelX)`), then run in
///    double precision with `exp` and `atan`.
/// 4. `sinf` and `logf` are a correctly rounded pair (`FloatLibm.portable`) unless the
///    port is built with `libm: .platform`: the documents name no libm, and a correct one is
///    the reading that gives the same pixels on every machine.
/// 5. No validation: NaN and ±∞ flow through as the C code would let them (lat ≥ ~89.98°
///    gives y = −∞ because `sinf` rounds to 1 and the quotient divides by zero).
extension SeedPort {
    /// `longitudeToPixelSpaceX:`: seed512 pixel x at zoom 20 of a longitude in degrees.
    public static func longitudeToPixelSpaceX(_ longitude: Double) -> Double {
        (mercatorOffset + mercatorRadius * longitude * Double.pi / 180.0).rounded()
    }

    /// `latitudeToPixelSpaceY:`: seed512 pixel y at zoom 20 of a latitude in degrees,
    /// through the single-precision `logf`/`sinf` path of `libm`.
    public static func latitudeToPixelSpaceY(_ latitude: Double, libm: FloatLibm = .portable) -> Double {
        let sine: Float = libm.sin(Float(latitude * Double.pi / 180.0))
        let ratio: Float = (1 + sine) / (1 - sine)
        return (mercatorOffset - mercatorRadius * Double(libm.log(ratio)) / 2.0).rounded()
    }

    /// `pixelSpaceXToLongitude:`: longitude in degrees of a seed512 pixel x at zoom 20.
    public static func pixelSpaceXToLongitude(_ pixelX: Double) -> Double {
        ((pixelX.rounded() - mercatorOffset) / mercatorRadius) * 180.0 / Double.pi
    }

    /// `pixelSpaceYToLatitude:`: latitude in degrees of a seed512 pixel y at zoom 20.
    public static func pixelSpaceYToLatitude(_ pixelY: Double) -> Double {
        (Double.pi / 2.0 - 2.0
            * PortableMath.atan(PortableMath.exp((pixelY.rounded() - mercatorOffset) / mercatorRadius))) * 180.0
            / Double.pi
    }
}
