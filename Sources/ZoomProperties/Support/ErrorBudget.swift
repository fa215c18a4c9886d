import Foundation
import MercatorCore

/// The rounding error any correct computation route may carry: every bound of a
/// defect-class property is derived from it, so that a correct implementation that computes
/// by another route (through metres as EPSG:3857 does, through [0, 1] fractions as tile
/// libraries do, through the documents' maxLng − minLng, in another evaluation order) passes.
///
/// Derivation. Let u = 2⁻⁵³ (the unit roundoff of Double). A route carries a coordinate as
/// degrees (|λ| ≤ 180: half an ulp of 180 is 2⁻⁴⁶ = 1.42e-14°), as a fraction of the world
/// in [0, 1] (half an ulp is 2⁻⁵⁴ of the world: 2.0e-14°), or as metres (|x| ≤ πR ≈ 2.0e7 m:
/// half an ulp is 1.9e-9 m = 1.7e-14°). The coarsest is the fraction: one rounding of a
/// position costs at most u/2 of the world, 180u degrees of longitude (2.0e-14°) or u/2 · W
/// pixels. We allow `roundings` = 16 such roundings per position — a route of a dozen
/// operations, each off by half an ulp, with room to spare — and the same count of relative
/// roundings (16u) for products and ratios. Latitude costs no more in pixels: near the
/// Mercator limit one ulp of a latitude (1.4e-14°) is 4u · W, inside the 16.
///
/// What this budget does not cover is a whole pixel: a program may round or floor any
/// position to a whole pixel at the zoom it is shown at (`MapPixel`, the rule of what a map
/// shows), and every property a rounded position can move allows it on top of this budget,
/// and says so.
enum ErrorBudget {
    /// u = 2⁻⁵³, half an ulp of 1.
    static let unitRoundoff = 0x1p-53
    /// Roundings allowed per position, and relative roundings per product or ratio.
    static let roundings = 16.0

    /// Absolute error of a position, in pixels of a world `worldWidth` pixels wide:
    /// `roundings` × u × W (u/2 of the world per rounding, doubled for latitude's
    /// conditioning near the Mercator limit). At zoom 20 in seed512 (W = 2²⁹): 9.5e-7 px.
    static func positionPixels(worldWidth: Double) -> Double { roundings * unitRoundoff * worldWidth }

    /// Absolute error of a row y at `latitude`, in pixels of a world `worldWidth` wide: the
    /// position budget times (1 + 1 / cos²φ).
    ///
    /// Correct routes pass through sin φ or tanh ψ, which approach 1 near the poles: the
    /// forward `ln((1 + sin φ)/(1 − sin φ))` of the [0, 1]-normalising route, and the inverse
    /// φ = asin(tanh ψ), the textbook Gudermannian, both turn a rounding of u into
    /// u / cos²φ of ψ, W/2π times that in y. At the Mercator limit (cos²φ = 0.0075) the
    /// factor is 135: 1.3e-4 px at zoom 20 in seed512, still a ten-thousandth of a pixel.
    static func rowPixels(worldWidth: Double, latitude: Double) -> Double {
        let cosine = PortableMath.cosine(degrees: Swift.min(abs(latitude), MercatorMath.latitudeLimit))
        return positionPixels(worldWidth: worldWidth) * (1 + 1 / (cosine * cosine))
    }

    /// Absolute error of a coordinate in degrees: `roundings` × 180u ≈ 3.2e-13°.
    static let coordinateDegrees = roundings * 180 * unitRoundoff

    /// Relative error of a chain of products and ratios: `roundings` × u ≈ 1.8e-15.
    static let relative = roundings * unitRoundoff

    /// Absolute error of a span `delta` degrees wide computed from its two edges (or in
    /// closed form): two edge coordinates plus the relative error of the scale factors.
    static func spanDegrees(_ delta: Double) -> Double { 2 * coordinateDegrees + relative * abs(delta) }

    /// Error of a fractional zoom read back from a span that is `spanPixels` wide in a world
    /// `worldWidth` pixels wide (both at the zoom read): the span's relative error (its two
    /// edges, each off by `positionPixels` + a whole pixel at the zoom (`MapPixel`), over
    /// `spanPixels`, plus `relative`) becomes, through log2, that error divided by ln 2; log2
    /// and the final subtraction add 2 ulps of the zoom.
    ///
    /// Example: a 320-pt view: each edge a pixel, r = 2/320, 0.0091 levels — the view's edges
    /// a pixel off where it shows the span. Without whole pixels (a declared grid of none) the
    /// doubles alone give 2.1e-13 at zoom 15.
    static func zoomReading(spanPixels: Double, worldWidth: Double, zoom: Double) -> Double {
        zoomReading(
            spanPixels: spanPixels, edgePixels: positionPixels(worldWidth: worldWidth) + MapPixel.pixels, zoom: zoom)
    }

    /// Error of a fractional zoom read from a span `spanPixels` tall whose two edges are each
    /// off by up to `edgePixels`: the span is off by r = 2 × edgePixels / spanPixels +
    /// `relative` of itself, and the zoom by −log2(1 − r) ≤ r / ((1 − r) ln 2) — not r / ln 2,
    /// which is too small once r is a sizeable fraction (a 6-pt view whose edges are each a
    /// pixel off: r = 0.33, 0.74 levels, where r / ln 2 gives 0.48) — + 2
    /// ulps. Infinite for r ≥ 1: a span narrower than its edges' rounding has no zoom to read.
    /// (A 375-pt view whose edges are each a pixel off: r = 0.0053, 0.0077 levels.)
    static func zoomReading(spanPixels: Double, edgePixels: Double, zoom: Double) -> Double {
        let ratio = 2 * edgePixels / spanPixels + relative
        guard ratio < 1 else { return .infinity }
        return ratio / ((1 - ratio) * M_LN2) + 2 * Swift.max(abs(zoom), 1).ulp
    }

    /// Error of a zoom read from a region `longitudeDelta` degrees wide on a view
    /// `widthInPoints` wide, by any correct route to the zoom: the span ratio in closed form,
    /// the difference of the logarithms of the two extents, or the region's west and east
    /// edges projected at any zoom (MapKit's map points, zoom 0's 512 px) and subtracted. The
    /// last is the worst: each edge is a coordinate (`coordinateDegrees`), and may be a whole
    /// pixel at the zoom read (`MapPixel`: at that zoom the region is `widthInPoints` pixels
    /// wide, so a pixel is 1 / widthInPoints of it), so the extent is off by
    /// r = 2 × `coordinateDegrees` / longitudeDelta + 2 / widthInPoints + `relative`, and the
    /// zoom, through log2, by −log2(1 − r) ≤ r / ((1 − r) ln 2); then 2 ulps of a value near 32
    /// for the final subtraction (20 − log2(x)). Infinite for r ≥ 1: a region narrower than
    /// the roundings of its edges has no zoom to check (only its level, which is bounded
    /// separately).
    ///
    /// Example: a 320-pt view: r = 0.0063, 0.0091 levels (its edges a pixel off on screen);
    /// a region of 1e-12° read on it, r ≥ 1: any zoom.
    static func zoomReading(longitudeDelta: Double, widthInPoints: Double, zoom: Double) -> Double {
        let ratio = 2 * coordinateDegrees / longitudeDelta + 2 * MapPixel.pixels / widthInPoints + relative
        guard ratio < 1 else { return .infinity }
        return ratio / ((1 - ratio) * M_LN2) + 2 * Swift.max(abs(zoom), 32).ulp
    }

    /// Error in degrees of a latitude that a route carries through the projection and back
    /// (a camera's bounds, computed in Mercator metres or pixels and turned into degrees):
    /// the row budget at the latitude (`rowPixelsAnywhere`, any world) times dφ/dy there,
    /// 16u · 360° · (cos φ + 1/cos φ), plus the coordinate budget. W cancels: 6.4e-13° at the
    /// equator, 7.7e-12° at the band's edge. Toward a pole 1/cos φ grows without bound, but the
    /// route cannot move a latitude further than its colatitude δ moves when sin φ = 1 − δ²/2
    /// is off by the same budget's e = 2π · 16u: |δ' − δ| ≤ √(2e) radians (8.6e-6°), which
    /// caps it from 89.99998° on (route-matrix's fit of a point at 89.99999999999999° moves
    /// it 1.7e-6°).
    static func projectedLatitudeDegrees(atLatitude latitude: Double) -> Double {
        let cosine = Swift.max(cosine(ofLatitude: latitude), .leastNormalMagnitude)
        return Swift.min(positionPixels(worldWidth: 1) * 360 * (cosine + 1 / cosine), colatitudeCapDegrees)
            + coordinateDegrees
    }

    /// √(2e) radians in degrees, e = 2π · 16u: the most a route moves a colatitude
    /// (`projectedLatitudeDegrees`).
    static let colatitudeCapDegrees = (2 * (2 * Double.pi * relative)).squareRoot() * MercatorMath.degreesPerRadian

    /// Error in pixels of a row given as a latitude in degrees, at `latitude` in a world
    /// `worldWidth` pixels wide: the row's own budget (`rowPixels`), plus the latitude's
    /// `coordinateDegrees` converted at dy/dφ = W / (360° · cos φ) pixels per degree.
    static func rowFromDegreesPixels(worldWidth: Double, latitude: Double) -> Double {
        let cosine = PortableMath.cosine(degrees: Swift.min(abs(latitude), MercatorMath.latitudeLimit))
        return rowPixels(worldWidth: worldWidth, latitude: latitude) + coordinateDegrees * worldWidth / (360 * cosine)
    }

    /// The row budget anywhere strictly inside the poles: `rowPixels` without its cap at the
    /// Mercator limit, 16u·W·(1 + 1/cos²φ). Beyond the band the routes through sin φ or
    /// tanh ψ keep losing u/cos²φ of ψ: 0.3 px at 89.9° at zoom 20 in seed512, 31 px at
    /// 89.99°. A program that clamps or refuses such latitudes is off by far more.
    static func rowPixelsAnywhere(worldWidth: Double, latitude: Double) -> Double {
        let cosine = cosine(ofLatitude: latitude)
        return positionPixels(worldWidth: worldWidth) * (1 + 1 / (cosine * cosine))
    }

    /// cos φ for a latitude in degrees, accurate near the poles: sin of the colatitude,
    /// whose subtraction 90 − |φ| is exact from 45° on (Sterbenz).
    static func cosine(ofLatitude latitude: Double) -> Double {
        let magnitude = Swift.min(abs(latitude), 90)
        return magnitude < 45 ? PortableMath.cosine(degrees: magnitude) : PortableMath.sine(degrees: 90 - magnitude)
    }
}
