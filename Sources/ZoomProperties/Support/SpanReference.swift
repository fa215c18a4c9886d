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
    /// The centre's row and the viewport's top and bottom rows, in pixels at the zoom.
    let centerRow: Double

    init(_ input: SpanInput) {
        self.input = input
        world = input.convention.worldWidth(atZoom: input.zoom)
        longitudeDelta = 360 * input.viewport.widthInPoints / world
        centerRow = Self.y(latitude: input.center.latitude, world: world)
    }

    /// Whether the longitude span needs no clamp at 360°.
    var longitudeUnclamped: Bool { longitudeDelta < 360 }

    /// The latitude extent of rows `centerRow + shift ± height/2`, or nil when those rows leave
    /// the world or the extent, centred on the centre, would reach past a pole (a clamp binds).
    func latitudeDelta(shiftedBy shift: Double = 0) -> Double? {
        guard let edges = edgeLatitudes(shiftedBy: shift) else { return nil }
        let delta = edges.north - edges.south
        guard input.center.latitude + delta / 2 <= 90, input.center.latitude - delta / 2 >= -90 else { return nil }
        return delta
    }

    /// The latitudes in degrees of rows `centerRow + shift ∓ height/2` (the viewport's top and
    /// bottom rows), or nil when those rows leave the world.
    func edgeLatitudes(shiftedBy shift: Double = 0) -> (north: Double, south: Double)? {
        let half = input.viewport.heightInPoints / 2
        let top = centerRow + shift - half, bottom = centerRow + shift + half
        guard top >= 0, bottom <= world else { return nil }
        return (Self.latitude(y: top, world: world), Self.latitude(y: bottom, world: world))
    }

    /// Degrees of latitude per pixel at a latitude: 360 · cos φ / W.
    func degreesPerPixel(atLatitude latitude: Double) -> Double { 360 * PortableMath.cosine(degrees: latitude) / world }

    /// y in pixels of a latitude in a world `world` pixels wide, in double-double
    /// (`AccurateMercator`: no libm, so the same bits on every platform).
    static func y(latitude: Double, world: Double) -> Double { AccurateMercator.y(latitude: latitude, world: world) }

    /// Latitude in degrees of a row y in a world `world` pixels wide, in double-double
    /// (`AccurateMercator`: no libm).
    static func latitude(y: Double, world: Double) -> Double { AccurateMercator.latitude(y: y, world: world) }
}
