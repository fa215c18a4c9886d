import MercatorCore
import PropertyCheck

/// The places where map code breaks, as labels the generators attach and the properties
/// require a share of.
///
/// A stratum is a label with a predicate on a generated value; the generators call the
/// predicates after drawing (``labels(latitude:)`` and the others), which reads no
/// randomness, so the cases a seed generates are the same with the labels as without. Each
/// property declares the strata its generator is designed to reach and a minimum share of each
/// (`CatalogueProperty.requiredStrata`), and the engine fails a run that proves a share under
/// its minimum (`CoverageRequirement`). The shares are derived from the generators' design in
/// ``Design``, never measured from a run.
public enum Strata {
    // MARK: Longitude

    /// Longitudes within 1° of the antimeridian: `|lon| ≥ 179°`.
    public static let nearAntimeridian = "|lon| ≥ 179°"
    /// Longitudes within 4 ulps of ±180° (ulp(180) = 2^-45 °), ±180 itself included.
    public static let atAntimeridian = "lon ±180° within 4 ulps"

    // MARK: Latitude

    /// Latitudes beyond 85°, north or south (the band ends at 85.0511°).
    public static let beyond85 = "|lat| > 85°"
    /// Latitudes within 4 ulps of the band's edge, ±85.05112877980659° (ulp = 2^-46 °).
    public static let bandEdge = "lat band edge in 4 ulps"
    /// Latitudes within 4 ulps of a pole, ±90 itself included.
    public static let pole = "lat pole within 4 ulps"

    // MARK: Zoom

    /// Zoom 0, the whole world in one tile.
    public static let zoomZero = ZoomAndViewportGen.zoomZeroLabel
    /// A whole zoom level.
    public static let integerZoom = "integer zoom"
    /// Zooms 20 and deeper, where single precision is more than a pixel off.
    public static let deepZoom = "zoom ≥ 20"
    /// A zoom between two levels.
    public static let fractionalZoom = "fractional zoom"

    // MARK: Viewport, pixels, fits

    /// A viewport wider, in pixels, than the world at its zoom (256·2^z px in tile256,
    /// 512·2^z in seed512).
    public static let viewportWiderThanWorld = "viewport wider than world"
    /// A place on a tile edge: x or y a multiple of 256 px at the zoom.
    public static let tileEdge = "on a tile edge"
    /// A fit of a single point.
    public static let onePointFit = AnnotationSetGen.singleLabel
    /// A fit whose shortest longitude arc crosses ±180°.
    public static let antimeridianFit = AnnotationSetGen.straddlesLabel

    /// Every stratum, in the order the coverage tables list them.
    public static let all = [
        nearAntimeridian, atAntimeridian, beyond85, bandEdge, pole, zoomZero, integerZoom, deepZoom, fractionalZoom,
        viewportWiderThanWorld, tileEdge, onePointFit, antimeridianFit,
    ]

    /// ulp(180°) = 2^-45: the spacing of doubles just under 180.
    static let antimeridianUlp = 180.0.ulp
    /// ulp of the band's edge (85.05°: 2^-46).
    static let bandEdgeUlp = MercatorMath.latitudeLimit.ulp
    /// ulp(90°) below 90: 2^-46.
    static let poleUlp = 90.0.nextDown.ulp

    // MARK: Predicates

    /// The longitude strata `longitude` falls in.
    public static func labels(longitude: Double) -> [String] {
        let distance = 180 - abs(longitude)
        guard distance <= 1 else { return [] }
        return distance <= 4 * antimeridianUlp ? [nearAntimeridian, atAntimeridian] : [nearAntimeridian]
    }

    /// The latitude strata `latitude` falls in.
    public static func labels(latitude: Double) -> [String] {
        let magnitude = abs(latitude)
        guard magnitude > 85 else { return [] }
        var labels = [beyond85]
        if abs(magnitude - MercatorMath.latitudeLimit) <= 4 * bandEdgeUlp { labels.append(bandEdge) }
        if 90 - magnitude <= 4 * poleUlp { labels.append(pole) }
        return labels
    }

    /// The zoom strata `zoom` falls in.
    public static func labels(zoom: Double) -> [String] {
        guard zoom.isFinite else { return [] }
        var labels = [zoom.rounded(.towardZero) == zoom ? integerZoom : fractionalZoom]
        if zoom == 0 { labels.append(zoomZero) }
        if zoom >= 20 { labels.append(deepZoom) }
        return labels
    }

    /// Whether a pixel coordinate lies on a tile edge: a multiple of 256.
    static func onTileEdge(_ pixel: Double) -> Bool {
        pixel.isFinite && pixel.truncatingRemainder(dividingBy: 256) == 0
    }

    /// The composite strata of a place at a zoom: on a tile edge when its x, (lon + 180)/360 of
    /// the world (IEEE-exact at lon = ±180 and 0), is a multiple of 256 px, or its y is, which
    /// is known without a logarithm at the equator (half the world) and at the band's edges.
    public static func labels(center: Coordinate, world: Double) -> [String] {
        let x = (center.longitude + 180) / 360 * world
        let y: Double? =
            center.latitude == 0
            ? world / 2 : (abs(center.latitude) >= MercatorMath.latitudeLimit ? (center.latitude > 0 ? 0 : world) : nil)
        return onTileEdge(x) || y.map(onTileEdge) == true ? [tileEdge] : []
    }

    /// The composite strata of a span input: a viewport wider than the world at its zoom, a
    /// centre on a tile edge.
    public static func labels(span input: SpanInput) -> [String] {
        let world = input.convention.worldWidth(atZoom: input.zoom)
        var labels = labels(center: input.center, world: world)
        if input.viewport.widthInPixels > world { labels.append(viewportWiderThanWorld) }
        return labels
    }

    /// A pixel x or y in the documents' 2^29-px world: on a tile edge when a multiple of 256.
    public static func labels(pixel: Int) -> [String] { pixel % 256 == 0 ? [tileEdge] : [] }
}
