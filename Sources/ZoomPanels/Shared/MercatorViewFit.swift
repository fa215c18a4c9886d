import Foundation
import MercatorCore

/// A fit as a static-map renderer makes it: the zoom sized by pixels (the points' extent in
/// Mercator rows, padded × 1.15), the view's rows centred on a centre row, the answer being
/// the view read as a region — its centre and the latitude extent of its rows.
///
/// Worked in ψ = asinh(tan φ), proportional to rows at any zoom: the points span ψs…ψn; the
/// view is ψc ± k with k = 1.15 · (ψn − ψs) / 2 (at least `minimumHalfPsi`); its latitude
/// delta is gd(ψc + k) − gd(ψc − k), gd(ψ) = atan(sinh ψ). Longitudes as the core: the
/// shortest arc padded by the documents' rule (× 1.15, at least 0.014°, at most 360°).
enum MercatorViewFit {
    /// The documents' padding: the factor on both extents, the minimum longitude delta.
    static let padding = Capabilities.FitPadding.documents
    /// The smallest half-height in ψ: 1e-4, about 0.0057° at the equator (one point).
    static let minimumHalfPsi = 1e-4

    static func psi(_ latitude: Double) -> Double { asinh(tan(latitude * Double.pi / 180)) }
    static func gd(_ psi: Double) -> Double { atan(sinh(psi)) * 180 / Double.pi }

    /// The same view as a static map image of a fixed width renders it: at the largest whole
    /// zoom (0 at least) at which the image's `imageWidth` points of a 256-px-tile world hold
    /// the padded arc, the image's own longitude extent — above 360° when it is wider than
    /// the world at zoom 0 (320 pt at zoom 0 shows 450°: the world repeats).
    static func image(_ points: [Coordinate], imageWidth: Double = 320) -> Region {
        var region = region(points, centredOnDegreeMidpoint: false)
        let needed = region.span.longitudeDelta
        var zoom = 0.0
        while zoom < 28, 360 * imageWidth / (256 * exp2(zoom + 1)) >= needed { zoom += 1 }
        region.span.longitudeDelta = Swift.max(needed, 360 * imageWidth / (256 * exp2(zoom)))
        return region
    }

    /// The fitted view: centred on the Mercator midpoint of the points' rows (correct), or on
    /// the degree midpoint of their latitudes (the bug: the view is sized for the rows but
    /// placed elsewhere, so the points nearest the pole fall off the image).
    static func region(_ points: [Coordinate], centredOnDegreeMidpoint: Bool) -> Region {
        let latitudes = points.map(\.latitude)
        let south = latitudes.min()!, north = latitudes.max()!
        let half = max(padding.factor * (psi(north) - psi(south)) / 2, minimumHalfPsi)
        let centre = centredOnDegreeMidpoint ? (south + north) / 2 : gd((psi(south) + psi(north)) / 2)
        let centrePsi = psi(centre)
        let arc = LongitudeArc.largestGap(points.map(\.longitude))
        return Region(
            center: Coordinate(latitude: centre, longitude: arc.center),
            span: Span(
                latitudeDelta: gd(centrePsi + half) - gd(centrePsi - half),
                longitudeDelta: padding.paddedDelta(arc.length, atMost: 360)))
    }
}

/// A static-map fit declaring the Mercator-view region reading, on the corrected core.
///
/// - `control-mercator-view` (correct): centred on the Mercator midpoint of the points' rows,
///   every point is on its image. Read as MapKit reads regions (centre ± Δ/2) its poleward
///   points would look uncovered — which is why the reading is declared, and coverage judged
///   in it.
/// - `mutant-fit-degree-midpoint-view`: sized by pixels but centred on the degree midpoint of
///   the points, as two static-map projects did before fixing it upstream: away from the
///   equator the image sits off the points' rows, and markers fall off its edge.
///
/// Neither is in a panel: the control's fits differ from the core's by design (the panel's
/// agreement tests compare fits). Both are checked in `RegionReadingControlTests`.
struct MercatorViewFitRoute: DelegatingMutant {
    /// Whether the view is centred on the degree midpoint (the bug).
    let centredOnDegreeMidpoint: Bool
    /// Whether the answer is a fixed-width image at a whole zoom (`MercatorViewFit.image`),
    /// wider than the world for points far apart.
    var asImage = false

    /// The correct control.
    static let control = MercatorViewFitRoute(centredOnDegreeMidpoint: false)
    /// The bug.
    static let degreeMidpoint = MercatorViewFitRoute(centredOnDegreeMidpoint: true)
    /// A correct static-map image: a view wider than the world is valid in this reading.
    static let image = MercatorViewFitRoute(centredOnDegreeMidpoint: false, asImage: true)

    var name: String {
        centredOnDegreeMidpoint
            ? "mutant-fit-degree-midpoint-view" : asImage ? "control-mercator-view-image" : "control-mercator-view"
    }
    var capabilities: Capabilities { Capabilities(fitPadding: nil, regionReading: .mercatorView) }

    func fit(_ points: [Coordinate]) throws(ProjectionError) -> Region {
        try InputPolicy.checkFitPoints(points)
        if asImage { return MercatorViewFit.image(points) }
        return MercatorViewFit.region(points, centredOnDegreeMidpoint: centredOnDegreeMidpoint)
    }

    /// The fit with the validity of its own reading.
    func fitAnswer(_ points: [Coordinate]) throws(ProjectionError) -> RegionAnswer {
        let region = try fit(points)
        return RegionAnswer(region: region, reportedValid: RegionReading.mercatorView.violations(of: region).isEmpty)
    }
}
