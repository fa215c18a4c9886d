/// A faithful port of the documents' zoom arithmetic, defects included.
///
/// Fidelity rules every `SeedPort` file keeps:
/// 1. The constants as printed: `MERCATOR_OFFSET` 268435456, `MERCATOR_RADIUS`
///    85445659.44705395, `M_PI` (= `Double.pi`), the literals 180.0, 2.0, 20, 28, 1.15,
///    0.014 and 360.
/// 2. The same operations in the same order and precision: C's left-to-right evaluation,
///    `double` where the original has `double`/`CGFloat` (64-bit), `float` where it has
///    `float`, and C's implicit conversions between them (round to nearest).
/// 3. Every `round()` where the original has one (C `round`: half away from zero) and none
///    where it has none.
/// 4. Integer semantics: `NSUInteger` (unsigned 64-bit) zoom levels, `NSInteger` exponents,
///    `int` results, with C's conversions.
/// 5. The only deviation: where the Objective-C would trap, raise, or hit undefined
///    behaviour, the port returns the outcome as a value (NaN, ±∞, an invalid `Region`) or
///    throws a typed `ProjectionError` — it never crashes the process.
///
/// Sources: 000 and 002 (Troy Brant's `MKMapView+ZoomLevel` category and its explanation),
/// 001 (comments: the map-point variant, the zoom 0 and 1 failures, the "21 − zoomLevel"
/// proposal), 002 (comments: the zoom-level getter), 004 (Brian Reiter's fit routine).
public struct SeedPort: Sendable, Hashable {
    /// Which of the documents' span computations `region(centeredAt:...)` uses.
    public enum Variant: String, Sendable, Hashable, CaseIterable {
        /// 000/002, the post's code: `zoomExponent = 20 - zoomLevel` over rounded seed pixels.
        case original = "seed"
        /// 001 comment 17 (iPortable): the same code with `21 - zoomLevel`.
        case zoomExponent21 = "seed-21"
        /// 001 comment 20 (Jeff Sawatzky): the span from `MKMapPointForCoordinate` and
        /// `MKCoordinateForMapPoint` in MapKit's 2^28 world, with no rounding.
        case mapPointSpan = "seed-mappoint"

        /// The convention whose zoom levels this variant's span computation takes.
        ///
        /// The original works in the 2^29-px seed512 space. "21 − zoomLevel" zooms out one
        /// level, and the map-point variant uses a world half as wide: both then behave as
        /// tile256 zooms.
        public var nativeConvention: ZoomConvention {
            switch self {
            case .original: .seed512
            case .zoomExponent21, .mapPointSpan: .tile256
            }
        }
    }

    /// The span computation this port uses.
    public var variant: Variant
    /// The `sinf`/`logf` its single-precision path calls: ZoomCheck's correctly rounded pair
    /// by default, the platform's with `.platform`.
    public var libm: FloatLibm

    public init(variant: Variant = .original, libm: FloatLibm = .portable) {
        self.variant = variant
        self.libm = libm
    }

    /// `MERCATOR_OFFSET`: "(total pixels at zoom level 20) / 2" = 2^28.
    public static let mercatorOffset: Double = 268_435_456
    /// `MERCATOR_RADIUS`: "MERCATOR_OFFSET / pi", as printed (it is 2^28/π rounded to a double).
    public static let mercatorRadius: Double = 85_445_659.44705395
    /// The zoom whose pixel space the conversions use (the "zoom level 20" of the post).
    public static let pixelSpaceZoom: Double = 20
    /// `MIN(zoomLevel, 28)` in `setCenterCoordinate:zoomLevel:animated:`.
    public static let zoomLevelClamp: UInt = 28
}
