import MercatorCore

/// C's `MIN`/`MAX` macros: `a > b ? a : b`, under which NaN loses every comparison.
enum CMacros {
    static func max(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
    static func min(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
}

/// The centre clamped into the map with `MIN(MAX(lat, -limit), limit)` instead of being
/// validated: NaN becomes the southern limit (and ±∞ a limit) and gets a valid region.
struct CentreClampSwallowsNaN: DelegatingMutant {
    var name: String { "mutant-centre-clamp-swallows-nan" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        let limit = MercatorMath.latitudeLimit
        let clamped = Coordinate(
            latitude: CMacros.min(CMacros.max(center.latitude, -limit), limit),
            longitude: CMacros.min(CMacros.max(center.longitude, -180), 180))
        return try core.region(centeredAt: clamped, zoom: zoom, viewport: viewport, convention: convention)
    }
}

/// The zoom clamped with `MIN(MAX(zoom, 0), 28)` instead of being validated: a NaN zoom
/// becomes 0 and gets a valid region.
struct ZoomClampSwallowsNaN: DelegatingMutant {
    var name: String { "mutant-zoom-clamp-swallows-nan" }

    func region(centeredAt center: Coordinate, zoom: Double, viewport: Viewport, convention: ZoomConvention)
        throws(ProjectionError) -> Region
    {
        try core.region(
            centeredAt: center, zoom: CMacros.min(CMacros.max(zoom, 0), 28), viewport: viewport, convention: convention)
    }
}
