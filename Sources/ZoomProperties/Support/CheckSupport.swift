import Foundation
import MercatorCore
import PropertyCheck

/// What the property checks share: the pixel space they project into, projecting and reading
/// back with the implementation's refusals sorted out, and the seed's row budget. The
/// answers' helpers are in `CheckSupport+Answers.swift`, the shortest-arc oracle in
/// `CheckSupport+ShortestArc.swift`.
enum CheckSupport {
    /// The seed's pixel space: zoom 20 in seed512, a 2^29-px world.
    static let seedWorld = ZoomConvention.seed512.worldWidth(atZoom: 20)
    /// One seed512 pixel at zoom 20, in degrees of longitude: 360 / 2^29 ≈ 6.7e-7°.
    static let seedPixelDegrees = 360 / seedWorld

    /// The pixel space the projection properties use for `implementation`: zoom 20 in
    /// seed512 (the documents'), or zoom 21 in tile256, the same 2^29-px world.
    static func pixelSpace(_ implementation: any ZoomImplementation) -> (zoom: Double, convention: ZoomConvention) {
        implementation.capabilities.pixelSpace
    }

    /// Projects `coordinate` into the 2^29-px world of `pixelSpace`. A latitude at or past the
    /// Mercator band's edge that the program refuses is discarded, not failed
    /// (`mayRefuseToProject`).
    static func project(_ implementation: any ZoomImplementation, _ coordinate: Coordinate) throws -> PixelPoint {
        let space = pixelSpace(implementation)
        return try projectOrDiscard(coordinate, policy: implementation.capabilities.badInput) {
            try implementation.project(coordinate, zoom: space.zoom, convention: space.convention)
        }
    }

    /// `project`'s answer, where refusing a latitude past the band (`mayRefuseToProject`)
    /// discards the case instead of failing it: with `invalid-latitude`, or, under a `badInput`
    /// policy other than `error-codes`, with an answer that is not finite.
    static func projectOrDiscard(
        _ coordinate: Coordinate, policy: Capabilities.BadInputPolicy = .errorCodes, _ body: () throws -> PixelPoint
    ) throws -> PixelPoint {
        do {
            let pixel = try body()
            try assume(
                policy == .errorCodes || pixel.x.isFinite && pixel.y.isFinite
                    || !mayRefuseToProject(coordinate.latitude),
                "a latitude past the Mercator band, which project may refuse")
            return pixel
        } catch let error as ProjectionError {
            try assume(
                !(error.code == "invalid-latitude" && mayRefuseToProject(coordinate.latitude)),
                "a latitude past the Mercator band, which project may refuse")
            if error.code == "unsupported" { throw error }
            throw PropertyFailure("project threw \(error)", signature: .answered(error))
        }
    }

    /// Whether `project` may refuse `latitude`: past the Mercator band ±85.05112877980659°,
    /// where a program may clamp or refuse instead of projecting outside the world, or on the
    /// band's edge within the coordinate budget (its own atan(sinh π), or a latitude its own
    /// unproject gave for the world's edge row, may land an ulp or a few either side).
    static func mayRefuseToProject(_ latitude: Double) -> Bool {
        !(abs(latitude) < MercatorMath.latitudeLimit - ErrorBudget.coordinateDegrees)
    }

    /// The y a program that clamps latitudes past the band writes: the band's edge row (0 in
    /// the north, W in the south). Nil inside the band.
    static func clampedRow(latitude: Double, world: Double) -> Double? {
        guard abs(latitude) > MercatorMath.latitudeLimit - ErrorBudget.coordinateDegrees else { return nil }
        return SpanReference.y(
            latitude: latitude > 0 ? MercatorMath.latitudeLimit : -MercatorMath.latitudeLimit, world: world)
    }

    /// Unprojects a pixel of the 2^29-px world of `pixelSpace`. A refusal (an error, or under a
    /// `badInput` policy other than `error-codes` an answer that is not finite) of an x or a row
    /// on the world's east or south edge W is discarded: W is a computed value, and a program's
    /// own rounding of it may put the edge outside.
    static func unproject(_ implementation: any ZoomImplementation, x: Double, y: Double) throws -> Coordinate {
        let space = pixelSpace(implementation)
        let answer = outcome {
            try implementation.unproject(PixelPoint(x: x, y: y, zoom: space.zoom, convention: space.convention))
        }
        if ReferenceProperties.isRefusal(answer, implementation.capabilities.badInput) {
            let world = space.convention.worldWidth(atZoom: space.zoom), budget = ErrorBudget.relative * world
            try assume(
                !isOnOrJustOutsideTheWorld(x, world: world, budget: budget)
                    && !isOnOrJustOutsideTheWorld(y, world: world, budget: budget),
                """
                a pixel on the world's edge or outside it by at most a whole pixel, where a program's rounding of \
                W, or its whole pixels (floored or rounded) at a point inside the band, may put it
                """)
        }
        return try expectValue("unproject") { try answer.get() }
    }

    /// The error budget of one position in the 2^29-px world (9.5e-7 px).
    static let seedPositionBudget = ErrorBudget.positionPixels(worldWidth: seedWorld)

    /// The error budget of a row at `latitude` in the 2^29-px world (9.5e-7 px × (1 + 1/cos²φ):
    /// 1.9e-6 px at the equator, 1.3e-4 px at the Mercator limit).
    static func seedRowBudget(atLatitude latitude: Double) -> Double {
        ErrorBudget.rowPixels(
            worldWidth: seedWorld, latitude: latitude.isFinite ? latitude : MercatorMath.latitudeLimit)
    }

    /// A reference y of a latitude in seed512 px at zoom 20, computed independently of the
    /// corrected core (which uses libm's `atanh(sin φ)` and `−ln tan(θ/2)`): ψ in double-double
    /// from IEEE-exact operations only (`AccurateMercator`), so the figures it decides — the
    /// boundary of `y-within-one-pixel` to the last digit — are the same on every platform.
    /// Within 1e-7 px of mpmath over the band (its error is below 2^−95 relative).
    static func exactSeedY(_ latitude: Double) -> Double { AccurateMercator.y(latitude: latitude, world: seedWorld) }
}
