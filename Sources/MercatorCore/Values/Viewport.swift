/// The size of a map view: width and height in points, and how many pixels make a point.
///
/// Zoom levels are defined per point: a 256-point tile looks the same size on a 1×, 2× or
/// 3× screen, so spans depend on points only. `pixelsPerPoint` is kept explicit because one
/// zoom getter in the documents (002, comments) multiplies the width by a hidden 2.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// Width of the map view in points (`bounds.size.width`).
    public var widthInPoints: Double
    /// Height of the map view in points (`bounds.size.height`).
    public var heightInPoints: Double
    /// Device pixels per point: 1, 2 or 3 on iOS devices.
    public var pixelsPerPoint: Double

    public init(widthInPoints: Double, heightInPoints: Double, pixelsPerPoint: Double = 1) {
        self.widthInPoints = widthInPoints
        self.heightInPoints = heightInPoints
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// The view ZoomCheck's fits are for: the documents' phone, 320 × 460 points. A `fit`
    /// request carries it (PROTOCOL.md), so that a program fitting into a fixed-aspect view
    /// sizes the region for the same view whether it runs in process or through `exec:`.
    public static let fitView = Viewport(widthInPoints: 320, heightInPoints: 460)

    /// Width in device pixels.
    public var widthInPixels: Double { widthInPoints * pixelsPerPoint }

    public var description: String {
        """
        \(NumberText.shortest(widthInPoints))×\(NumberText.shortest(heightInPoints)) pt \
        @\(NumberText.shortest(pixelsPerPoint))x
        """
    }
}
