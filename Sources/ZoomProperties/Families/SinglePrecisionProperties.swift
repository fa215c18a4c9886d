import MercatorCore
import PropertyCheck

/// Family 3: the latitude path against the exact y, in seed512 pixels at zoom 20. Defects:
/// the one-pixel bound is met by any double-precision route; the single-precision bound,
/// looser still and derived from the float roundings, guards the seed port's single-precision error from growing.
enum SinglePrecisionProperties {
    static let all: [CatalogueProperty] = [withinOnePixel, withinEnvelope]

    /// |y(φ) − exact y(φ)| in seed512 px at zoom 20.
    static func error(_ implementation: any ZoomImplementation, _ latitude: Double) throws -> Double {
        let pixel = try CheckSupport.project(implementation, Coordinate(latitude: latitude, longitude: 0))
        return abs(pixel.y - CheckSupport.exactSeedY(latitude))
    }

    static let withinOnePixel = CatalogueProperty.define(
        "y-within-one-pixel", .singlePrecision, .defect, operations: [.project],
        statement: "y(φ) is within 1 px of the exact Mercator y at zoom 20.",
        bound: """
            1 px at zoom 20 seed512 (a pixel may be whole, rounded or floored) + the row budget at the latitude \
            (9.5e-7 px × (1 + 1/cos²φ)) any double route meets: a floored pixel at the band's edge may be −1
            """, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.bandLatitudes }, pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, context in
        let error = try error(implementation, latitude)
        let bound = MapPixel.pixels + CheckSupport.seedRowBudget(atLatitude: latitude)
        context.measure(error, bound: bound, unit: "px of the 2^29-px world")
        try ensure(error <= bound, "y is \(CheckSupport.short(error)) px from the exact value")
    }

    static let withinEnvelope = CatalogueProperty.define(
        "y-error-within-single-precision-bound", .singlePrecision, .defect, operations: [.project],
        statement: """
            |y(φ) − exact y(φ)| at zoom 20 stays within what the documents' single-precision path can lose: from 8 \
            px \
            at the equator to about 800 px at the Mercator limit.
            """,
        bound: """
            derived at φ, not sampled: the float sine's error (argument rounding + 1 ulp of sinf) × (1/(1+s) + \
            1/(1−s)), three float roundings and 1 ulp of logf, all × R/2 px, + 0.5 px for round() and the row \
            budget \
            (SinglePrecisionBound)
            """, coverage: [CoverageRequirement(CoordinateGen.highLatitudeLabel, minimumShare: 0.05)],
        strata: { _ in Strata.Design.bandLatitudes }, pin: { SinglePrecisionClass.latitudeBand($0) },
        generator: { _ in CoordinateGen.bandLatitude }
    ) { implementation, latitude, context in
        let error = try error(implementation, latitude)
        let bound = SinglePrecisionBound.pixels(latitude: latitude)
        context.measure(error, bound: bound, unit: "px of the 2^29-px world")
        try ensure(
            error <= bound,
            """
            y is \(CheckSupport.short(error)) px from exact, over the \(CheckSupport.short(bound)) px the \
            single-precision path can lose at this latitude
            """)
    }
}
