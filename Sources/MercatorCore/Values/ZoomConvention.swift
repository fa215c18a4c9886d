import Foundation

/// How wide the world is at a zoom level: the documents disagree by exactly one level.
///
/// - `seed512`: the blog's pixel space (000, 002). Zoom 20 is 2^29 = 536,870,912 px wide
///   (`MERCATOR_OFFSET` 268,435,456 is half of it), so zoom 0 is a 512-px world.
/// - `tile256`: Google's 256-px tiles and MapKit's map points (`MKMapSizeWorld`, 003).
///   Zoom 20 is 2^28 = 268,435,456 px wide; zoom 0 is one 256-px tile.
///
/// A seed512 zoom z therefore shows what a tile256 map shows at z + 1: the "0-vs-1 base"
/// disagreement of the comments ("zoom levels 1 to 21", "21 − zoomLevel").
public enum ZoomConvention: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case seed512
    case tile256

    /// Width of the whole world at zoom 0, in pixels of this convention.
    public var worldWidthAtZoomZero: Double {
        switch self {
        case .seed512: 512
        case .tile256: 256
        }
    }

    /// Zoom levels this convention is ahead of tile256: 1 for seed512, 0 for tile256.
    public var levelsAboveTile256: Int {
        switch self {
        case .seed512: 1
        case .tile256: 0
        }
    }

    /// Width (and height) of the whole Mercator world at `zoom`, in pixels of this convention.
    ///
    /// `worldWidthAtZoomZero × 2^zoom`; exact for every integer zoom (a power of two times
    /// 256 or 512) and correctly rounded up to `exp2`'s accuracy for fractional ones.
    public func worldWidth(atZoom zoom: Double) -> Double { worldWidthAtZoomZero * PortableMath.exp2(zoom) }

    /// The zoom in `other` that shows the same world width as `zoom` does in this convention.
    ///
    /// seed512 z ↔ tile256 z + 1. Adding or subtracting one level is exact whenever the
    /// result is representable, which holds for every integer and for every zoom in 0...29
    /// that is a multiple of 2^-47 (all zooms a UI produces); otherwise one rounding
    /// (0.5 ulp of the result).
    public func equivalentZoom(_ zoom: Double, in other: ZoomConvention) -> Double {
        zoom + Double(levelsAboveTile256 - other.levelsAboveTile256)
    }

    public var description: String { rawValue }
}
