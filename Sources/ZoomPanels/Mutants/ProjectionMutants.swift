import Foundation
import MercatorCore

/// x and y swapped in the returned point (`CGPointMake(y, x)`).
struct ProjectXYSwapped: DelegatingMutant {
    var name: String { "mutant-project-x-y-swapped" }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        var pixel = try core.project(coordinate, zoom: zoom, convention: convention)
        (pixel.x, pixel.y) = (pixel.y, pixel.x)
        return pixel
    }
}

/// A sign error in y: north down (y = W/2 + W·ψ/2π), with the inverse made to match, so
/// round trips still hold while the map is upside down.
struct YNorthDown: DelegatingMutant {
    var name: String { "mutant-y-north-down" }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        var pixel = try core.project(coordinate, zoom: zoom, convention: convention)
        pixel.y = convention.worldWidth(atZoom: zoom) - pixel.y
        return pixel
    }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        var flipped = pixel
        flipped.y = pixel.convention.worldWidth(atZoom: pixel.zoom) - pixel.y
        return try core.unproject(flipped)
    }
}

/// `sin(latitude)` of degrees, the conversion to radians forgotten (a classic of
/// hand-written Mercator code).
struct SinOfDegrees: DelegatingMutant {
    var name: String { "mutant-sin-of-degrees" }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        var pixel = try core.project(coordinate, zoom: zoom, convention: convention)
        let world = convention.worldWidth(atZoom: zoom), sine = sin(coordinate.latitude)
        pixel.y = world / 2 - world / (4 * Double.pi) * log((1 + sine) / (1 - sine))
        return pixel
    }
}

/// y = ln(tan φ) instead of ln(tan(π/4 + φ/2)): NaN south of the equator, −∞ on it.
struct YLnTanPhi: DelegatingMutant {
    var name: String { "mutant-y-ln-tan-phi" }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        var pixel = try core.project(coordinate, zoom: zoom, convention: convention)
        let world = convention.worldWidth(atZoom: zoom)
        pixel.y = world / 2 - world / (2 * Double.pi) * log(tan(coordinate.latitude * Double.pi / 180))
        return pixel
    }
}

/// The documents' single-precision y (`sinf`, `logf` on a `float`) without their `round()`.
struct Float32Y: DelegatingMutant {
    var name: String { "mutant-float32-y" }

    func project(_ coordinate: Coordinate, zoom: Double, convention: ZoomConvention) throws(ProjectionError)
        -> PixelPoint
    {
        var pixel = try core.project(coordinate, zoom: zoom, convention: convention)
        let world = convention.worldWidth(atZoom: zoom)
        let sine = sinf(Float(coordinate.latitude * Double.pi / 180))
        pixel.y = world / 2 - world / (4 * Double.pi) * Double(logf((1 + sine) / (1 - sine)))
        return pixel
    }
}

/// 180 where 360 belongs in the inverse (λ = (x − W/2) · 180 / W): longitudes come back halved.
struct UnprojectXUses180: DelegatingMutant {
    var name: String { "mutant-unproject-x-uses-180" }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        var coordinate = try core.unproject(pixel)
        let world = pixel.convention.worldWidth(atZoom: pixel.zoom)
        coordinate.longitude = (pixel.x - world / 2) * (180 / world)
        return coordinate
    }
}

/// The inverse's latitude left in radians (the final `* 180 / M_PI` dropped).
struct UnprojectLatitudeInRadians: DelegatingMutant {
    var name: String { "mutant-unproject-latitude-in-radians" }

    func unproject(_ pixel: PixelPoint) throws(ProjectionError) -> Coordinate {
        var coordinate = try core.unproject(pixel)
        coordinate.latitude *= Double.pi / 180
        return coordinate
    }
}
