import Foundation

/// Coordinate ↔ pixel conversions at any supported zoom, in either convention.
extension WebMercator {
    /// Pixel position of a coordinate on the Mercator map.
    ///
    /// Pixels of the whole world at `zoom` under `convention` (world width
    /// W = `convention.worldWidth(atZoom: zoom)`); x = W (λ + 180) / 360, and
    /// y = W/2 − W ψ(φ) / 2π, with ψ from `MercatorMath` and one fused multiply-add.
    ///
    /// - Parameters:
    ///   - coordinate: Degrees; latitude strictly between -90 and 90, longitude in -180...180.
    ///   - zoom: 0...28, fractional allowed.
    ///   - convention: The pixel space: how wide the world is at `zoom`.
    /// - Throws: `invalidLatitude` for NaN, ±∞ or |φ| ≥ 90; `invalidLongitude` for NaN, ±∞ or
    ///   |λ| > 180; `invalidZoom` outside 0...28.
    ///
    /// Edge cases:
    /// - The equator maps to W/2; ±85.05112877980659° to y = 0 and W; beyond, y leaves the world.
    ///
    /// Accuracy:
    /// - Within a few ulps of the exact value (reference: mpmath at 40 digits), with the scale
    ///   floored at W/2 for y near the top and bottom edges, where y is a difference of two
    ///   numbers near W/2; `MercatorMathTests` and `WebMercatorProjectionTests` state the bound.
    public func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        try InputPolicy.checkProjectable(coordinate)
        try InputPolicy.checkZoom(zoom)
        let world = convention.worldWidth(atZoom: zoom)
        return PixelPoint(
            x: Self.x(longitude: coordinate.longitude, worldWidth: world),
            y: Self.y(latitude: coordinate.latitude, worldWidth: world), zoom: zoom, convention: convention)
    }

    /// Coordinate of a pixel position: the inverse of `project`.
    ///
    /// - Parameter pixel: x within 0...W (the world's width at its zoom and convention); any
    ///   finite y (beyond the world's top and bottom edges lie latitudes past ±85.05°).
    /// - Throws: `invalidLongitude` for x outside 0...W or not finite; `invalidLatitude` for a
    ///   non-finite y; `invalidZoom` outside 0...28.
    ///
    /// Accuracy: lon = (x − W/2)·(360/W) has one rounding at integer zooms (360/W is exact);
    /// latitude within a few ulps (see `MercatorMath`).
    ///
    /// Edge case: a y far beyond the world's edge (|ψ| above about 37.4) gives a latitude
    /// that rounds to ±90 exactly, which `project` then refuses.
    public func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        try InputPolicy.checkPixel(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        return Coordinate(
            latitude: Self.latitude(y: pixel.y, worldWidth: world),
            longitude: Self.longitude(x: pixel.x, worldWidth: world))
    }

    /// x in pixels of a longitude (unvalidated: NaN and ±∞ propagate), for a world `worldWidth` pixels wide.
    public static func x(longitude: Double, worldWidth: Double) -> Double { (longitude + 180) / 360 * worldWidth }

    /// y in pixels of a latitude (unvalidated: ±90° gives ∓∞, NaN propagates), for a world `worldWidth` pixels
    /// wide.
    public static func y(latitude: Double, worldWidth: Double) -> Double {
        let psi = MercatorMath.isometricLatitude(degrees: latitude)
        return (worldWidth / 2).addingProduct(-psi, worldWidth * inverseTwoPi)
    }

    /// Longitude in degrees of x, for a world `worldWidth` pixels wide.
    public static func longitude(x: Double, worldWidth: Double) -> Double { (x - worldWidth / 2) * (360 / worldWidth) }

    /// Latitude in degrees of y, for a world `worldWidth` pixels wide.
    public static func latitude(y: Double, worldWidth: Double) -> Double {
        MercatorMath.latitude(isometric: (worldWidth / 2 - y) * (2 * Double.pi / worldWidth))
    }

    /// 1/(2π), rounded once; scaling it by a power-of-two world width is exact.
    static let inverseTwoPi = 1 / (2 * Double.pi)
}
