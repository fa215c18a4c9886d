import Foundation
import MercatorCore

/// What a map shows: the rule every numeric bound of a defect property is derived from
/// (PROTOCOL.md, "What a correct program may do").
///
/// A numeric difference is a defect when a map user would see it, or when it breaks a
/// contract: an invalid region, a point outside its fit, the wrong level, NaN, a point on the
/// wrong side of the antimeridian, an order reversed. *Would see it* means beyond the pixel
/// a renderer draws the position in, at the zoom the request names (`project`, `unproject`,
/// `span`), or at the scale the request's view shows the region (the getter's reading, a
/// fit). A program may answer the nearest whole pixel there (±½ px), or the pixel that
/// contains the point (floor: up to 1 px toward the origin, as pixel-index and tile APIs
/// answer); one pixel either way holds both, and that is what every position may move, on
/// top of the rounding budget of the doubles (`ErrorBudget`).
///
/// Why not half a pixel of one fixed world (the documents' 2^29 px, ZoomCheck's rule until
/// 2.1): it measured agreement with ZoomCheck's own arithmetic, not what a map shows. At
/// zoom 0 it allowed 5e-7 px, so a correct program on whole pixels at its zoom failed by
/// 0.42 px that nobody can see; at zoom 28 it allowed 128 px that everybody can.
///
/// A program may promise finer accuracy (`pixelGrid`: a fixed world's grid, or none). The
/// promise is a convention (`positions-keep-the-declared-grid`); undeclared, a difference
/// below this rule but above ZoomCheck's own accuracy is reported there, not failed.
enum MapPixel {
    /// The most one position may move, in pixels at the zoom it is shown at.
    static let pixels = 1.0

    /// One pixel of longitude in a world `worldWidth` pixels wide, in degrees: 360 / W.
    static func longitudeDegrees(worldWidth: Double) -> Double { pixels * 360 / worldWidth }

    /// One pixel of latitude at `latitude` in a world `worldWidth` pixels wide, in degrees:
    /// 360 · cos φ / W (dφ/dy of the Mercator rows).
    static func latitudeDegrees(worldWidth: Double, atLatitude latitude: Double) -> Double {
        pixels * 360 * ErrorBudget.cosine(ofLatitude: latitude) / worldWidth
    }

    /// The width in points of the world at the scale a view of `viewport` shows `region`:
    /// the axis that binds (the smaller world: the region's longitudes across the width, or
    /// its rows, clipped to the Mercator band, down the height), and no finer than
    /// `topZoom` allows, a map that cannot zoom in further showing a smaller region at its top
    /// zoom. `topZoom` is read in tile256 levels (256-pt tiles: the coarser numbering, so the
    /// larger pixel), since a fit's request names a view and no convention.
    static func shownWorld(of region: Region, in viewport: Viewport, topZoom: Double) -> Double {
        let band = MercatorMath.latitudeLimit
        func banded(_ latitude: Double) -> Double { Swift.min(band, Swift.max(-band, latitude)) }
        let span = region.span
        let byLongitude = span.longitudeDelta > 0 ? 360 * viewport.widthInPoints / span.longitudeDelta : .infinity
        let north = banded(region.center.latitude + span.latitudeDelta / 2)
        let south = banded(region.center.latitude - span.latitudeDelta / 2)
        let rows = SpanReference.y(latitude: south, world: 1) - SpanReference.y(latitude: north, world: 1)
        let byLatitude = rows > 0 ? viewport.heightInPoints / rows : .infinity
        let top = ZoomConvention.tile256.worldWidth(atZoom: topZoom)
        return Swift.min(byLongitude, byLatitude, top)
    }
}

extension Capabilities.PixelGrid {
    /// The most a position on this grid may move, in pixels of a world `worldWidth` wide: one
    /// pixel at the zoom for `request-zoom` (the rule itself), one pixel of the fixed world
    /// (W / 2^K of them), none for `none`.
    func pixels(worldWidth: Double) -> Double {
        switch self {
        case .requestZoom: MapPixel.pixels
        case .fixedWorld(let exponent): worldWidth / PortableMath.exp2(Double(exponent))
        case .none: 0
        }
    }
}
