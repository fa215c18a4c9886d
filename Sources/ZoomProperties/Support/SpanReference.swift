import Foundation
import MercatorCore

/// What a viewport shows, computed independently of the corrected core: the closed-form
/// longitude span and the latitudes of the viewport's top and bottom rows.
///
/// y uses ψ in double-double (`AccurateMercator`), and the inverse is the Gudermannian in
/// double-double (`PortableMath`), not the core's formula: no libm, so every figure a span
/// property prints is the same bits on every platform (CI/libm-canary.sh checks that).
struct SpanReference {
    let input: SpanInput
    /// The world's width at the input's zoom and convention, in pixels.
    let world: Double
    /// 360° · width / W: the longitude span before any clamp.
    let longitudeDelta: Double
    /// The centre's row and the latitudes of rows asked for, each computed once.
    private let rows: RowLatitudes

    init(_ input: SpanInput) {
        self.input = input
        world = input.convention.worldWidth(atZoom: input.zoom)
        longitudeDelta = 360 * input.viewport.widthInPoints / world
        rows = RowLatitudes(world: world, centreLatitude: input.center.latitude)
    }

    /// The centre's row, in pixels at the zoom.
    var centerRow: Double { rows.centerRow }

    /// Whether the longitude span needs no clamp at 360°.
    var longitudeUnclamped: Bool { longitudeDelta < 360 }

    /// The latitude extent of rows `centerRow + shift ± height/2`, or nil when those rows leave
    /// the world or the extent, centred on the centre the view then shows (the latitude of row
    /// `centerRow + shift`), would reach past a pole (a clamp binds).
    func latitudeDelta(shiftedBy shift: Double = 0) -> Double? {
        guard let edges = edgeLatitudes(shiftedBy: shift) else { return nil }
        let delta = edges.north - edges.south
        let centre = shift == 0 ? input.center.latitude : rows.latitude(y: centerRow + shift)
        guard centre + delta / 2 <= 90, centre - delta / 2 >= -90 else { return nil }
        return delta
    }

    /// The latitudes in degrees of rows `centerRow + shift ∓ height/2` (the viewport's top and
    /// bottom rows), or nil when those rows leave the world.
    func edgeLatitudes(shiftedBy shift: Double = 0) -> (north: Double, south: Double)? {
        let half = input.viewport.heightInPoints / 2
        let top = centerRow + shift - half, bottom = centerRow + shift + half
        guard top >= 0, bottom <= world else { return nil }
        return (rows.latitude(y: top), rows.latitude(y: bottom))
    }

    /// The latitude extent of a window of rows `height` tall whose middle is row
    /// `centerRow + shift`, its rows clipped to the world, `inset` pixels inside its edges
    /// (0 for an empty window).
    func visibleExtent(shift: Double, height: Double, inset: Double = 0) -> Double {
        let top = Swift.max(inset, centerRow + shift - height / 2)
        let bottom = Swift.min(world - inset, centerRow + shift + height / 2)
        guard top < bottom else { return 0 }
        return rows.latitude(y: top) - rows.latitude(y: bottom)
    }

    /// The shifts in −`pixels`…`pixels` at which `visibleExtent(shift:height:)` takes its
    /// least and greatest values. Between the shifts at which an edge row reaches 0 or W, the
    /// extent is constant (both rows clipped), monotone in the shift (one clipped: the other
    /// edge's latitude moves one way), or unimodal with its peak where the window is centred
    /// on the equator (neither clipped: the latitude of a row is an odd, concave-convex
    /// function of y, and the extent the integral of sech over a window of fixed width). So its
    /// extremes lie at the ends, at those breakpoints, or at the equator-centred shift.
    func extremeShifts(pixels: Double, height: Double, inset: Double = 0) -> [Double] {
        [
            -pixels, 0, pixels, height / 2 + inset - centerRow, world - inset - height / 2 - centerRow,
            world / 2 - centerRow,
        ].filter { $0 >= -pixels && $0 <= pixels }
    }

    /// The least and greatest visible extent of the viewport's rows when the centre row may be
    /// anywhere within `pixels` of the exact one and each edge row within `pixels` of where it
    /// then lies (`MapPixel`: whole pixels, rounded or floored). The extent grows with the
    /// window, and any window those moves make lies inside one `height + 2·pixels` tall whose
    /// middle is within `pixels` of the centre row, and holds one `height − 2·pixels` tall whose
    /// middle is within `pixels` of it: so the extremes are those of the two extreme windows,
    /// over their extreme shifts.
    func visibleExtentRange(pixels: Double) -> (low: Double, high: Double) {
        let height = input.viewport.heightInPoints
        let narrow = height - 2 * pixels, wide = height + 2 * pixels
        // An edge clipped to the world's edge may itself be snapped to a whole pixel inside it
        // (W is fractional at a fractional zoom): the narrow window is clipped a pixel inside.
        return (
            extremeShifts(pixels: pixels, height: narrow, inset: pixels).map {
                visibleExtent(shift: $0, height: narrow, inset: pixels)
            }.min()!, extremeShifts(pixels: pixels, height: wide).map { visibleExtent(shift: $0, height: wide) }.max()!
        )
    }

    /// Degrees of latitude per pixel at a latitude: 360 · cos φ / W.
    func degreesPerPixel(atLatitude latitude: Double) -> Double { 360 * PortableMath.cosine(degrees: latitude) / world }

    /// y in pixels of a latitude in a world `world` pixels wide, in double-double
    /// (`AccurateMercator`: no libm, so the same bits on every platform).
    static func y(latitude: Double, world: Double) -> Double { AccurateMercator.y(latitude: latitude, world: world) }

    /// Latitude in degrees of a row y in a world `world` pixels wide, in double-double
    /// (`AccurateMercator`: no libm).
    static func latitude(y: Double, world: Double) -> Double { AccurateMercator.latitude(y: y, world: world) }

    /// The most latitude `pixels` rows either side of row y can move: the latitudes of the
    /// rows themselves, not the slope at y times a pixel (dφ/dy = 360°·cos φ/W grows toward
    /// the equator, by 0.3 % over a pixel at the band's edge at zoom 2).
    static func latitudeReach(ofRow y: Double, pixels: Double, world: Double) -> Double {
        let here = latitude(y: y, world: world)
        return Swift.max(
            abs(latitude(y: y - pixels, world: world) - here), abs(latitude(y: y + pixels, world: world) - here))
    }
}

/// The centre's row of a ``SpanReference`` and the latitudes of the rows its checks ask for,
/// each computed once: a viewport check asks for the same edge rows at several of its shifts
/// and windows (a whole pixel apart), and the row of the centre only when it needs it (most
/// uses read only the world's width). A latitude is the same function of the same row, so the
/// values are those computed afresh, bit for bit.
private final class RowLatitudes {
    let world: Double
    let centreLatitude: Double
    private(set) lazy var centerRow = SpanReference.y(latitude: centreLatitude, world: world)
    /// Rows already asked for and their latitudes, searched by bit pattern.
    private var rows: [(y: UInt64, latitude: Double)] = []

    init(world: Double, centreLatitude: Double) {
        self.world = world
        self.centreLatitude = centreLatitude
    }

    func latitude(y: Double) -> Double {
        let bits = y.bitPattern
        for row in rows where row.y == bits { return row.latitude }
        let latitude = SpanReference.latitude(y: y, world: world)
        if rows.count < 32 { rows.append((bits, latitude)) }
        return latitude
    }
}
