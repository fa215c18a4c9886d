import Foundation
import MercatorCore

/// The one whole-pixel rounding the catalogue allows, the same in every property that a
/// rounded position can move: the documents round each position to a whole seed512 pixel at
/// zoom 20 (the 2^29-px world; the same world as zoom 21 in tile256). A position may be off
/// by half such a pixel: 0.5 px in the projection properties' pixel space, 0.5 · W / 2^29 px
/// in a world W pixels wide, 180 / 2^29 ° ≈ 3.4e-7° of longitude.
///
/// Why one budget: a property that allows it and one that does not disagree about the same
/// code, and the stricter one's shrinker walks to low zooms, where half a zoom-20 pixel is a
/// few hundred-millionths of a screen point — a counterexample nobody can see. Allowed
/// everywhere, the documents' rounding fails a property only where it is larger than the
/// property's own budget: at high zoom, where it is visible.
enum WholePixelRounding {
    /// The world the documents round in: 2^29 px (seed512 at zoom 20).
    static let roundingWorld = ZoomConvention.seed512.worldWidth(atZoom: 20)
    /// Half a pixel: the most one rounding moves a position, in pixels of `roundingWorld`.
    static let halfPixel = 0.5

    /// The most one rounded position moves, in pixels of a world `worldWidth` pixels wide.
    static func pixels(worldWidth: Double) -> Double { halfPixel * worldWidth / roundingWorld }

    /// The most one rounded position moves in longitude, degrees: 180 / 2^29.
    static let longitudeDegrees = halfPixel * 360 / roundingWorld

    /// The most one rounded position moves in latitude at `latitude`, degrees: cos φ times
    /// the longitude figure.
    static func latitudeDegrees(atLatitude latitude: Double) -> Double {
        longitudeDegrees * PortableMath.cosine(degrees: latitude)
    }
}
