/// A position in the pixel space of one zoom level and convention.
///
/// x grows eastward from 0 at 180° W; y grows southward from 0 at the top edge of the
/// Mercator world (about 85.0511° N). Both run to `convention.worldWidth(atZoom: zoom)`.
public struct PixelPoint: Hashable, Sendable, CustomStringConvertible {
    /// Pixels from the western edge (180° W).
    public var x: Double
    /// Pixels from the northern edge of the Mercator world.
    public var y: Double
    /// The zoom level whose pixel space this is.
    public var zoom: Double
    /// Which world width the zoom refers to.
    public var convention: ZoomConvention

    public init(x: Double, y: Double, zoom: Double, convention: ZoomConvention) {
        self.x = x
        self.y = y
        self.zoom = zoom
        self.convention = convention
    }

    public var description: String {
        """
        (x \(NumberText.shortest(x)), y \(NumberText.shortest(y))) px at zoom \(NumberText.shortest(zoom)) \
        \(convention)
        """
    }
}
